#ifndef STRATA_GSTREAMER_SHIM_H
#define STRATA_GSTREAMER_SHIM_H
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <sys/prctl.h>

// GStreamer's variadic and macro API, as functions Swift can call (StrataAVFoundation's pipeline).

/// Names the calling thread as the kernel shows it (/proc, top): at most 15 bytes.
static inline void strata_name_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }

static inline GstElement *strata_gst_bin_child(GstElement *bin, const char *name) {
    return gst_bin_get_by_name(GST_BIN(bin), name);
}

static inline void strata_gst_set_double(GstElement *element, const char *property, double value) {
    g_object_set(G_OBJECT(element), property, value, NULL);
}

static inline void strata_gst_set_bool(GstElement *element, const char *property, gboolean value) {
    g_object_set(G_OBJECT(element), property, value, NULL);
}

/// An element-valued property (playbin's video-sink), with a reference the caller drops.
static inline GstElement *strata_gst_element_property(GstElement *element, const char *property) {
    GstElement *value = NULL;
    g_object_get(G_OBJECT(element), property, &value, NULL);
    return value;
}

static inline void strata_gst_unref(gpointer object) { if (object) gst_object_unref(object); }

static inline GstAppSink *strata_gst_app_sink(GstElement *element) { return GST_APP_SINK(element); }

static inline GstClockTime strata_gst_buffer_pts(GstBuffer *buffer) { return GST_BUFFER_PTS(buffer); }
static inline gboolean strata_gst_clock_time_is_valid(GstClockTime t) { return GST_CLOCK_TIME_IS_VALID(t); }

static inline GstMessageType strata_gst_message_type(GstMessage *message) { return GST_MESSAGE_TYPE(message); }

/// The error's text and its debug detail, freed by the caller with g_free (either may be NULL).
static inline void strata_gst_parse_error(GstMessage *message, char **text, char **debug) {
    GError *error = NULL;
    gst_message_parse_error(message, &error, debug);
    *text = error ? g_strdup(error->message) : NULL;
    if (error) g_error_free(error);
}

static inline GstMessageType strata_gst_message_mask(void) {
    return (GstMessageType)(GST_MESSAGE_ERROR | GST_MESSAGE_EOS | GST_MESSAGE_ASYNC_DONE | GST_MESSAGE_ELEMENT);
}

/// Whether the element's sink pad has negotiated caps (a stream reached it).
static inline gboolean strata_gst_sink_negotiated(GstElement *element) {
    GstPad *pad = gst_element_get_static_pad(element, "sink");
    if (!pad) return FALSE;
    gboolean has = gst_pad_has_current_caps(pad);
    gst_object_unref(pad);
    return has;
}

/// A "missing-plugin" element message's description (the stream type no installed element handles), freed
/// by the caller with g_free; NULL for any other message.
static inline char *strata_gst_missing_plugin(GstMessage *message) {
    const GstStructure *s = gst_message_get_structure(message);
    if (!s || !gst_structure_has_name(s, "missing-plugin")) return NULL;
    const GValue *detail = gst_structure_get_value(s, "detail");
    if (detail && G_VALUE_HOLDS(detail, GST_TYPE_CAPS)) return gst_caps_to_string(gst_value_get_caps(detail));
    const char *name = gst_structure_get_string(s, "name");
    return g_strdup(name ? name : gst_structure_get_string(s, "type"));
}

static void strata_gst_requeue_uri(GstElement *playbin, gpointer uri) {
    g_object_set(G_OBJECT(playbin), "uri", (const char *)uri, NULL);
}

/// Loops playbin's stream without a gap: as each nears its end ("about-to-finish") the same URI is queued
/// again, and playbin plays it on from where the last frame ends. Returns the handler to disconnect.
static inline gulong strata_gst_loop(GstElement *playbin, const char *uri) {
    return g_signal_connect_data(playbin, "about-to-finish", G_CALLBACK(strata_gst_requeue_uri), g_strdup(uri),
                                 (GClosureNotify)g_free, (GConnectFlags)0);
}

static inline void strata_gst_disconnect(GstElement *element, gulong handler) {
    if (handler) g_signal_handler_disconnect(element, handler);
}

/// A flushing seek's flags: frame-exact (decoding from the key frame before), or to the nearest key frame.
static inline GstSeekFlags strata_gst_seek_flags(gboolean accurate) {
    int flags = GST_SEEK_FLAG_FLUSH | (accurate ? GST_SEEK_FLAG_ACCURATE : (GST_SEEK_FLAG_KEY_UNIT | GST_SEEK_FLAG_SNAP_NEAREST));
    return (GstSeekFlags)flags;
}

static inline gboolean strata_gst_seek(GstElement *pipeline, double rate, gint64 position, GstSeekFlags flags) {
    return gst_element_seek(pipeline, rate, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, position, GST_SEEK_TYPE_NONE, 0);
}

static inline gboolean strata_gst_query_position(GstElement *element, gint64 *position) {
    return gst_element_query_position(element, GST_FORMAT_TIME, position);
}

static inline gboolean strata_gst_query_duration(GstElement *element, gint64 *duration) {
    return gst_element_query_duration(element, GST_FORMAT_TIME, duration);
}

/// The running time of `pts` in the sample's segment (GST_CLOCK_TIME_NONE when outside it).
static inline GstClockTime strata_gst_running_time(GstSample *sample, GstClockTime pts) {
    const GstSegment *segment = gst_sample_get_segment(sample);
    return segment ? gst_segment_to_running_time(segment, GST_FORMAT_TIME, pts) : GST_CLOCK_TIME_NONE;
}

/// A decoded frame's layout from its caps: size, format (GST_VIDEO_FORMAT_NV12 / I420), plane strides and
/// offsets, and colorimetry (matrix, range). FALSE when the caps are not raw video.
typedef struct {
    int width, height, format, matrix, range, planes;
    int stride[4];
    size_t offset[4];
} StrataVideoLayout;

static inline gboolean strata_gst_video_layout(GstSample *sample, StrataVideoLayout *out) {
    GstCaps *caps = gst_sample_get_caps(sample);
    GstVideoInfo info;
    if (!caps || !gst_video_info_from_caps(&info, caps)) return FALSE;
    out->width = GST_VIDEO_INFO_WIDTH(&info);
    out->height = GST_VIDEO_INFO_HEIGHT(&info);
    out->format = GST_VIDEO_INFO_FORMAT(&info);
    out->matrix = info.colorimetry.matrix;
    out->range = info.colorimetry.range;
    out->planes = GST_VIDEO_INFO_N_PLANES(&info);
    for (int i = 0; i < 4; i++) {
        out->stride[i] = GST_VIDEO_INFO_PLANE_STRIDE(&info, i);
        out->offset[i] = GST_VIDEO_INFO_PLANE_OFFSET(&info, i);
    }
    return TRUE;
}

/// The per-plane strides and offsets a buffer carries in its video meta (a decoder's own padding), when it has one.
static inline gboolean strata_gst_video_meta(GstBuffer *buffer, StrataVideoLayout *layout) {
    GstVideoMeta *meta = gst_buffer_get_video_meta(buffer);
    if (!meta) return FALSE;
    layout->planes = meta->n_planes;
    for (guint i = 0; i < meta->n_planes && i < 4; i++) {
        layout->stride[i] = meta->stride[i];
        layout->offset[i] = meta->offset[i];
    }
    return TRUE;
}

static const int STRATA_GST_FORMAT_I420 = GST_VIDEO_FORMAT_I420;
static const int STRATA_GST_FORMAT_NV12 = GST_VIDEO_FORMAT_NV12;
static const int STRATA_GST_MATRIX_BT709 = GST_VIDEO_COLOR_MATRIX_BT709;
static const int STRATA_GST_RANGE_FULL = GST_VIDEO_COLOR_RANGE_0_255;
#endif
