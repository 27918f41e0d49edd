import CGStreamer
import Foundation
import StrataProtocol

/// One media file decoded by GStreamer (docs/video.md): `playbin` demuxes and decodes (hardware
/// decoders where GStreamer ranks them first), video goes to an appsink as NV12 or I420, audio to the audio
/// sink. A thread of its own pulls each decoded frame and hands it to `onFrame` with the monotonic time it
/// is due on screen; bus messages (errors, end of stream once the last frame is handed on, preroll done) go to
/// `onEvent`. Decoding never runs on the app's main thread or the server's.
final class MediaPipeline: @unchecked Sendable {
    enum Event {
        case ready(duration: Double?)
        case failed(String)
        /// The stream ended and its last frame was handed to `onFrame`.
        case endOfStream
    }

    /// A decoded frame: its planes packed as `format` lays them out, its stream time and when it is due.
    struct Frame {
        let width: Int
        let height: Int
        let format: DrawableFormat
        let pts: Double
        /// Monotonic seconds; 0 for a frame shown while paused (a preroll: at once).
        let presentAt: Double
        /// Copies the packed planes into `destination` (`format.byteCount` bytes).
        let copy: (UnsafeMutableRawPointer) -> Void
    }

    private let pipeline: UnsafeMutablePointer<GstElement>
    private let sink: UnsafeMutablePointer<GstElement>
    private let lock = NSLock()
    private var running = true
    private var thread: Thread?
    private var playing = false
    private var looping = false
    private var wantsPreroll = true
    private var loopHandler: gulong = 0
    /// The bus said the stream ended: `.endOfStream` goes out once the sink has handed on its last frame.
    private var endPending = false
    private let uri: String
    /// What GStreamer found no element for (its "missing-plugin" messages).
    private var missingDecoders: [String] = []
    /// The prerolled frame shown last (a new one, after a seek, is shown again).
    private var lastPreroll: PrerollKey?
    private struct PrerollKey: Equatable { let buffer: UInt; let pts: GstClockTime }
    var onFrame: (Frame) -> Void = { _ in }
    var onEvent: (Event) -> Void = { _ in }
    /// Frames are pulled and handed on under this lock, and none while a seek is under way (`seeking`, from
    /// `beginSeek` until the flushing seek has returned): this thread pulls frames apart from GStreamer's
    /// streaming thread, which the flush waits for, so a frame pulled just before a seek would otherwise
    /// reach the player after it forgot the frames it sent (a boundary observer then saw the old time with
    /// the seek's jump counted, and ran for a time the seek jumped over). What is decoded meanwhile waits in
    /// the sink: nothing after the seek is lost.
    private let delivery = NSLock()
    private var seeking = false

    /// The audio sink (`STRATA_AUDIO_SINK`, e.g. "fakesink sync=true" where there is no audio device; default
    /// `autoaudiosink`).
    static var audioSink: String { ProcessInfo.processInfo.environment["STRATA_AUDIO_SINK"] ?? "autoaudiosink" }

    private static let initialised: Void = { gst_init(nil, nil) }()

    init(uri: String) throws {
        _ = Self.initialised
        self.uri = uri
        let quoted = uri.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        // playbin links what the file has (a video with no audio track leaves the audio sink out).
        let description = "playbin uri=\"\(quoted)\" "
            + "video-sink=\"videoconvert ! video/x-raw,format=(string){I420,NV12} ! appsink name=strata-video sync=false max-buffers=2 drop=false enable-last-sample=false\" "
            + "audio-sink=\"\(Self.audioSink)\""
        var error: UnsafeMutablePointer<GError>?
        guard let made = gst_parse_launch(description, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            throw MediaError("the decoding pipeline could not be made: \(message)")
        }
        if let error { g_error_free(error) }
        pipeline = made
        let videoBin = strata_gst_element_property(made, "video-sink")
        defer { strata_gst_unref(videoBin) }
        guard let videoBin, let sink = strata_gst_bin_child(videoBin, "strata-video") else {
            strata_gst_unref(made)
            throw MediaError("the decoding pipeline has no video sink")
        }
        self.sink = sink
        StreamRole.apply(toPlaybin: made)
    }

    deinit {
        lock.withLock { running = false }
        thread.map { _ in } // the thread holds no reference to self once `running` is false
        gst_element_set_state(pipeline, GST_STATE_NULL)
        strata_gst_unref(sink)
        strata_gst_unref(pipeline)
    }

    /// Prerolls (decodes the first frame, paused) and starts the thread that pulls frames and reads the bus.
    func start() {
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        let t = Thread { [weak self] in
            // Named for /proc (top, the video bench): Foundation's `name` does not reach the kernel here.
            strata_name_thread("strata-media")
            while let me = self, me.turn() {}
        }
        t.name = "strata-media"
        thread = t
        t.start()
    }

    /// Stops the thread and the pipeline.
    func stop() {
        lock.withLock { running = false }
        gst_element_set_state(pipeline, GST_STATE_NULL)
    }

    func setPlaying(_ on: Bool) {
        lock.withLock { playing = on; wantsPreroll = !on; if !on { lastPreroll = nil } }
        gst_element_set_state(pipeline, on ? GST_STATE_PLAYING : GST_STATE_PAUSED)
    }

    /// Stops pulling frames until the next `seek` has flushed what was decoded before it: called before the
    /// player forgets the frames it sent. Waits for a frame being pulled or handed on (a turn's 20 ms at most,
    /// and the player's wait for a free buffer).
    func beginSeek() {
        delivery.withLock { seeking = true }
    }

    /// Seeks to `seconds` (frame-exact when `accurate`, else the nearest key frame) at `rate`; no frame is
    /// pulled until the flush is over (`beginSeek`).
    @discardableResult
    func seek(to seconds: Double, accurate: Bool, rate: Double = 1) -> Bool {
        beginSeek()
        lock.withLock { wantsPreroll = !playing; lastPreroll = nil; endPending = false }
        let flags = strata_gst_seek_flags(accurate ? 1 : 0)
        let sought = strata_gst_seek(pipeline, rate, gint64(max(0, seconds) * 1e9), flags) != 0
        delivery.withLock { seeking = false }
        return sought
    }

    /// Loops the stream without a gap: playbin queues the same file again as each pass nears its end
    /// (`about-to-finish`), and the next pass's frames follow on in one timeline.
    func setLooping(_ on: Bool) {
        lock.withLock {
            guard on != looping else { return }
            looping = on
            if on { loopHandler = strata_gst_loop(pipeline, uri) } else { strata_gst_disconnect(pipeline, loopHandler); loopHandler = 0 }
        }
    }

    func setVolume(_ volume: Double, muted: Bool) {
        strata_gst_set_double(pipeline, "volume", volume)
        strata_gst_set_bool(pipeline, "mute", muted ? 1 : 0)
    }

    /// The stream position the pipeline reports (ahead of the screen by the frames decoded ahead).
    var position: Double? {
        var p: gint64 = 0
        return strata_gst_query_position(pipeline, &p) != 0 ? Double(p) / 1e9 : nil
    }

    var duration: Double? {
        var d: gint64 = 0
        return strata_gst_query_duration(pipeline, &d) != 0 && d > 0 ? Double(d) / 1e9 : nil
    }

    /// One turn of the thread: the bus's messages, then a frame if one is decoded (waiting up to 20 ms).
    private func turn() -> Bool {
        guard lock.withLock({ running }) else { return false }
        readBus()
        // Told, and waited, outside the delivery lock: a handler may seek.
        switch pullFrame() {
        case .ended: onEvent(.endOfStream)
        case .wait(let microseconds): usleep(microseconds)
        case .none, .frame: break
        }
        return true
    }

    private enum Pull: Equatable { case none, frame, ended, wait(useconds_t) }

    /// Pulls a decoded frame and hands it on (a prerolled one, while paused, once), under the delivery lock;
    /// nothing while a seek is under way. `.ended` once the sink has handed on the last frame of a stream
    /// that ended.
    private func pullFrame() -> Pull {
        delivery.lock()
        defer { delivery.unlock() }
        guard !seeking else { return .wait(2_000) }
        let (isPlaying, preroll) = lock.withLock { (playing, wantsPreroll) }
        let appSink = strata_gst_app_sink(sink)
        if !isPlaying {
            // Paused: the frame the sink prerolled (after a seek, the new one) is shown at once.
            guard preroll, let sample = gst_app_sink_try_pull_preroll(appSink, 20_000_000) else { return .wait(10_000) }
            defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(sample)) }
            let buffer = gst_sample_get_buffer(sample)
            let key = PrerollKey(buffer: buffer.map { UInt(bitPattern: $0) } ?? 0, pts: buffer.map(strata_gst_buffer_pts) ?? 0)
            guard lock.withLock({ key != lastPreroll }) else { return .none }
            lock.withLock { lastPreroll = key }
            deliver(sample, paused: true)
            return .frame
        }
        guard let sample = gst_app_sink_try_pull_sample(appSink, 20_000_000) else {
            // The sink queues frames (max-buffers): the stream's end is told after the last of them.
            guard lock.withLock({ endPending }), gst_app_sink_is_eos(appSink) != 0 else { return .none }
            lock.withLock { endPending = false }
            return .ended
        }
        deliver(sample, paused: false)
        gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(sample))
        return .frame
    }

    private func readBus() {
        guard let bus = gst_element_get_bus(pipeline) else { return }
        defer { strata_gst_unref(bus) }
        while let message = gst_bus_pop_filtered(bus, strata_gst_message_mask()) {
            defer { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
            switch strata_gst_message_type(message) {
            case GST_MESSAGE_ERROR:
                var text: UnsafeMutablePointer<CChar>?, debug: UnsafeMutablePointer<CChar>?
                strata_gst_parse_error(message, &text, &debug)
                let reason = text.map { String(cString: $0) } ?? "decoding failed"
                let detail = debug.map { String(cString: $0) }
                g_free(text)
                g_free(debug)
                onEvent(.failed(MediaError.describe(reason, detail: detail)))
            case GST_MESSAGE_EOS:
                lock.withLock { endPending = true }
            case GST_MESSAGE_ELEMENT:
                if let missing = strata_gst_missing_plugin(message) {
                    lock.withLock { missingDecoders.append(String(cString: missing)) }
                    g_free(missing)
                }
            case GST_MESSAGE_ASYNC_DONE:
                // Prerolled with no frame: the file has no video stream a decoder here can decode.
                if strata_gst_sink_negotiated(sink) != 0 {
                    onEvent(.ready(duration: duration))
                } else {
                    let missing = lock.withLock { missingDecoders }
                    onEvent(.failed(missing.isEmpty ? "the file has no video stream"
                                    : "no decoder is installed for its video (\(missing.joined(separator: ", ")))"))
                }
            default:
                break
            }
        }
    }

    /// Hands one decoded frame on: its layout checked, its time mapped from the pipeline's clock to the
    /// monotonic clock the server shows frames by.
    private func deliver(_ sample: OpaquePointer, paused: Bool) {
        var layout = StrataVideoLayout()
        guard strata_gst_video_layout(sample, &layout) != 0, let buffer = gst_sample_get_buffer(sample) else { return }
        _ = strata_gst_video_meta(buffer, &layout)
        let (w, h) = (Int(layout.width), Int(layout.height))
        guard w > 0, h > 0, w <= 16384, h <= 16384 else {
            onEvent(.failed("video frames of \(w)x\(h) exceed the largest texture (16384 a side)"))
            return
        }
        let colorimetry = YUVColorimetry(matrix: layout.matrix == STRATA_GST_MATRIX_BT709 ? .bt709 : .bt601,
                                         fullRange: layout.range == STRATA_GST_RANGE_FULL)
        let format: DrawableFormat
        switch layout.format {
        case STRATA_GST_FORMAT_NV12: format = .nv12(colorimetry)
        case STRATA_GST_FORMAT_I420: format = .i420(colorimetry)
        default: return
        }
        let pts = strata_gst_buffer_pts(buffer)
        var presentAt = 0.0
        if !paused, strata_gst_clock_time_is_valid(pts) != 0, let clock = gst_element_get_clock(pipeline) {
            let running = strata_gst_running_time(sample, pts)
            let base = gst_element_get_base_time(pipeline)
            let clockNow = gst_clock_get_time(clock)
            let monotonicNow = MonotonicClock.now()
            strata_gst_unref(clock)
            if strata_gst_clock_time_is_valid(running) != 0 {
                presentAt = monotonicNow + (Double(base) + Double(running) - Double(clockNow)) / 1e9
            }
        }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0, let data = map.data else { return }
        defer { gst_buffer_unmap(buffer, &map) }
        let size = Int(map.size)
        let planes = PlaneCopy(width: w, height: h, format: format, layout: layout, sourceSize: size)
        guard planes.fits else { return }
        let source = UnsafeRawPointer(data)
        onFrame(Frame(width: w, height: h, format: format, pts: strata_gst_clock_time_is_valid(pts) != 0 ? Double(pts) / 1e9 : 0,
                      presentAt: presentAt, copy: { planes.copy(from: source, to: $0) }))
    }
}

/// The error a failed item reports: GStreamer's reason, with the cause named.
struct MediaError: LocalizedError, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
    var errorDescription: String? { description }

    /// GStreamer's message, made specific where its debug detail names the cause.
    static func describe(_ reason: String, detail: String?) -> String {
        guard let detail, !detail.isEmpty else { return reason }
        let lines = detail.split(separator: "\n").map(String.init)
        // A missing decoder is named on a line of its own; otherwise the first line names the element and the
        // cause (the rest is a trace).
        if let missing = lines.first(where: { $0.hasPrefix("Missing decoder:") || $0.hasPrefix("Missing element:") }) {
            return "\(reason) \(missing)"
        }
        return "\(reason) (\(lines.first ?? detail))"
    }
}
