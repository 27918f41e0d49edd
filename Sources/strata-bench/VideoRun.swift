import Foundation
import Strata
import StrataAVFoundation
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Issue 33, acceptance 5: a 1080p30 H.264 clip (made here by GStreamer's x264 encoder: no video is
/// committed) played through `AVPlayer` into an `AVPlayerLayer` filling a real `strata-server` at
/// 1920×1080. Over the playback after its first second it measures the frames the server showed, dropped,
/// repeated and held queued against those the clip's time calls for; the CPU per second of video, split
/// by thread: decoding (this process's GStreamer threads), the client's transfer (the `strata-media`
/// thread copying each frame's planes into shared memory and presenting it), and the server (the upload,
/// the YUV → RGB conversion and the composition, by its threads: the frame loop and llvmpipe's workers);
/// and both processes' memory.
struct VideoRun {
    /// Frames in the clip (30 fps).
    let frames: Int
    static let width = 1920, height = 1080, fps = 30
    /// Playback before this much video time is left out (the pipeline starting, the first frames' uploads).
    static let skipSeconds = 1.0

    struct BenchFailure: Error, CustomStringConvertible { let description: String }

    /// Set once the item played to its end (its notification, on the connection's callback queue).
    final class Ended: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false
        var value: Bool { lock.withLock { ended } }
        func set() { lock.withLock { ended = true } }
    }

    func run() throws -> [String: Any] {
        setenv("STRATA_AUDIO_SINK", "fakesink sync=true", 1) // no audio device here (and the clip has no audio)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-video-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let encodeStart = MonotonicClock.now()
        let clip = try Self.makeClip(frames: frames, in: directory)
        let encodeSeconds = MonotonicClock.now() - encodeStart
        let clipBytes = (try? FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int) ?? 0

        let server = try BenchServer(size: "\(Self.width)x\(Self.height)", name: "video")
        defer { server.stop() }
        let serverPID = server.process.processIdentifier, selfPID = getpid()
        let memoryStart = ["bench": Self.memory(of: selfPID), "server": Self.memory(of: serverPID)]

        // Foundation's Thread.name does not reach the kernel here (`comm` stays the creator's): the threads
        // the connection and the player start are told by their thread ids, new across their creation.
        let mainName = Self.threads(of: selfPID)[Int(selfPID)]?.name ?? ""
        let beforeConnect = Set(Self.threads(of: selfPID).keys)
        let connection = try StrataConnection.connect(socketPath: server.socket)
        let connectionThreads = Set(Self.threads(of: selfPID).filter { !beforeConnect.contains($0.key) && $0.value.name == mainName }.keys)
        defer { connection.close() }
        let ended = Ended()
        let observer = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: nil, queue: nil) { _ in ended.set() }
        defer { NotificationCenter.default.removeObserver(observer) }

        let beforePlayer = Set(Self.threads(of: selfPID).keys)
        let player = AVPlayer(url: clip)
        let playerThreads = Self.threads(of: selfPID).filter { !beforePlayer.contains($0.key) }
        // The player's `strata-media` thread: by name where Foundation names it, else among the threads the
        // player started (GStreamer names its own) those still bearing this process's name: the busiest of
        // them over the playback (it copies every frame; the others wait).
        let named = Set(playerThreads.filter { $0.value.name == "strata-media" }.map(\.key))
        let mediaCandidates = named.isEmpty ? Set(playerThreads.filter { $0.value.name == mainName }.map(\.key)) : named
        guard !mediaCandidates.isEmpty else {
            throw BenchFailure(description: "the player's strata-media thread was not found among the threads it started: \(playerThreads.map { "\($0.key):\($0.value.name)" })")
        }
        let layer = AVPlayerLayer(player: player)
        layer.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        layer.videoGravity = .resize
        connection.attach(layer)
        CATransaction.flush()
        guard let item = player.currentItem else { throw BenchFailure(description: "the player has no item") }
        try Self.waitUntil(timeout: 15, "the item to be ready to play") {
            if item.status == .failed { throw BenchFailure(description: "the item failed: \(item.error.map { "\($0)" } ?? "no reason given")") }
            return item.status == .readyToPlay && layer.isReadyForDisplay
        }
        let duration = item.duration.seconds.isFinite ? item.duration.seconds : Double(frames) / Double(Self.fps)
        let size = item.presentationSize
        let beforePlay = try server.stats()
        let memoryReady = ["bench": Self.memory(of: selfPID), "server": Self.memory(of: serverPID)]

        player.play()
        // The first second left out: measured from the first frame on screen at or after it.
        try Self.waitUntil(timeout: Self.skipSeconds + 10, "the video to reach \(Self.skipSeconds) s") {
            if item.status == .failed { throw BenchFailure(description: "the item failed while playing: \(item.error.map { "\($0)" } ?? "")") }
            return player.currentTime().seconds >= Self.skipSeconds
        }
        let start = Snapshot(server: server, selfPID: selfPID, serverPID: serverPID, videoTime: player.currentTime().seconds)

        // Frames queued on the server, sampled while it plays; then the end of the stream and the last
        // frame shown (nothing left queued).
        var queued: [Double] = []
        var lastStats = start.stats
        let deadline = MonotonicClock.now() + duration * 3 + 15
        while MonotonicClock.now() < deadline {
            if item.status == .failed { throw BenchFailure(description: "the item failed while playing: \(item.error.map { "\($0)" } ?? "")") }
            lastStats = try server.stats()
            let q = Self.drawables(lastStats)["frames_queued"] ?? 0
            if ended.value, q == 0 { break }
            if !ended.value { queued.append(Double(q)) }
            usleep(200_000)
        }
        guard ended.value else { throw BenchFailure(description: "the video did not play to its end within \(Int(duration * 3 + 15)) s") }
        let end = Snapshot(server: server, selfPID: selfPID, serverPID: serverPID, videoTime: player.currentTime().seconds)
        let memoryEnd = ["bench": Self.memory(of: selfPID), "server": Self.memory(of: serverPID)]

        // Per second of video measured.
        let videoSeconds = max(end.videoTime - start.videoTime, 1e-3), wall = end.wall - start.wall
        func perSecond(_ s: Double) -> Double { (s * 1000 / videoSeconds * 10).rounded() / 10 }
        func perWallSecond(_ s: Double) -> Double { (s * 1000 / wall * 10).rounded() / 10 }
        let client = Self.delta(start.selfThreads, end.selfThreads)
        let media = mediaCandidates.max { (client[$0]?.seconds ?? 0) < (client[$1]?.seconds ?? 0) }!
        var decodeByName: [String: Double] = [:], transfer = 0.0, main = 0.0, otherByName: [String: Double] = [:]
        for (tid, t) in client {
            if tid == Int(selfPID) { main += t.seconds }
            else if tid == media { transfer += t.seconds }
            else if mediaCandidates.contains(tid) { otherByName["player's other unnamed threads", default: 0] += t.seconds }
            else if connectionThreads.contains(tid) { otherByName["strata.connection", default: 0] += t.seconds }
            else if let other = Self.otherThread(t.name, processName: mainName) { otherByName[other, default: 0] += t.seconds }
            else { decodeByName[t.name, default: 0] += t.seconds }
        }
        let decode = decodeByName.values.reduce(0, +)
        let clientTotal = end.selfCPU - start.selfCPU
        let serverThreads = Self.delta(start.serverThreads, end.serverThreads)
        var serverByName: [String: Double] = [:]
        for (tid, t) in serverThreads {
            let name = tid == Int(serverPID) ? "main (frame loop)" : t.name.hasPrefix("llvmpipe-") ? "llvmpipe-*" : t.name
            serverByName[name, default: 0] += t.seconds
        }
        let serverTotal = end.serverCPU - start.serverCPU
        serverByName["exited threads"] = max(0, serverTotal - serverThreads.values.reduce(0) { $0 + $1.seconds })

        let d0 = Self.drawables(start.stats), d1 = Self.drawables(end.stats), dp = Self.drawables(beforePlay)
        func counts(_ a: [String: Int], _ b: [String: Int]) -> [String: Int] {
            ["shown": (b["frames_shown"] ?? 0) - (a["frames_shown"] ?? 0), "dropped": (b["frames_dropped"] ?? 0) - (a["frames_dropped"] ?? 0),
             "repeated": (b["frames_repeated"] ?? 0) - (a["frames_repeated"] ?? 0)]
        }
        let rendered = (end.stats["frames_rendered"] as? Int ?? 0) - (start.stats["frames_rendered"] as? Int ?? 0)
        var measuredFrames: [String: Any] = counts(d0, d1)
        measuredFrames["expected"] = Int((videoSeconds * Double(Self.fps)).rounded())
        measuredFrames["queued_while_playing"] = ["mean": queued.isEmpty ? 0 : queued.reduce(0, +) / Double(queued.count), "max": queued.max() ?? 0,
                                                  "samples": queued.count] as [String: Any]
        var wholeFrames: [String: Any] = counts(dp, d1)
        wholeFrames["expected"] = Int((duration * Double(Self.fps)).rounded())
        func top(_ byName: [String: Double], _ n: Int) -> [[String: Any]] {
            byName.sorted { $0.value > $1.value }.prefix(n).map { ["thread": $0.key, "cpu_ms_per_s": perSecond($0.value)] }
        }
        let serverWhole = (after: end.stats, rendered: rendered)
        return [
            "scenario": "video", "size": "\(Self.width)x\(Self.height)",
            "clip": ["codec": "H.264 (x264 ultrafast, tune zerolatency, 8 Mb/s, key frame every 30) in MP4, no audio",
                     "picture": "videotestsrc smpte scrolling 8 px a frame", "frames": frames, "fps": Self.fps,
                     "duration_s": duration, "decoded_size": "\(Int(size.width))x\(Int(size.height))",
                     "bytes": clipBytes, "encode_seconds": (encodeSeconds * 10).rounded() / 10] as [String: Any],
            // Video seconds played per wall second: below 1 when frames reach the server later than their time.
            "measured": ["from_video_s": start.videoTime, "to_video_s": end.videoTime, "video_seconds": videoSeconds, "wall_seconds": wall,
                         "playback_speed": videoSeconds / wall],
            "frames": measuredFrames,
            "frames_whole_playback": wholeFrames,
            "cpu_ms_per_video_second": [
                "decode": perSecond(decode),
                "transfer_client": perSecond(transfer),
                "server_conversion_and_composition": perSecond(serverTotal),
                "client_main_thread": perSecond(main),
                "client_other_strata_threads": perSecond(otherByName.values.reduce(0, +)),
                // Threads that ended during the measurement: their time is in the process's total only.
                "client_exited_threads": perSecond(max(0, clientTotal - client.values.reduce(0) { $0 + $1.seconds })),
                "client_total": perSecond(clientTotal),
                "total": perSecond(clientTotal + serverTotal),
            ],
            "cpu_ms_per_wall_second": ["decode": perWallSecond(decode), "transfer_client": perWallSecond(transfer),
                                       "server_conversion_and_composition": perWallSecond(serverTotal), "client_total": perWallSecond(clientTotal),
                                       "total": perWallSecond(clientTotal + serverTotal), "machine_cores": ProcessInfo.processInfo.activeProcessorCount * 1000,
                                       // Other processes on the machine meanwhile (a build, tests): the run's CPU was shared with them.
                                       "other_processes": perWallSecond(max(0, end.machineCPU - start.machineCPU - clientTotal - serverTotal))],
            "decode_threads_top": top(decodeByName, 6),
            "client_other_threads": top(otherByName, 6),
            "server_threads": top(serverByName, 8),
            "server": [
                "frames_rendered": serverWhole.rendered, "frames_rendered_per_video_second": Double(rendered) / videoSeconds,
                "process_cpu_ms_per_frame_rendered": rendered > 0 ? serverTotal * 1000 / Double(rendered) : 0,
                // The render thread's own figures (its last 1,024 frames: the whole playback and a few frames before it).
                "frame_ms": serverWhole.after["frame_ms"] ?? [:], "server_cpu_ms_per_frame": serverWhole.after["server_cpu_ms_per_frame"] ?? [:],
                "phase_p50_ms": serverWhole.after["phase_p50_ms"] ?? [:],
            ] as [String: Any],
            "memory_mib": ["start (server up, no player)": memoryStart, "ready (first frame decoded)": memoryReady, "end": memoryEnd],
        ]
    }

    /// The CPU times of both processes and their threads, the server's stats, and the video's time, at one moment.
    struct Snapshot {
        let wall: Double
        let videoTime: Double
        let selfCPU: Double, serverCPU: Double
        /// The whole machine's busy CPU seconds so far (/proc/stat: all but idle and iowait).
        let machineCPU: Double
        let selfThreads: [Int: (name: String, seconds: Double)]
        let serverThreads: [Int: (name: String, seconds: Double)]
        let stats: [String: Any]

        init(server: BenchServer, selfPID: Int32, serverPID: Int32, videoTime: Double) {
            self.videoTime = videoTime
            wall = MonotonicClock.now()
            selfThreads = VideoRun.threads(of: selfPID)
            serverThreads = VideoRun.threads(of: serverPID)
            selfCPU = GLRun.cpuSeconds(of: selfPID)
            machineCPU = VideoRun.machineBusySeconds()
            serverCPU = GLRun.cpuSeconds(of: serverPID)
            stats = (try? server.stats()) ?? [:]
        }
    }

    /// The clip: `frames` frames of 1920×1080 at 30 fps, a moving test picture, H.264 in MP4.
    static func makeClip(frames: Int, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("clip-1080p30.mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gst-launch-1.0", "-q",
                             "videotestsrc", "num-buffers=\(frames)", "pattern=smpte", "horizontal-speed=8", "!",
                             "video/x-raw,width=\(width),height=\(height),framerate=\(fps)/1", "!",
                             "x264enc", "speed-preset=ultrafast", "tune=zerolatency", "bitrate=8000", "key-int-max=30", "!",
                             "h264parse", "!", "mp4mux", "!", "filesink", "location=\(url.path)"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            throw BenchFailure(description: "the clip could not be made: gst-launch-1.0 did not start (\(error)); install GStreamer's tools and x264enc (gstreamer1.0-tools, gstreamer1.0-plugins-ugly)")
        }
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard process.terminationStatus == 0, size > 0 else {
            throw BenchFailure(description: "the clip could not be made: gst-launch-1.0 exited \(process.terminationStatus): "
                + String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return url
    }

    /// Polls `condition` every 5 ms until it holds, or throws after `timeout` seconds.
    static func waitUntil(timeout: Double, _ what: String, _ condition: () throws -> Bool) throws {
        let deadline = MonotonicClock.now() + timeout
        while try !condition() {
            guard MonotonicClock.now() < deadline else { throw BenchFailure(description: "timed out after \(Int(timeout)) s waiting for \(what)") }
            usleep(5000)
        }
    }

    /// Each thread of process `pid`: its name (`comm`) and its user plus system CPU seconds so far.
    static func threads(of pid: Int32) -> [Int: (name: String, seconds: Double)] {
        let dir = "/proc/\(pid)/task"
        guard let tids = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [:] }
        let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
        var result: [Int: (name: String, seconds: Double)] = [:]
        for entry in tids {
            guard let tid = Int(entry), let stat = try? String(contentsOfFile: "\(dir)/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            let name = (try? String(contentsOfFile: "\(dir)/\(entry)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            result[tid] = (name, (user + system) / tick)
        }
        return result
    }

    /// Each thread alive at the end: its CPU seconds since the start (all of them for one started since).
    static func delta(_ a: [Int: (name: String, seconds: Double)], _ b: [Int: (name: String, seconds: Double)]) -> [Int: (name: String, seconds: Double)] {
        b.reduce(into: [:]) { r, e in r[e.key] = (e.value.name, e.value.seconds - (a[e.key]?.seconds ?? 0)) }
    }

    /// A thread of this process that is not GStreamer's: Dispatch's workers (`…qos…`, `com.apple.…`), and
    /// others bearing the process's own name or Strata's; nil for the rest (GStreamer's streaming threads,
    /// and the decoder's own threads, which bear the name of the GStreamer thread that started them).
    static func otherThread(_ name: String, processName: String) -> String? {
        if name.contains("qos") || name.hasPrefix("com.apple") || name.hasPrefix("dispatch") { return "dispatch workers" }
        if name == processName || name.hasPrefix("strata") { return name }
        return nil
    }

    /// Busy CPU seconds of all cores since boot: the first line of /proc/stat less idle and iowait.
    static func machineBusySeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return 0 }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return 0 }
        // user nice system idle iowait irq softirq steal (guest time is already in user).
        return (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// VmRSS and VmHWM (the peak) of process `pid`, in MiB.
    static func memory(of pid: Int32) -> [String: Double] {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return [:] }
        var result: [String: Double] = [:]
        for line in status.split(separator: "\n") {
            for (key, name) in [("VmRSS:", "rss"), ("VmHWM:", "peak_rss")] where line.hasPrefix(key) {
                if let kib = Double(line.dropFirst(key.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") { result[name] = (kib / 1024 * 10).rounded() / 10 }
            }
        }
        return result
    }

    /// The server's stats' `drawables` counters.
    static func drawables(_ stats: [String: Any]) -> [String: Int] {
        (stats["drawables"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
    }
}
