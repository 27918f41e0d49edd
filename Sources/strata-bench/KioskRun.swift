import Foundation
import Strata
import StrataCafeScreen
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Issue 28: a realistic kiosk screen (`CafeScreen`, the demo's, fitted to 1280×800 by default) on a real `strata-server`,
/// through the client library. It measures:
/// - the first frame: the screen's first commit to the frame that shows it, on a server whose shader
///   cache is cold and on one whose cache is warm, and for 8 later clients showing it alone;
/// - the ring animating alone for at least 1,100 frames: the server's frame time and the pixels it
///   repaints per frame (its `stats` cover the last 1,024 frames), against the ring's own box;
/// - `taps` taps, each starting a spring bounce on the shadowed button and a push transition of the order
///   card while the ring animates, about
///   0.6 s apart at phases spread over the refresh: each tap's commit to the frame that shows it, and
///   the frames meanwhile;
/// - the spinner and the ring animating together (what a loading screen shows).
struct KioskRun {
    let size: String
    let taps: Int

    struct BenchFailure: Error, CustomStringConvertible { let description: String }

    /// The screen's motion cycle: the ring fills in 2 s, the spinner turns in 0.8 s.
    static let loop: CFTimeInterval = 4

    /// Commits the connection sent, and when each was on screen (the server's monotonic clock, which is
    /// this process's `MonotonicClock`).
    final class Presented: @unchecked Sendable {
        private var at: [UInt64: Double] = [:]
        private let lock = NSCondition()

        func record(_ id: UInt64, _ time: Double) {
            lock.lock()
            at[id] = time
            lock.broadcast()
            lock.unlock()
        }

        func wait(for id: UInt64, seconds: Double = 20) throws -> Double {
            let deadline = Date(timeIntervalSinceNow: seconds)
            lock.lock()
            defer { lock.unlock() }
            while at[id] == nil { guard lock.wait(until: deadline) else { break } }
            guard let t = at[id] else { throw BenchFailure(description: "commit \(id) was not shown within \(seconds) s") }
            return t
        }
    }

    /// A connection showing the screen, and what its first commit cost.
    struct Session {
        let connection: StrataConnection
        let screen: CafeScreen
        let presented: Presented
        let firstFrameSeconds: Double
        /// The server's figures right after the first frame (its frame time and phases).
        let firstFrameServer: [String: Any]
    }

    func run() throws -> [String: Any] {
        guard let dims = SizeArgument.parse(size) else { throw BenchFailure(description: "bad size") }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("strata-kiosk-shaders-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let arguments = ["--shader-cache", cache]

        let cold = try BenchServer(size: size, name: "kiosk", arguments: arguments)
        let coldSession = try show(on: cold, width: dims.width, height: dims.height)
        coldSession.connection.close()
        cold.stop()

        // An app started with its server: it commits as soon as the server listens, during the warm-up.
        let early = try BenchServer(size: size, name: "kiosk", arguments: arguments)
        let earlySession = try show(on: early, width: dims.width, height: dims.height, waitingForWarmUp: false)
        earlySession.connection.close()
        early.stop()

        let server = try BenchServer(size: size, name: "kiosk", arguments: arguments)
        defer { server.stop() }
        let session = try show(on: server, width: dims.width, height: dims.height)
        defer { session.connection.close() }
        let outputs = try server.stats()["outputs"] as? [[String: Any]]
        guard let hz = outputs?.first?["refresh_hz"] as? Double, hz > 0 else { throw BenchFailure(description: "no refresh rate in stats") }
        let interval = 1 / hz

        session.screen.startRing(at: CACurrentMediaTime(), loop: Self.loop)
        CATransaction.flush()
        let ring = try framesOf(server, atLeast: 1100)
        let taps = try tapping(session, interval: interval)
        let tapFrames = try server.stats()
        session.screen.startSpinner(at: CACurrentMediaTime(), loop: Self.loop)
        CATransaction.flush()
        let loading = try framesOf(server, atLeast: 1100)

        // Later clients' first frames, the server warm: each shows the screen alone (the first detached).
        session.connection.detach(session.screen.root)
        CATransaction.flush()
        var later: [Double] = []
        for _ in 0..<8 {
            usleep(100_000)
            let fresh = try show(on: server, width: dims.width, height: dims.height)
            later.append(fresh.firstFrameSeconds)
            fresh.connection.close()
        }

        let shownRing = CafeScreen.shown(CafeScreen.ringBox, fittedIn: CGRect(x: 0, y: 0, width: dims.width, height: dims.height))
        let box = shownRing.insetBy(dx: -2, dy: -2) // with the renderer's anti-aliasing margin
        func ms(_ s: [Double]) -> [String: Double] { Percentiles.of(s.map { $0 * 1000 }) }
        return [
            "scenario": "kiosk", "size": size, "refresh_interval_ms": interval * 1000,
            "first_frame_ms": ["cold_shader_cache": coldSession.firstFrameSeconds * 1000, "warm_shader_cache": session.firstFrameSeconds * 1000,
                               "at_server_start": earlySession.firstFrameSeconds * 1000],
            "first_frame_server": ["cold_shader_cache": coldSession.firstFrameServer, "warm_shader_cache": session.firstFrameServer,
                                   "at_server_start": earlySession.firstFrameServer],
            "later_clients_first_frame_ms": ms(later),
            "ring_box_pixels": Int(box.width * box.height),
            "ring": Self.summary(ring),
            "taps": taps.count, "tap_commit_to_screen_ms": ms(taps), "tap_frames": Self.summary(tapFrames),
            "taps_within_two_refreshes": taps.filter { $0 <= 2 * interval }.count,
            "ring_and_spinner": Self.summary(loading),
        ]
    }

    /// Connects, builds the screen, attaches it and waits until it is shown; first waits (2 s at most)
    /// until the server has warmed its renderer up, as a kiosk's app starts after its server, unless
    /// `waitingForWarmUp` is false (an app started with it).
    private func show(on server: BenchServer, width: Int, height: Int, waitingForWarmUp: Bool = true) throws -> Session {
        let waitStart = MonotonicClock.now()
        while waitingForWarmUp, try server.stats()["warmed_up"] as? Bool == false, MonotonicClock.now() < waitStart + 2 { usleep(10_000) }
        let waited = MonotonicClock.now() - waitStart
        let connection = try StrataConnection.connect(socketPath: server.socket)
        let presented = Presented()
        connection.onTransactionPresented = { id, at in presented.record(id, at) }
        let screen = CafeScreen()
        screen.fit(in: CGRect(x: 0, y: 0, width: width, height: height))
        connection.attach(screen.root)
        let sent = MonotonicClock.now()
        CATransaction.flush()
        let first = try presented.wait(for: connection.lastTransactionID) - sent
        let stats = try server.stats()
        let serverSide: [String: Any] = ["frames_rendered": stats["frames_rendered"] ?? 0, "frame_ms": stats["frame_ms"] ?? [:],
                                         "phase_p50_ms": stats["phase_p50_ms"] ?? [:], "waited_for_warm_up_ms": waited * 1000,
                                         "server_start_ms": server.startSeconds * 1000]
        return Session(connection: connection, screen: screen, presented: presented, firstFrameSeconds: first, firstFrameServer: serverSide)
    }

    /// Waits until the server has rendered `count` more frames (60 s at most), then returns its stats:
    /// their frame times and per-frame work cover the last 1,024 frames, so only these.
    private func framesOf(_ server: BenchServer, atLeast count: Int) throws -> [String: Any] {
        let start = try server.stats()["frames_rendered"] as? Int ?? 0
        let deadline = MonotonicClock.now() + 60
        while MonotonicClock.now() < deadline {
            usleep(250_000)
            if try server.stats()["frames_rendered"] as? Int ?? 0 >= start + count { break }
        }
        return try server.stats()
    }

    /// Taps the button: each tap's commit to the frame that shows it.
    private func tapping(_ session: Session, interval: Double) throws -> [Double] {
        var latencies: [Double] = []
        for k in 0..<taps {
            let phase = (Double(k) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            usleep(UInt32((0.55 + phase * interval) * 1e6))
            session.screen.tapped()
            let sent = MonotonicClock.now()
            CATransaction.flush()
            latencies.append(try session.presented.wait(for: session.connection.lastTransactionID) - sent)
        }
        return latencies
    }

    /// The figures of a stretch of frames from the server's stats.
    static func summary(_ stats: [String: Any]) -> [String: Any] {
        let perFrame = stats["per_frame"] as? [String: Any] ?? [:]
        return ["frame_ms": stats["frame_ms"] ?? [:], "server_cpu_ms_per_frame": stats["server_cpu_ms_per_frame"] ?? [:],
                "repainted_pixels": perFrame["repainted_pixels"] ?? [:], "repaint_rects": perFrame["repaint_rects"] ?? [:],
                "offscreen_passes": perFrame["offscreen_passes"] ?? [:], "offscreen_pixels": perFrame["offscreen_pixels"] ?? [:],
                "shadow_blurs": perFrame["shadow_blurs"] ?? [:], "draw_calls": perFrame["draw_calls"] ?? [:],
                "phase_p50_ms": stats["phase_p50_ms"] ?? [:]]
    }
}
