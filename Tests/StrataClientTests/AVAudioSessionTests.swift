import CGStreamer
import Foundation
@testable import StrataAVFoundation
import Testing

extension ClientProcessSuite {
/// Issue 48: AVAudioSession's category as Linux can honour it: the sound server's media.role on the
/// players' audio sink (pulsesink here; with no PulseAudio or PipeWire running it is never started), and
/// "unsupported: NAME" for what Strata cannot do.
@Suite struct AVAudioSessionTests {
    /// The role a playbin made now gives its pulsesink: set at once, and on one added to its sink later (as
    /// autoaudiosink adds the sink it picks).
    static func roles() throws -> (now: String?, later: String?) {
        gst_init(nil, nil)
        func role(_ element: UnsafeMutablePointer<GstElement>) -> String? {
            strata_gst_stream_role(element).map { p in defer { g_free(p) }; return String(cString: p) }
        }
        func playbin(_ sink: String) throws -> (UnsafeMutablePointer<GstElement>, UnsafeMutablePointer<GstElement>) {
            var error: UnsafeMutablePointer<GError>?
            let made = try #require(gst_parse_launch("playbin audio-sink=\"\(sink)\"", &error))
            StreamRole.apply(toPlaybin: made)
            return (made, try #require(strata_gst_element_property(made, "audio-sink")))
        }
        let (first, bin) = try playbin("queue ! pulsesink name=out")
        defer { strata_gst_unref(bin); strata_gst_unref(first) }
        let out = try #require(strata_gst_bin_child(bin, "out"))
        defer { strata_gst_unref(out) }
        let (second, empty) = try playbin("queue ! identity")
        defer { strata_gst_unref(empty); strata_gst_unref(second) }
        let pulse = try #require(gst_element_factory_make("pulsesink", nil))
        #expect(gst_bin_add(UnsafeMutableRawPointer(empty).assumingMemoryBound(to: GstBin.self), pulse) != 0)
        return (role(out), role(pulse))
    }

    @Test func theCategoryBecomesTheStreamRole() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback, mode: .moviePlayback, options: [.mixWithOthers])
        #expect(session.category == .playback && session.mode == .moviePlayback && session.categoryOptions == .mixWithOthers)
        #expect(try Self.roles() == ("video", "video"))
        try session.setCategory(.playback)
        #expect(session.mode == .default && session.categoryOptions == [])
        #expect(try Self.roles() == ("music", "music"))
        try session.setCategory(.ambient, options: .mixWithOthers)
        #expect(try Self.roles() == ("game", "game"))
        try session.setCategory(.soloAmbient, mode: .default, options: [])
        #expect(try Self.roles() == ("game", "game"))
        try session.setActive(true)
        try session.setActive(false, options: .notifyOthersOnDeactivation)
    }

    @Test func whatStrataCannotDoThrowsUnsupported() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback, mode: .spokenAudio, options: .allowBluetoothA2DP)
        let cases: [(AVAudioSession.Category, AVAudioSession.Mode, AVAudioSession.CategoryOptions, String)] = [
            (.record, .default, [], "unsupported: category record"),
            (.playAndRecord, .default, [], "unsupported: category playAndRecord"),
            (.multiRoute, .default, [], "unsupported: category multiRoute"),
            (.playback, .voiceChat, [], "unsupported: mode voiceChat"),
            (.playback, .default, .duckOthers, "unsupported: option duckOthers"),
            (.playback, .default, .interruptSpokenAudioAndMixWithOthers, "unsupported: option interruptSpokenAudioAndMixWithOthers"),
            (.playback, .default, .allowAirPlay, "unsupported: option allowAirPlay"),
            (.playback, .default, .defaultToSpeaker, "unsupported: option defaultToSpeaker"),
        ]
        for (category, mode, options, message) in cases {
            #expect { try session.setCategory(category, mode: mode, options: options) } throws: { "\($0)" == message }
        }
        // Left as they were.
        #expect(session.category == .playback && session.mode == .spokenAudio && session.categoryOptions == .allowBluetoothA2DP)
        #expect(session.streamRole == "music")
    }
}
}
