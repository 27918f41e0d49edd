import Foundation
import Strata
import StrataProtocol
import Testing

/// A process of this package's (`executable` beside the tests) on a server's socket, whose stdout is read as
/// JSON lines: the apps and the shell the end-to-end tests run.
class JSONLineProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var buffer = Data()
    private var parsed: [[String: Any]] = []

    init(_ executable: String, socketPath: String, _ arguments: [String]) throws {
        process.executableURL = ServerProcess.binDirectory.appendingPathComponent(executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["STRATA_SOCKET": socketPath]) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            defer { self.lock.unlock() }
            self.buffer.append(data)
            while let nl = self.buffer.firstIndex(of: 10) {
                let line = self.buffer[self.buffer.startIndex..<nl]
                self.buffer.removeSubrange(self.buffer.startIndex...nl)
                if let o = try? JSONSerialization.jsonObject(with: line) as? [String: Any] { self.parsed.append(o) }
            }
        }
        try process.run()
    }

    deinit { if process.isRunning { process.terminate() } }

    var lines: [[String: Any]] { lock.lock(); defer { lock.unlock() }; return parsed }

    /// Waits (up to `timeout` s) for a line `matching`, and returns it.
    @discardableResult
    func wait(_ timeout: Double = 10, for matching: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let l = lines.first(where: matching) { return l }
            usleep(20_000)
        }
        return nil
    }
}

/// A `strata-input-demo` process: an app with one interactive pad that prints each input event it gets as
/// a JSON line.
final class InputDemoProcess: JSONLineProcess, @unchecked Sendable {
    convenience init(server: ServerProcess, _ arguments: [String]) throws {
        try self.init(socketPath: server.socketPath, arguments)
    }

    init(socketPath: String, _ arguments: [String]) throws {
        try super.init("strata-input-demo", socketPath: socketPath, arguments)
    }

    var events: [[String: Any]] { lines.filter { $0["kind"] != nil } }

    func waitForEvents(_ count: Int, timeout: Double = 10) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, events.count < count { usleep(20_000) }
        return events
    }
}

/// `strata input …` against the server; fails the test when it exits non-zero.
func strataInput(_ server: ServerProcess, _ arguments: [String]) throws {
    let p = Process()
    p.executableURL = ServerProcess.binDirectory.appendingPathComponent("strata")
    p.arguments = ["input"] + arguments + ["--socket", server.socketPath]
    let err = Pipe()
    p.standardError = err
    try p.run()
    p.waitUntilExit()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(p.terminationStatus == 0, "strata input \(arguments): \(message)")
}

/// Waits until the server's tree holds at least `layers` layers: their commits are applied, and so (applied
/// at the start of a frame that also records what it shows) on screen for the next input. An app's
/// "ready" line comes when its commit is sent, which a loaded machine may apply a few frames later.
func waitUntilApplied(_ server: ServerProcess, layers: Int, animations: Int = 0, timeout: Double = 10) {
    let deadline = Date().addingTimeInterval(timeout)
    func count(_ node: [String: Any], _ key: String) -> Int {
        (node[key] as? [Any])?.count ?? 0
    }
    while Date() < deadline {
        if let (status, out) = try? ServerProcess.cli(["tree", "--socket", server.socketPath]), status == 0,
           let object = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
           let clients = object["clients"] as? [[String: Any]],
           clients.reduce(0, { $0 + ($1["layers"] as? Int ?? 0) }) >= layers,
           clients.flatMap({ $0["roots"] as? [[String: Any]] ?? [] }).reduce(0, { $0 + count($1, "animations") }) >= animations { return }
        usleep(20_000)
    }
    Issue.record("the server did not apply \(layers) layers and \(animations) animations within \(timeout) s")
}

extension ClientProcessSuite {
/// Input end to end: a real server, app processes, and `strata input` injecting as a device would.
@Suite struct InputEndToEndTests {
    /// On the wall clock: the top app is another process whose main thread really sleeps, which a step of
    /// the virtual clock cannot wait out. Its pad moves slowly and its stall is long (both 2× the idle
    /// machine's 2.4 s margin or more), so a loaded 2-core machine's slow `strata input` still lands in
    /// time; where the tap hit is judged at the event's own time.
    @Test func aTapReachesTheTopClientWhereItsMovingLayerIsShownWhileItsMainThreadIsBlocked() throws {
        let server = try ServerProcess(size: "320x240")
        defer { _ = server.stop() }
        let bottom = try InputDemoProcess(server: server, ["--name", "bottom", "--frame", "0,0,320,240", "--seconds", "20"])
        #expect(bottom.wait(for: { $0["ready"] != nil }) != nil)
        // The top app's pad, 200 × 100, moves its centre linearly from (200, 50) to (250, 150) over 8 s; its
        // model is at the end from the start. Its main thread then sleeps 6 s.
        let top = try InputDemoProcess(server: server, ["--name", "top", "--frame", "100,0,200,100", "--move-to", "250,150",
                                                        "--move-duration", "8", "--stall", "6", "--seconds", "20"])
        guard let ready = top.wait(for: { $0["ready"] != nil }), let start = ready["start"] as? Double,
              top.wait(for: { $0["stalling"] != nil }) != nil else {
            Issue.record("the top app did not start")
            return
        }
        waitUntilApplied(server, layers: 2, animations: 1) // both pads, the top one moving
        func origin(at t: Double) -> CGPoint {
            let p = min(1, max(0, (t - start) / 8))
            return CGPoint(x: 200 + 50 * p - 100, y: 50 + 100 * p - 50)
        }
        // Tap where the pad shows now, above its model frame (which starts at y 100): 40 px below its top
        // edge, which moves down 12.5 px/s: the tap is in time while it comes under 4.8 s after the app's start.
        usleep(300_000)
        let shown = origin(at: MonotonicClock.now() + 0.1)
        let tap = CGPoint(x: shown.x + 30, y: shown.y + 40)
        #expect(tap.y < 100, "too late to tap above the model frame")
        try strataInput(server, ["tap", "\(tap.x)", "\(tap.y)"])

        let events = top.waitForEvents(2, timeout: 20) // after the 6 s stall
        guard events.count == 2, let t = events[0]["t"] as? Double, let x = events[0]["x"] as? Double, let y = events[0]["y"] as? Double,
              let delivered = events[0]["delivered"] as? Double else {
            Issue.record("the top app got \(events); lines \(top.lines); bottom \(bottom.events)")
            return
        }
        #expect(events.map { $0["kind"] as? String } == ["touchDown", "touchUp"])
        #expect(events[0]["layer"] as? String == "pad")
        // In the pad's coordinates, where it was drawn when the finger landed (one frame's motion is 0.2 px).
        let expected = CGPoint(x: tap.x - origin(at: t).x, y: tap.y - origin(at: t).y)
        #expect(abs(x - expected.x) < 1.5 && abs(y - expected.y) < 1.5, "got (\(x), \(y)), expected \(expected)")
        // It was delivered once the main thread was free again, long after the touch.
        #expect(top.lines.contains { $0["stalled"] != nil })
        #expect(delivered - t > 0.5)
        #expect(bottom.events.isEmpty)

        // A tap beside the top pad reaches the app beneath, in its coordinates.
        try strataInput(server, ["tap", "20", "200"])
        let below = bottom.waitForEvents(2)
        #expect(below.map { $0["kind"] as? String } == ["touchDown", "touchUp"])
        #expect(below.first?["x"] as? Double == 20 && below.first?["y"] as? Double == 200)
    }

    @Test func aMultiTouchSequenceKeepsItsIdsAndACapturedDragFollowsTheFingerOffTheLayer() throws {
        let server = try ServerProcess(size: "320x240")
        defer { _ = server.stop() }
        let pad = try InputDemoProcess(server: server, ["--name", "pad", "--frame", "0,0,160,240", "--knob", "10,10,40,40", "--seconds", "20"])
        let slider = try InputDemoProcess(server: server, ["--name", "slider", "--frame", "160,0,160,60", "--capture", "--seconds", "20"])
        #expect(pad.wait(for: { $0["ready"] != nil }) != nil)
        #expect(slider.wait(for: { $0["ready"] != nil }) != nil)
        waitUntilApplied(server, layers: 3) // the pad, its knob, the slider

        // Two fingers on the pad, interleaved; the first lands on its (plain) knob.
        try strataInput(server, ["touch", "down", "20", "20", "--id", "4"])
        try strataInput(server, ["touch", "down", "100", "150", "--id", "9"])
        try strataInput(server, ["touch", "move", "110", "160", "--id", "9"])
        try strataInput(server, ["touch", "move", "25", "30", "--id", "4"])
        try strataInput(server, ["touch", "up", "--id", "9"])
        try strataInput(server, ["touch", "up", "--id", "4"])
        let touches = pad.waitForEvents(6)
        #expect(touches.map { "\($0["kind"] as? String ?? "")#\($0["id"] as? Int ?? -1)" }
            == ["touchDown#4", "touchDown#9", "touchMoved#9", "touchMoved#4", "touchUp#9", "touchUp#4"])
        #expect(touches.first?["hit"] as? String == "knob")
        #expect(touches.map { $0["x"] as? Double } == [20, 100, 110, 25, 110, 25])

        // A drag that begins on the capturing slider keeps coming to it off the slider, over the pad.
        try strataInput(server, ["swipe", "200", "30", "40", "200", "--steps", "4", "--duration", "0.2"])
        let drag = slider.waitForEvents(6)
        #expect(drag.map { $0["kind"] as? String } == ["touchDown", "touchMoved", "touchMoved", "touchMoved", "touchMoved", "touchUp"])
        #expect(drag.map { $0["x"] as? Double } == [40, 0, -40, -80, -120, -120])
        #expect(drag.map { $0["y"] as? Double } == [30, 72.5, 115, 157.5, 200, 200])
        #expect(pad.events.count == 6)
    }

    /// Seed D16 driven by a synthetic pan: the app's view takes the touch and scrolls its CAScrollLayer by
    /// the finger's translation (offset = start origin − translation, no clamping), and the server shows
    /// the content where the finger left it.
    @Test func d16ScrollFollowsASyntheticPan() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let queue = DispatchQueue.main // Strata's callbacks run there

        let view = CALayer()
        view.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        view.isInteractive = true
        nonisolated(unsafe) let scroll = CAScrollLayer()
        scroll.frame = view.bounds
        scroll.masksToBounds = true
        view.addSublayer(scroll)
        // 400 × 300 of content: red left of x 200, blue right of it.
        for (x, color) in [(0.0, CGColor(red: 1, green: 0, blue: 0, alpha: 1)), (200.0, CGColor(red: 0, green: 0, blue: 1, alpha: 1))] {
            let half = CALayer()
            half.frame = CGRect(x: x, y: 0, width: 200, height: 300)
            half.backgroundColor = color
            scroll.addSublayer(half)
        }
        nonisolated(unsafe) var start = CGPoint.zero, origin = CGPoint.zero
        nonisolated(unsafe) var offsets: [CGPoint] = []
        view.inputHandler = { e in
            switch e.kind {
            case .touchDown:
                start = e.location
                origin = scroll.bounds.origin
            case .touchMoved, .touchUp:
                scroll.scroll(to: CGPoint(x: origin.x - (e.location.x - start.x), y: origin.y - (e.location.y - start.y)))
                CATransaction.flush()
                offsets.append(scroll.bounds.origin)
            default: break
            }
        }
        connection.attach(view)
        CATransaction.flush()
        usleep(200_000)
        #expect(Self.pixel(try server.snapshot(), x: 110, y: 20) == [255, 0, 0, 255])

        try strataInput(server, ["swipe", "150", "100", "30", "40", "--steps", "4", "--duration", "0.2"])
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, queue.sync(execute: { offsets.count }) < 5 { usleep(20_000) }
        #expect(queue.sync { offsets } == [CGPoint(x: 30, y: 15), CGPoint(x: 60, y: 30), CGPoint(x: 90, y: 45),
                                           CGPoint(x: 120, y: 60), CGPoint(x: 120, y: 60)])
        // Screen x 110 now shows content x 230: blue. Let the server draw the last commit first.
        usleep(200_000)
        #expect(Self.pixel(try server.snapshot(), x: 110, y: 20) == [0, 0, 255, 255])
        #expect(Self.pixel(try server.snapshot(), x: 60, y: 20) == [255, 0, 0, 255])
    }

    /// An event goes to its layer's handler, else the nearest superlayer's, else the connection's; a key
    /// before anything was touched goes to the frontmost app with no layer.
    @Test func eventsBubbleToTheNearestHandlerAndKeysWithoutFocusReachTheConnection() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let queue = DispatchQueue.main // Strata's callbacks run there
        nonisolated(unsafe) let outer = CALayer(), inner = CALayer()
        outer.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        inner.frame = CGRect(x: 40, y: 30, width: 40, height: 40)
        inner.isInteractive = true
        outer.addSublayer(inner)
        nonisolated(unsafe) var got: [String] = []
        func name(_ l: CALayer?) -> String { l === inner ? "inner" : l === outer ? "outer" : l == nil ? "none" : "?" }
        outer.inputHandler = { e in got.append("outer:\(e.kind):\(name(e.layer)):\(e.location.x),\(e.location.y)") }
        connection.inputHandler = { e in got.append("connection:\(e.kind):\(name(e.layer)):\(e.text)") }
        connection.attach(outer)
        CATransaction.flush()
        usleep(200_000)

        try strataInput(server, ["key", "--text", "x"])
        try strataInput(server, ["tap", "50", "40"])
        try strataInput(server, ["tap", "10", "10"])   // outer is not interactive: nowhere
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, queue.sync(execute: { got.count }) < 4 { usleep(20_000) }
        usleep(100_000)
        #expect(queue.sync { got } == ["connection:key:none:x", "connection:key:none:", "outer:touchDown:inner:10.0,10.0",
                                       "outer:touchUp:inner:10.0,10.0"])
    }

    /// Keys go to the focused layer's handler chain; a key it does not take (no handler on the layer or
    /// its superlayers, or the layer released by the app since) reaches the connection's handler.
    @Test func keysTheFocusedLayerDoesNotTakeReachTheConnection() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        var pad: CALayer? = CALayer()
        pad?.frame = CGRect(x: 40, y: 30, width: 40, height: 40)
        pad?.isInteractive = true
        if let pad { root.addSublayer(pad) }
        nonisolated(unsafe) var got: [String] = [] // the handler's, on the main queue
        connection.inputHandler = { e in got.append("connection:\(e.kind):\(e.layer == nil ? "none" : "pad"):\(e.text)") }
        connection.attach(root)
        CATransaction.flush()
        usleep(200_000)
        func count() -> Int { DispatchQueue.main.sync { got.count } }
        // The pad takes the focus; neither it nor the root has a handler.
        try strataInput(server, ["tap", "50", "40"])
        try strataInput(server, ["key", "--text", "a"])
        var deadline = Date().addingTimeInterval(5)
        while Date() < deadline, count() < 4 { usleep(20_000) }
        // The app takes the pad away and lets it go; its release is not sent until the next commit, so the
        // server may still route keys to it.
        pad?.removeFromSuperlayer()
        CATransaction.flush()
        pad = nil
        try strataInput(server, ["key", "--text", "b"])
        deadline = Date().addingTimeInterval(5)
        while Date() < deadline, count() < 6 { usleep(20_000) }
        usleep(100_000)
        #expect(DispatchQueue.main.sync { got } == ["connection:touchDown:pad:", "connection:touchUp:pad:", "connection:key:pad:a",
                                                    "connection:key:pad:", "connection:key:none:b", "connection:key:none:"])
    }

    static func pixel(_ shot: (width: Int, pixels: [UInt8]), x: Int, y: Int) -> [UInt8] {
        let i = (y * shot.width + x) * 4
        return Array(shot.pixels[i..<i + 4])
    }
}
}
