import Foundation
@testable import Strata
import StrataCore
import StrataProtocol
import Testing

/// A stand-in server on a real socket that records what a client sends in each session, and can end a
/// session as a crashed server would (closing the connection without a word).
final class RecordingServer: @unchecked Sendable {
    let socketPath: String
    private let listener: ListeningSocket
    private let lock = NSCondition()
    private var sessions: [[ClientMessage]] = []
    private var dropRequested = false
    private var stopped = false
    private var paused = false

    init() throws {
        socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fake-\(UUID().uuidString.prefix(8)).sock").path
        listener = try ListeningSocket(path: socketPath)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The messages of each session so far (hello included).
    var received: [[ClientMessage]] { lock.lock(); defer { lock.unlock() }; return sessions }

    /// Ends the current session: the connection closes without an `error`, as when a server is killed.
    func dropSession() { lock.lock(); dropRequested = true; lock.broadcast(); lock.unlock() }

    func stop() { lock.lock(); stopped = true; lock.unlock() }

    /// While paused, connections wait in the listening socket's backlog, unanswered (a server starting).
    func pauseAccepting(_ pause: Bool) { lock.lock(); paused = pause; lock.unlock() }

    private var isPaused: Bool { lock.lock(); defer { lock.unlock() }; return paused }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    private func serve() {
        var clientID: UInt32 = 0
        while !isStopped {
            guard !isPaused, let socket = try? listener.accept() else { usleep(5_000); continue }
            clientID += 1
            lock.lock(); sessions.append([]); lock.unlock()
            serveSession(socket, clientID: clientID)
        }
    }

    private func serveSession(_ socket: MessageSocket, clientID: UInt32) {
        while !isStopped {
            var p = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 20)
            lock.lock()
            let drop = dropRequested
            dropRequested = false
            lock.unlock()
            if drop { socket.close(); return }
            guard p.revents != 0 else { continue }
            guard let result = try? socket.fill(), result != .endOfStream else { return }
            while let frame = try? socket.nextFrame(), let message = try? MessageCoding.decodeClient(type: frame.type, body: frame.body) {
                if case .commit(let c) = message { _ = try? socket.takeFDs(Int(c.fdCount)) }
                lock.lock(); sessions[sessions.count - 1].append(message); lock.unlock()
                if case .hello = message {
                    _ = try? socket.enqueue(MessageCoding.encode(ServerMessage.welcome(version: WireFormat.version, clientID: clientID)))
                    _ = try? socket.enqueue(MessageCoding.encode(ServerMessage.outputs([OutputInfo(name: "headless", width: 160, height: 120, refreshHz: 60)])))
                }
            }
        }
    }
}

extension ClientProcessSuite {
/// What a reconnecting client sends, read off the wire: the restored session carries the whole scene with
/// the animations' original begin times; a request on the lost session fails with a clear error.
@Suite struct ServerRestartWireTests {
    static func commits(_ messages: [ClientMessage]) -> [Commit] {
        messages.compactMap { if case .commit(let c) = $0 { c } else { nil } }
    }

    static func animations(_ commits: [Commit]) -> [String: AnimationSpec] {
        var out: [String: AnimationSpec] = [:]
        for c in commits { for case let .addAnimation(_, key, spec) in c.operations { out[key] = spec } }
        return out
    }

    @Test func theRestoredSessionCarriesTheSceneWithItsOriginalBeginTimes() throws {
        let fake = try RecordingServer()
        defer { fake.stop() }
        let connection = try StrataConnection.connect(socketPath: fake.socketPath)
        defer { connection.close() }
        let events = SessionEvents(connection)

        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        let child = CALayer()
        child.contents = CGImage(width: 1, height: 1, rgba: [255, 0, 0, 255])
        root.addSublayer(child)
        // One animation 4 s into its 10 s, one stamped with the commit's time.
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0.0
        slide.toValue = 100.0
        slide.duration = 10
        slide.beginTime = CACurrentMediaTime() - 4
        root.add(slide, forKey: "slide")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 10
        child.add(fade, forKey: "fade")
        connection.attach(root)
        CATransaction.flush()
        #expect(eventually { Self.animations(Self.commits(fake.received.first ?? [])).count == 2 })
        let sent = Self.animations(Self.commits(fake.received[0]))

        fake.dropSession()
        #expect(eventually { fake.received.count == 2 && Self.animations(Self.commits(fake.received[1])).count == 2 })
        let restored = Self.commits(fake.received[1])
        #expect(Self.animations(restored) == sent)
        #expect(sent["fade"]?.timing.beginTime ?? 0 > 0, "stamped at the first commit")
        let ops = restored.flatMap(\.operations)
        #expect(ops.contains(.createLayer(root.layerID)) && ops.contains(.createLayer(child.layerID)))
        #expect(ops.contains(.insertSublayer(parent: root.layerID, child: child.layerID, index: 0)))
        #expect(ops.contains(.attachRoot(root.layerID)))
        #expect(ops.contains { if case .defineImage = $0 { true } else { false } }, "the image is defined again")
        #expect(restored.map(\.fdCount).reduce(0, +) == 1)
        #expect(eventually { events.all.count == 2 })
        #expect(events.all.first?.hasPrefix("lost: server closed the connection") == true && events.all.last == "reconnected",
                "\(events.all)")
    }

    /// Changes committed while the connection is reconnecting (a new root, a new sublayer, an animation
    /// on a layer no tree holds) reach the restored server with the rest; requests fail meanwhile.
    @Test func changesMadeWhileReconnectingReachTheRestoredServer() throws {
        let fake = try RecordingServer()
        defer { fake.stop() }
        let connection = try StrataConnection.connect(socketPath: fake.socketPath)
        defer { connection.close() }
        let events = SessionEvents(connection)
        let root = CALayer()
        connection.attach(root)
        CATransaction.flush()
        #expect(eventually { Self.commits(fake.received.first ?? []).count == 1 })

        fake.pauseAccepting(true)
        fake.dropSession()
        #expect(eventually { events.count("lost") == 1 })
        #expect(!connection.isConnected)
        #expect {
            _ = try connection.snapshot()
        } throws: { error in
            "\(error)".contains("reconnecting")
        }
        let child = CALayer()
        root.addSublayer(child)
        let secondRoot = CALayer()
        connection.attach(secondRoot)
        let loose = CALayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 3.0
        spin.duration = 5
        loose.add(spin, forKey: "spin")
        CATransaction.flush()
        usleep(100_000)
        #expect(fake.received.count == 1, "nothing is sent while no server answers")

        fake.pauseAccepting(false)
        #expect(eventually { events.count("reconnected") == 1 })
        #expect(connection.isConnected)
        let ops = Self.commits(fake.received[1]).flatMap(\.operations)
        for layer in [root, child, secondRoot, loose] { #expect(ops.contains(.createLayer(layer.layerID))) }
        #expect(ops.contains(.insertSublayer(parent: root.layerID, child: child.layerID, index: 0)))
        let attached = ops.compactMap { if case .attachRoot(let id) = $0 { id } else { nil } }
        #expect(attached == [root.layerID, secondRoot.layerID], "roots in attach order")
        #expect(Self.animations(Self.commits(fake.received[1]))["spin"] != nil)
    }

    @Test func aRequestWaitingOnTheLostSessionFailsClearly() throws {
        let fake = try RecordingServer()
        defer { fake.stop() }
        let connection = try StrataConnection.connect(socketPath: fake.socketPath)
        defer { connection.close() }
        let events = SessionEvents(connection)
        // The stand-in never answers; it drops the session once the request is in.
        DispatchQueue.global().async {
            _ = eventually { fake.received.first?.contains { if case .statsRequest = $0 { true } else { false } } == true }
            fake.dropSession()
        }
        let started = CACurrentMediaTime()
        #expect {
            _ = try connection.stats()
        } throws: { error in
            "\(error)".contains("the render server went away before replying")
        }
        #expect(CACurrentMediaTime() - started < 5, "it failed when the session ended, not at the request's timeout")
        #expect(eventually { events.count("reconnected") == 1 })
    }
}
}
