#ifndef STRATA_GSTREAMER_STREAM_ROLE_H
#define STRATA_GSTREAMER_STREAM_ROLE_H
#include <gst/gst.h>

// The sound server's stream properties (media.role) on an audio sink, for AVAudioSession's category.

static inline gboolean strata_gst_takes_stream_properties(GstElement *element) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(element), "stream-properties") != NULL;
}

static void strata_gst_role_added(GstBin *bin, GstBin *sub, GstElement *element, gpointer props) {
    (void)bin; (void)sub;
    if (strata_gst_takes_stream_properties(element)) g_object_set(element, "stream-properties", (GstStructure *)props, NULL);
}

/// Sets `media.role` in the stream properties of every element in `sink` that takes them (pulsesink,
/// pipewiresink), now and as elements are added later: autoaudiosink adds the sink it picks on its way to
/// READY. The properties are copied into each element.
static inline void strata_gst_set_stream_role(GstElement *sink, const char *role) {
    GstStructure *props = gst_structure_new("props", "media.role", G_TYPE_STRING, role, NULL);
    if (!GST_IS_BIN(sink)) {
        strata_gst_role_added(NULL, NULL, sink, props);
        gst_structure_free(props);
        return;
    }
    GstIterator *it = gst_bin_iterate_recurse(GST_BIN(sink));
    GValue item = G_VALUE_INIT;
    while (gst_iterator_next(it, &item) == GST_ITERATOR_OK) {
        strata_gst_role_added(NULL, NULL, GST_ELEMENT(g_value_get_object(&item)), props);
        g_value_reset(&item);
    }
    g_value_unset(&item);
    gst_iterator_free(it);
    g_signal_connect_data(sink, "deep-element-added", G_CALLBACK(strata_gst_role_added), props,
                          (GClosureNotify)gst_structure_free, (GConnectFlags)0);
}

/// The media.role in an element's stream properties, freed by the caller with g_free; NULL when none.
static inline char *strata_gst_stream_role(GstElement *element) {
    if (!strata_gst_takes_stream_properties(element)) return NULL;
    GstStructure *props = NULL;
    g_object_get(element, "stream-properties", &props, NULL);
    if (!props) return NULL;
    const char *role = gst_structure_get_string(props, "media.role");
    char *copy = role ? g_strdup(role) : NULL;
    gst_structure_free(props);
    return copy;
}
#endif
