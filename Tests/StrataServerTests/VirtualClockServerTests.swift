import Foundation
import Logging
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import StrataTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The server's side of the virtual clock: who may step it, and what a step sends, in what order. The
/// sessions sit on socket pairs served by hand (no loop, no wall-clock wait).
@Suite struct VirtualClockServerTests {
    /// A server on a 64 × 48 headless output at 64 Hz (exact vblank times), with one greeted session.
    struct Rig {
        let server: RenderServer
        let session: ClientSession
        let client: MessageSocket
        let display: HeadlessDisplay

        init(virtual: Bool, inspector: Bool) throws {
            display = try HeadlessDisplay(width: 64, height: 48, refreshRate: 64)
            let compositor = try Compositor(display: display)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-vclock-\(UUID().uuidString.prefix(8)).sock").path
            let listener = try ListeningSocket(path: path)
            unlink(path)
            server = RenderServer(compositor: compositor, listener: listener, logger: Logger(label: "test"),
                                  virtualClock: virtual ? VirtualClock() : nil)
            var fds: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw SocketError("socketpair") }
            // The server's end never blocks, as an accepted connection's.
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL, 0) | O_NONBLOCK)
            client = MessageSocket(adopting: fds[0])
            session = ClientSession(socket: MessageSocket(adopting: fds[1]), clientID: 1,
                                    peer: PeerCredentials(pid: getpid(), uid: 4242, gid: 4242), isInspector: inspector, connectedAt: 0)
            session.greeted = true
            server.sessions[session.socket.fd] = session
            compositor.addClient(1)
        }

        /// Sends `message` and has the server read it and run the steps it asked for.
        func send(_ message: ClientMessage) throws {
            try client.send(MessageCoding.encode(message))
            server.service(session)
            server.runPendingSteps()
            _ = try session.socket.flushQueue()
        }

        /// Every message the server has sent the client so far.
        func received() throws -> [ServerMessage] {
            var out: [ServerMessage] = []
            _ = fcntl(client.fd, F_SETFL, fcntl(client.fd, F_GETFL, 0) | O_NONBLOCK)
            while true {
                if let frame = try client.nextFrame() {
                    out.append(try MessageCoding.decodeServer(type: frame.type, body: frame.body))
                    continue
                }
                guard try client.fill() == .data else { return out }
            }
        }
    }

    @Test func onlyAnInspectorMayAdvanceTheClockAndTheRefusalNamesThePermission() throws {
        let rig = try Rig(virtual: true, inspector: false)
        defer { rig.display.releaseCurrent() }
        try rig.send(.advanceClock(requestID: 7, seconds: 0.5))
        let replies = try rig.received()
        guard case let .clockAdvanced(7, now, refusal)? = replies.last else { Issue.record("no answer: \(replies)"); return }
        #expect(now == VirtualClock.start, "no step")
        #expect(refusal.contains("only inspectors may advance the clock") && refusal.contains("inspector-group"))
        #expect(rig.server.virtualClock?.now == VirtualClock.start)
    }

    @Test func aServerOnTheWallClockRefusesToBeAdvanced() throws {
        let rig = try Rig(virtual: false, inspector: true)
        defer { rig.display.releaseCurrent() }
        try rig.send(.advanceClock(requestID: 3, seconds: 1))
        guard case let .clockAdvanced(3, _, refusal)? = try rig.received().last else { Issue.record("no answer"); return }
        #expect(refusal.contains("wall clock") && refusal.contains("--clock virtual"))
    }

    @Test func aStepShowsEachFrameAtItsVBlankAndTellsTheTimeBeforeTheFramesEvents() throws {
        let rig = try Rig(virtual: true, inspector: true)
        defer { rig.display.releaseCurrent() }
        let start = VirtualClock.start, interval = 1 / 64.0
        try rig.send(.commit(Commit(transactionID: 5, operations: TestOperations.square(1, CGRect(x: 0, y: 0, width: 8, height: 8)) + [.attachRoot(1)])))
        try rig.send(.advanceClock(requestID: 1, seconds: 2 * interval))
        // The commit is shown by the first vblank's frame; the clock is told before each frame's events.
        #expect(try rig.received() == [.virtualClock(now: start + interval),
                                       .transactionPresented(transactionID: 5, presentedAt: start + interval),
                                       .virtualClock(now: start + 2 * interval),
                                       .clockAdvanced(requestID: 1, now: start + 2 * interval, refusal: "")])
        #expect(rig.server.compositor.framesRendered == 1, "nothing changed at the second vblank: no frame")
        // A step a rounding error short of a vblank ends on it.
        try rig.send(.advanceClock(requestID: 2, seconds: interval / 3 + interval / 3 + interval / 3 - 1e-12))
        #expect(try rig.received() == [.virtualClock(now: start + 3 * interval), .clockAdvanced(requestID: 2, now: start + 3 * interval, refusal: "")])
    }
}
