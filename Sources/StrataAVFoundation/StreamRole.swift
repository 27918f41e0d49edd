import CGStreamer
import Foundation

/// The audio session's role on a pipeline's audio sink (`AVAudioSession.streamRole`): pulsesink and
/// pipewiresink take it as their stream's `media.role`; other sinks (ALSA, a fakesink) have no such property
/// and play as before.
enum StreamRole {
    /// Sets the session's role, if it has one, on playbin's audio sink (and the sink autoaudiosink picks later).
    static func apply(toPlaybin playbin: UnsafeMutablePointer<GstElement>) {
        guard let role = AVAudioSession.sharedInstance().streamRole else { return }
        let sink = strata_gst_element_property(playbin, "audio-sink")
        defer { strata_gst_unref(sink) }
        if let sink { strata_gst_set_stream_role(sink, role) }
    }
}
