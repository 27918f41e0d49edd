import Foundation
@testable import Strata
import StrataCore
import StrataProtocol
import Testing

/// What a connection told the app about its sessions.
final class SessionEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
    func count(_ prefix: String) -> Int { all.filter { $0.hasPrefix(prefix) }.count }

    init(_ connection: StrataConnection) {
        connection.onServerLost = { [self] reason in add("lost: \(reason)") }
        connection.onReconnect = { [self] in add("reconnected") }
        connection.onError = { [self] reason in add("error: \(reason)") }
    }

    private func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
}

extension ClientProcessSuite {
/// Issue 11, acceptance 5: a client survives its server being killed and started again. The servers are
/// real processes on real sockets, started plain and under socket activation (`RestartableServer`).
@Suite struct ServerRestartTests {
    /// How long after the restarted server listens a restored frame must show. On the wall clock (a restart
    /// is two real processes and a reconnect's real backoff): the backoff's longest wait, 1 s, plus the
    /// restore on a loaded 2-core machine; was "1 s of the kill", which also held the server's start.
    static let restoreWindow = 3.0

    /// A 10 s animation 4.2 s in; the server is SIGKILLed and started again. Within `restoreWindow` of the start the
    /// client's snapshot equals a never-killed witness server's, which runs the same animation with the
    /// same begin time, and shows the step due at that time (so the animation went on from 4.2 s).
    @Test(arguments: [false, true])
    func aRestartedServerShowsWhatANeverKilledOneShows(socketActivated: Bool) throws {
        let server = try RestartableServer(socketActivated: socketActivated)
        defer { server.stop() }
        let witness = try ServerProcess()
        defer { _ = witness.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let events = SessionEvents(connection)

        let begin = CACurrentMediaTime() - 4.2
        let square = SteppingSquare.layer(begin: begin)
        connection.attach(square)
        CATransaction.flush()
        let witnessClient = try InspectorClient(socketPath: witness.socketPath)
        try witnessClient.send(.commit(SteppingSquare.commit(copying: square)))
        #expect(try eventually { SteppingSquare.same(try connection.snapshot().pixels, try witness.snapshot().pixels) })

        server.kill()
        try server.start()
        let restart = CACurrentMediaTime()
        var matched: (seconds: Double, step: Int?, due: Int)?
        while matched == nil, CACurrentMediaTime() < restart + Self.restoreWindow {
            let due = Int(CACurrentMediaTime() - begin)
            if let restored = try? connection.snapshot().pixels, SteppingSquare.same(restored, try witness.snapshot().pixels) {
                matched = (CACurrentMediaTime() - restart, SteppingSquare.step(in: restored), due)
            } else {
                usleep(10_000)
            }
        }
        let found = try #require(matched, "no matching frame within \(Self.restoreWindow) s of the restart; events: \(events.all); log: \(server.log)")
        // The step due when the snapshot was asked for, or the next one if a step boundary passed meanwhile.
        #expect(found.step == found.due || found.step == found.due + 1, "step \(String(describing: found.step)), due \(found.due)")
        #expect(found.due >= 4)
        #expect(eventually { events.count("reconnected") == 1 })
        #expect(events.count("lost") == 1 && events.count("error") == 0, "\(events.all)")
        #expect(connection.isConnected)
    }

    /// The tree, its images (more than one message's 32 descriptors), a mask and the display link's ticks
    /// come back; the app hears that the server was lost and that the session is restored.
    @Test func theWholeSceneAndTheDisplayLinkComeBack() throws {
        let server = try RestartableServer(socketActivated: false)
        defer { server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let events = SessionEvents(connection)

        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.position = CGPoint(x: 80, y: 60)
        // 40 tiles, each showing an image of its own.
        for i in 0..<40 {
            let tile = CALayer()
            tile.frame = CGRect(x: 10 + (i % 10) * 14, y: 10 + (i / 10) * 14, width: 12, height: 12)
            tile.contents = CGImage(width: 1, height: 1, rgba: [UInt8(i * 6), UInt8(255 - i * 6), 200, 255])
            root.addSublayer(tile)
        }
        // A masked layer: only the mask's left half shows.
        let masked = CALayer()
        masked.frame = CGRect(x: 10, y: 80, width: 40, height: 20)
        masked.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        masked.mask = mask
        root.addSublayer(masked)
        connection.attach(root)
        CATransaction.flush()
        let ticks = TickCounter()
        let link = CADisplayLink { _ in ticks.add() }
        link.add(to: connection)
        defer { link.invalidate() }

        #expect(try eventually { pixel(try connection.snapshot().pixels, width: 160, 15, 85) == [255, 255, 0, 255] })
        let before = try connection.snapshot().pixels
        #expect(pixel(before, width: 160, 40, 85) == [0, 0, 0, 255])
        #expect(eventually { ticks.count > 0 })

        server.kill()
        try server.start()
        #expect(eventually(2) { (try? connection.snapshot().pixels).map { SteppingSquare.same($0, before) } ?? false })
        #expect(eventually { events.count("reconnected") == 1 })
        #expect(events.all.first?.hasPrefix("lost: ") == true, "\(events.all)")
        let after = ticks.count
        #expect(eventually { ticks.count > after + 5 }, "the display link ticks again")
        #expect(try connection.stats()["layers"] as? Int == 43)
    }

    /// An animation running across the restart reports its start and its end once each, and the
    /// transaction's completion block runs once, after the end the new server reports.
    @Test func animationEventsArriveOnceAcrossTheRestart() throws {
        let server = try RestartableServer(socketActivated: true)
        defer { server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let events = SessionEvents(connection)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        connection.attach(layer)
        CATransaction.flush()

        let log = EventLog("fade")
        let completions = TickCounter()
        CATransaction.begin()
        CATransaction.setCompletionBlock { completions.add() }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1.5
        fade.delegate = log
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
        #expect(eventually { log.events == ["fade start"] })

        server.kill()
        try server.start()
        #expect(eventually { events.count("reconnected") == 1 })
        #expect(eventually(3) { log.events == ["fade start", "fade stop true"] })
        #expect(eventually { completions.count == 1 })
        usleep(300_000)
        #expect(log.events == ["fade start", "fade stop true"])
        #expect(completions.count == 1)
    }

    /// After `close()` nothing reconnects: the restarted server has no client but the inspector asking.
    @Test func aClosedConnectionDoesNotReconnect() throws {
        let server = try RestartableServer(socketActivated: false)
        defer { server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        let events = SessionEvents(connection)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        connection.attach(layer)
        CATransaction.flush()
        connection.close()

        server.kill()
        try server.start()
        usleep(500_000)
        #expect(try Self.clients(server) == 1)
        #expect(events.all.isEmpty)
        #expect(!connection.isConnected)
        #expect(throws: StrataConnection.ConnectionError.self) { _ = try connection.snapshot() }
    }

    /// A session the server ended because of what the client sent is not restored: the same input would
    /// be refused again. `onError` has the reason.
    @Test func aSessionTheServerRefusedDoesNotReconnect() throws {
        let server = try RestartableServer(socketActivated: false)
        defer { server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let events = SessionEvents(connection)
        // A frame of an unknown message type.
        try LayerLock.with { connection.socket }.send([0, 0, 0, 0, 99, 0])
        #expect(eventually { !connection.isConnected })
        usleep(300_000)
        #expect(events.all == ["error: unknown message type 99"], "\(events.all)")
        #expect(try Self.clients(server) == 1)
        #expect(StrataConnection.current == nil)
    }

    /// `strata play` keeps playing across a restart: the restarted server shows the step a witness
    /// server, playing the same scene since the same moment, shows; play then runs to its end and exits 0.
    @Test(arguments: [false, true])
    func strataPlayKeepsPlayingAcrossARestart(socketActivated: Bool) throws {
        let server = try RestartableServer(socketActivated: socketActivated)
        defer { server.stop() }
        let witness = try ServerProcess()
        defer { _ = witness.stop() }
        let folder = try SceneFolder("strata-restart")
        let scene = try folder.write("steps.json", Self.steppingScene)
        let players = try [server.socketPath, witness.socketPath].map { path in
            try PlayerProcess(["play", scene, "--socket", path, "--duration", "4"])
        }
        #expect(try eventually { SteppingSquare.step(in: try Self.snapshot(server.socketPath)) == 0 })
        // Past the first step on both, so the restored frame shows the animation went on.
        #expect(try eventually { (SteppingSquare.step(in: try Self.snapshot(server.socketPath)) ?? 0) >= 1 })

        server.kill()
        try server.start()
        let restart = CACurrentMediaTime()
        var matched: Int?
        while matched == nil, CACurrentMediaTime() < restart + Self.restoreWindow {
            if let restored = try? Self.snapshot(server.socketPath), let step = SteppingSquare.step(in: restored),
               SteppingSquare.same(restored, try Self.snapshot(witness.socketPath)) {
                matched = step
            } else {
                usleep(10_000)
            }
        }
        #expect(matched.map { $0 >= 1 } == true, "no frame like the witness's within \(Self.restoreWindow) s: \(server.log)")
        let results = players.map { $0.wait() }
        #expect(results[0].status == 0, "\(results[0].output)")
        #expect(results[0].output.contains("reconnected"), "\(results[0].output)")
        #expect(results[1].status == 0, "\(results[1].output)")
    }

    static let steppingScene: String = {
        let xs = (0..<10).map { "[\(SteppingSquare.x(step: $0)),\(SteppingSquare.y)]" }.joined(separator: ",")
        return """
        {"strata":1,"layers":[{"id":"square","bounds":[0,0,20,20],"position":[20,60],"backgroundColor":"#FFFFFF",
          "animations":{"move":{"type":"keyframe","keyPath":"position","values":[\(xs)],"calculationMode":"discrete",
            "keyTimes":[\((0...10).map { "\(Double($0) / 10)" }.joined(separator: ","))],"duration":10}}}]}
        """
    }()

    static func snapshot(_ socketPath: String) throws -> [UInt8] {
        let client = try InspectorClient(socketPath: socketPath)
        let (reply, fds) = try client.request { .snapshotRequest(requestID: $0, output: "") }
        guard case let .snapshot(_, w, h) = reply, let fd = fds.first else { return [] }
        return try SharedPixelBuffer(mapping: fd, byteCount: Int(w * h * 4)).bytes()
    }

    /// The clients the server has, counting the inspector that asks.
    static func clients(_ server: RestartableServer) throws -> Int? {
        let client = try InspectorClient(socketPath: server.socketPath)
        let (reply, _) = try client.request { .statsRequest(requestID: $0) }
        guard case let .stats(_, json) = reply,
              let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        return o["clients"] as? Int
    }
}
}

/// Counts calls from any thread.
final class TickCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
    func add() { lock.lock(); n += 1; lock.unlock() }
}

/// A `strata` CLI process run in the background; `wait()` gives its status and everything it printed.
final class PlayerProcess {
    private let process = Process()
    private let output: URL

    init(_ arguments: [String]) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("strata-player-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let log = try FileHandle(forWritingTo: output)
        process.executableURL = ServerProcess.binDirectory.appendingPathComponent("strata")
        process.arguments = arguments
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    func wait() -> (status: Int32, output: String) {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: output) }
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
