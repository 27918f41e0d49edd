import Foundation
import Strata
import StrataCore
import StrataExamples
import StrataProtocol
import StrataUIKit

/// A screen a user scrolls: a controller whose view holds the scroll view flung, and its rows.
@MainActor
protocol ScrollScreen: UIViewController {
    var scrollView: UIScrollView { get }
    var rowCount: Int { get }
}

extension SettingsController: ScrollScreen {}

/// Issue 52: the settings screen (StrataExamples' `SettingsController`: a scroll view of `rows` rows of
/// switches, sliders, segmented controls and buttons, written as iOS code) at 1280×800 on a real
/// `strata-server`, driven as a user drives it: `flings` flings by injected touches (down, six moves 16 ms
/// apart, up: about 2,800 points a second), alternately up and down, each left to decelerate to rest, then
/// ten animated scrolls (`setContentOffset(_:animated: true)`). It reports the vblanks the server missed while
/// the screen moved (`presented_interval_ms.missed_vblanks` across the run), the intervals between moving
/// frames, the server's CPU per frame and this process's (the app's) CPU per moving frame.
struct SettingsRun {
    let size: String
    let rows: Int
    let flings: Int
    /// The screen scrolled (the settings screen by default; `layout` scrolls a table) and its name in the report.
    var name = "settings"
    var makeScreen: @MainActor @Sendable (Int) -> any ScrollScreen = { SettingsController(rows: $0) }

    struct BenchFailure: Error, CustomStringConvertible { let description: String }

    /// The app's objects, made and used on the main thread (the benchmark's thread only hands them over).
    final class App: @unchecked Sendable {
        var window: UIWindow?
        var controller: (any ScrollScreen)?
    }

    func run() throws -> [String: Any] {
        guard let dims = SizeArgument.parse(size) else { throw BenchFailure(description: "bad size") }
        let server = try BenchServer(size: size, name: name)
        defer { server.stop() }
        let refresh = (try server.stats()["outputs"] as? [[String: Any]])?.first?["refresh_hz"] as? Double ?? 60
        let app = App()
        let rows = rows, socket = server.socket, makeScreen = makeScreen
        try onMain {
            try UIApplication.shared.connect(socketPath: socket)
            let window = UIWindow(frame: UIScreen.main.bounds)
            let controller = makeScreen(rows)
            window.rootViewController = controller
            window.makeKeyAndVisible()
            app.window = window
            app.controller = controller
        }
        defer { _ = try? onMain { UIApplication.shared.connection?.close() } }
        // The first screen drawn (every row's text and controls), then quiet.
        try waitForQuiet(server, seconds: 30)

        let before = try server.stats()
        let cpuStart = (BenchCommand.processCPUSeconds(), GLRun.cpuSeconds(of: server.process.processIdentifier))
        let start = MonotonicClock.now()
        var moving = 0.0
        let x = Double(dims.width) / 2, low = Double(dims.height) * 0.8, high = Double(dims.height) * 0.3
        for i in 0..<flings {
            // Up (the content moves up: a fling towards the end), then down, as a person looks through a list.
            let (from, to) = i % 2 == 0 ? (low, high) : (high, low)
            let began = MonotonicClock.now()
            try fling(server, x: x, from: from, to: to)
            try waitUntil(seconds: 15) { (try? onMain { !(app.controller?.scrollView.isDecelerating ?? false) }) ?? true }
            moving += MonotonicClock.now() - began
        }
        // What the flings alone missed (the acceptance's "real fling"), before the animated scrolls' long jumps.
        let afterFlings = try server.stats()
        for step in 0..<10 {
            let began = MonotonicClock.now()
            try onMain {
                guard let scroll = app.controller?.scrollView else { return }
                let top = CGFloat(step % 5) * scroll.bounds.height * 0.8
                scroll.setContentOffset(CGPoint(x: 0, y: min(top, max(0, scroll.contentSize.height - scroll.bounds.height))), animated: true)
            }
            usleep(450_000) // the 0.3 s scroll and a little
            moving += MonotonicClock.now() - began
        }
        let seconds = MonotonicClock.now() - start
        let cpu = (BenchCommand.processCPUSeconds() - cpuStart.0, GLRun.cpuSeconds(of: server.process.processIdentifier) - cpuStart.1)
        let after = try server.stats()
        func intervals(_ s: [String: Any]) -> [String: Double] { s["presented_interval_ms"] as? [String: Double] ?? [:] }
        let missed = (intervals(after)["missed_vblanks"] ?? 0) - (intervals(before)["missed_vblanks"] ?? 0)
        let missedFlinging = (intervals(afterFlings)["missed_vblanks"] ?? 0) - (intervals(before)["missed_vblanks"] ?? 0)
        let rendered = (after["frames_rendered"] as? Int ?? 0) - (before["frames_rendered"] as? Int ?? 0)
        let movingFrames = max(1, Int((moving * refresh).rounded()))
        let values = try onMain { app.controller.map { ($0.rowCount, $0.scrollView.contentSize.height) } }
        return [
            "scenario": name, "size": size, "rows": values?.0 ?? 0, "content_height_points": Double(values?.1 ?? 0),
            "flings": flings, "animated_scrolls": 10, "seconds": seconds, "moving_seconds": moving,
            "frames_rendered": rendered, "frames_missed": Int(missed), "frames_missed_flinging": Int(missedFlinging),
            "moving_frame_interval_ms": intervals(after),
            "server_cpu_ms_per_frame": after["server_cpu_ms_per_frame"] ?? [:], "server_frame_ms": after["frame_ms"] ?? [:],
            "server_cpu_ms_per_moving_frame": cpu.1 * 1000 / Double(movingFrames),
            "app_cpu_ms_per_moving_frame": cpu.0 * 1000 / Double(movingFrames),
            "strata_cpu_ms_per_moving_frame": (cpu.0 + cpu.1) * 1000 / Double(movingFrames),
            // The server's counters over its last frames (`repainted_pixels`, `scroll_copied_pixels`, …): what a
            // moving frame drew, which tells a frame that moved pixels from one that drew the list again.
            "per_frame": after["per_frame"] ?? [:],
            "server_memory_mib": VideoRun.memory(of: server.process.processIdentifier),
            "client_memory_mib": VideoRun.memory(of: getpid()),
        ]
    }

    /// A flick from `from` to `to` (output pixels, points at scale 1): down, six moves 16 ms apart, up.
    private func fling(_ server: BenchServer, x: Double, from: Double, to: Double) throws {
        func touch(_ kind: InputKind, _ y: Double) throws {
            try server.inspector.inject([InjectedInput(kind: kind, output: "", position: CGPoint(x: x, y: y), touchID: 1)])
        }
        try touch(.touchDown, from)
        for step in 1...6 {
            usleep(16_000)
            try touch(.touchMotion, from + (to - from) * Double(step) / 6)
        }
        try touch(.touchUp, to)
    }

    /// Waits until the server has drawn nothing new for half a second (the screen settled).
    private func waitForQuiet(_ server: BenchServer, seconds: Double) throws {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var last = -1
        while Date() < deadline {
            let rendered = try server.stats()["frames_rendered"] as? Int ?? 0
            if rendered == last, rendered > 0 { return }
            last = rendered
            usleep(500_000)
        }
        throw BenchFailure(description: "the \(name) screen did not settle within \(seconds) s")
    }

    private func waitUntil(seconds: Double, _ done: () -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: seconds)
        usleep(50_000) // the release reaches the app first
        while !done() {
            guard Date() < deadline else { throw BenchFailure(description: "the scroll view did not come to rest within \(seconds) s") }
            usleep(10_000)
        }
    }

    /// Runs `body` on the main thread (the main actor), where the benchmark's main run loop serves it.
    @discardableResult
    private func onMain<T>(_ body: @MainActor () throws -> T) throws -> T {
        nonisolated(unsafe) var outcome: Result<T, Error>?
        DispatchQueue.main.sync { MainActor.assumeIsolated { outcome = Result { try body() } } }
        guard let outcome else { throw BenchFailure(description: "the main thread did not run the app's work") }
        return try outcome.get()
    }
}
