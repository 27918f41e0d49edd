#ifndef STRATA_GSTREAMER_DISCOVERER_H
#define STRATA_GSTREAMER_DISCOVERER_H
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>

// GStreamer's discoverer (gstreamer-pbutils) for AVAsset: what a file holds, read without playing it.

/// A discovered stream's kind: 1 video (or an image), 2 audio, 3 subtitles, 0 anything else (a container).
/// A stream no element parses further (a codec nothing here decodes) is known by its caps' media type.
static inline int strata_gst_stream_kind(GstDiscovererStreamInfo *info) {
    if (GST_IS_DISCOVERER_VIDEO_INFO(info)) return 1;
    if (GST_IS_DISCOVERER_AUDIO_INFO(info)) return 2;
    if (GST_IS_DISCOVERER_SUBTITLE_INFO(info)) return 3;
    if (GST_IS_DISCOVERER_CONTAINER_INFO(info)) return 0;
    GstCaps *caps = gst_discoverer_stream_info_get_caps(info);
    if (!caps) return 0;
    int kind = 0;
    if (gst_caps_get_size(caps) > 0) {
        const char *name = gst_structure_get_name(gst_caps_get_structure(caps, 0));
        if (g_str_has_prefix(name, "video/") || g_str_has_prefix(name, "image/")) kind = 1;
        else if (g_str_has_prefix(name, "audio/")) kind = 2;
        else if (g_str_has_prefix(name, "text/") || g_str_has_prefix(name, "subtitle/")) kind = 3;
    }
    gst_caps_unref(caps);
    return kind;
}

/// The width and height a stream's caps declare (0 where they declare none).
static inline void strata_gst_stream_caps_size(GstDiscovererStreamInfo *info, int *width, int *height) {
    *width = 0;
    *height = 0;
    GstCaps *caps = gst_discoverer_stream_info_get_caps(info);
    if (!caps) return;
    if (gst_caps_get_size(caps) > 0) {
        const GstStructure *s = gst_caps_get_structure(caps, 0);
        if (!gst_structure_get_int(s, "width", width) || !gst_structure_get_int(s, "height", height)) *width = *height = 0;
    }
    gst_caps_unref(caps);
}

static inline GstDiscovererVideoInfo *strata_gst_video_info(GstDiscovererStreamInfo *info) {
    return GST_IS_DISCOVERER_VIDEO_INFO(info) ? GST_DISCOVERER_VIDEO_INFO(info) : NULL;
}

/// The stream's image-orientation tag ("rotate-90", "flip-rotate-0", …), freed by the caller with g_free;
/// NULL when it has none.
static inline char *strata_gst_stream_orientation(GstDiscovererStreamInfo *info) {
    const GstTagList *tags = gst_discoverer_stream_info_get_tags(info);
    gchar *value = NULL;
    if (tags && gst_tag_list_get_string(tags, GST_TAG_IMAGE_ORIENTATION, &value)) return value;
    return NULL;
}

/// The next element of a GList (a macro in glib).
static inline GList *strata_g_list_next(GList *list) { return list ? list->next : NULL; }
#endif
