import CGStreamer
import Foundation
import Strata

/// One file decoded to RGBA frames on request, for AVAssetImageGenerator: `playbin` with video only, into
/// `videoconvert ! videoscale` and an appsink, kept paused; each request is a flushing seek and
/// the frame it prerolls. Every wait is bounded (`timeout`); it runs on the generator's queue, never the
/// caller's thread.
final class FrameGrabber {
    /// The decoded frame's size in pixels, and the turn or flip applied to it after (`ImageTurning`; the
    /// identity: none).
    struct Setup: Equatable {
        let width: Int
        let height: Int
        var turn: CGAffineTransform = .identity
    }

    let setup: Setup
    private let name: String
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let sink: UnsafeMutablePointer<GstElement>
    static let timeout = 10.0

    private static let initialised: Void = { gst_init(nil, nil) }()

    /// Builds the pipeline and prerolls it (throws, naming the file and GStreamer's reason, when it cannot).
    init(url: URL, setup: Setup) throws {
        _ = Self.initialised
        self.setup = setup
        name = url.lastPathComponent
        let uri = url.isFileURL ? url.absoluteURL.absoluteString : url.absoluteString
        let quoted = uri.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let description = "playbin flags=video uri=\"\(quoted)\" video-sink=\"videoconvert ! videoscale ! "
            + "video/x-raw,format=RGBA,width=\(setup.width),height=\(setup.height),pixel-aspect-ratio=1/1 ! "
            + "appsink name=strata-frames sync=false max-buffers=1 enable-last-sample=false\""
        var error: UnsafeMutablePointer<GError>?
        guard let made = gst_parse_launch(description, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            throw MediaError("\(name): the decoding pipeline could not be made: \(message)")
        }
        if let error { g_error_free(error) }
        let videoBin = strata_gst_element_property(made, "video-sink")
        defer { strata_gst_unref(videoBin) }
        guard let videoBin, let sink = strata_gst_bin_child(videoBin, "strata-frames") else {
            strata_gst_unref(made)
            throw MediaError("\(name): the decoding pipeline has no video sink")
        }
        pipeline = made
        self.sink = sink
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        try settle()
        guard strata_gst_sink_negotiated(sink) != 0 else { throw MediaError("\(name): no video stream a decoder here can decode") }
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        strata_gst_unref(sink)
        strata_gst_unref(pipeline)
    }

    /// The frame at `seconds`: frame-exact (the frame whose span holds it) when `accurate`, else the nearest key
    /// frame, taken only if its time is within `window` (else frame-exact after all).
    func frame(at seconds: Double, accurate: Bool, window: ClosedRange<Double>) throws -> (image: CGImage, nanoseconds: UInt64) {
        if !accurate, let got = try grab(at: seconds, accurate: false), window.contains(Double(got.nanoseconds) / 1e9) { return got }
        guard let got = try grab(at: seconds, accurate: true) else {
            throw MediaError("\(name): no frame at \(seconds) s")
        }
        return got
    }

    private func grab(at seconds: Double, accurate: Bool) throws -> (image: CGImage, nanoseconds: UInt64)? {
        guard strata_gst_seek(pipeline, 1, gint64(max(0, seconds) * 1e9), strata_gst_seek_flags(accurate ? 1 : 0)) != 0 else {
            throw MediaError("\(name): GStreamer refused to seek to \(seconds) s")
        }
        try settle()
        guard let sample = gst_app_sink_try_pull_preroll(strata_gst_app_sink(sink), GstClockTime(Self.timeout * 1e9)) else { return nil }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(sample)) }
        guard let buffer = gst_sample_get_buffer(sample) else { return nil }
        let pts = strata_gst_buffer_pts(buffer)
        guard strata_gst_clock_time_is_valid(pts) != 0 else { throw MediaError("\(name): the frame at \(seconds) s has no time") }
        return (try image(sample, buffer), UInt64(pts))
    }

    /// Waits (at most `timeout`) for the pipeline to preroll; throws GStreamer's error if it failed.
    private func settle() throws {
        let result = gst_element_get_state(pipeline, nil, nil, GstClockTime(Self.timeout * 1e9))
        if let error = busError() { throw MediaError("\(name): \(error)") }
        switch result {
        case GST_STATE_CHANGE_FAILURE: throw MediaError("\(name): could not be decoded")
        case GST_STATE_CHANGE_ASYNC: throw MediaError("\(name): no frame decoded within \(Int(Self.timeout)) s")
        default: break
        }
    }

    private func busError() -> String? {
        guard let bus = gst_element_get_bus(pipeline) else { return nil }
        defer { strata_gst_unref(bus) }
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
        var text: UnsafeMutablePointer<CChar>?, debug: UnsafeMutablePointer<CChar>?
        strata_gst_parse_error(message, &text, &debug)
        defer { g_free(text); g_free(debug) }
        return MediaError.describe(text.map { String(cString: $0) } ?? "decoding failed", detail: debug.map { String(cString: $0) })
    }

    /// The sample's RGBA rows (at their stride) as an image of the size asked for.
    private func image(_ sample: OpaquePointer, _ buffer: UnsafeMutablePointer<GstBuffer>) throws -> CGImage {
        var layout = StrataVideoLayout()
        guard strata_gst_video_layout(sample, &layout) != 0 else { throw MediaError("\(name): the frame is not raw video") }
        _ = strata_gst_video_meta(buffer, &layout)
        let (w, h, stride) = (Int(layout.width), Int(layout.height), Int(layout.stride.0))
        let offset = Int(layout.offset.0)
        guard w == setup.width, h == setup.height, stride >= w * 4 else {
            throw MediaError("\(name): the frame is \(w)x\(h), not the \(setup.width)x\(setup.height) asked for")
        }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0, let data = map.data else { throw MediaError("\(name): the frame could not be read") }
        defer { gst_buffer_unmap(buffer, &map) }
        guard offset >= 0, offset + stride * (h - 1) + w * 4 <= Int(map.size) else {
            throw MediaError("\(name): the frame's buffer is smaller than its layout")
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        rgba.withUnsafeMutableBytes { out in
            guard let base = out.baseAddress else { return }
            for row in 0..<h { base.advanced(by: row * w * 4).copyMemory(from: data.advanced(by: offset + row * stride), byteCount: w * 4) }
        }
        let shown = setup.turn == .identity ? (rgba, w, h) : ImageTurning.turn(rgba, width: w, height: h, by: setup.turn)
        guard let image = CGImage(width: shown.1, height: shown.2, rgba: shown.0) else { throw MediaError("\(name): no image of \(shown.1)x\(shown.2)") }
        return image
    }
}
