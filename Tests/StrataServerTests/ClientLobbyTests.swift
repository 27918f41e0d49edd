import Foundation
import Logging
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The lobby greets clients while the server starts, before any display or GL exists, turns away what
/// the server's loop would, and hands its sessions to the server, whose first turn serves what they
/// sent in the meantime.
@Suite(.serialized) struct ClientLobbyTests {
    static let planned = [OutputInfo(name: HeadlessDisplay.outputName, width: 64, height: 48, refreshInterval: 1 / 60.0)]

    static func socketPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("strata-lobby-\(UUID().uuidString.prefix(8)).sock").path
    }

    @Test func clientsAreGreetedBeforeTheDisplayExistsAndServedOnceTheServerRuns() throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        let listener = try ListeningSocket(path: path)
        let lobby = ClientLobby(listener: listener, outputs: Self.planned, access: AccessPolicy(), maxClients: 8,
                                logger: Logger(label: "test"))
        try lobby.start()

        // No display yet: the handshake is the lobby's.
        let client = try MessageSocket.connect(path: path)
        let welcome = try ClientHandshake.perform(on: client, timeout: 5)
        #expect(welcome.clientID == 1)
        #expect(welcome.outputs == Self.planned)
        // Sent before the server runs: they wait.
        try client.send(MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 7, operations: ScreenHitTests.square(1, CGRect(x: 0, y: 0, width: 8, height: 8))))))
        try client.send(MessageCoding.encode(ClientMessage.statsRequest(requestID: 3)))
        // A first message that is not hello is turned away, as the loop would.
        let rude = try MessageSocket.connect(path: path)
        try rude.send(MessageCoding.encode(ClientMessage.frameTicks(enabled: true)))
        let answer = try #require(try Self.receive(rude))
        guard case .error(let reason) = try MessageCoding.decodeServer(type: answer.type, body: answer.body) else {
            Issue.record("expected an error before hello"); return
        }
        #expect(reason.contains("before hello"))
        // One that has not said hello yet is handed over still in its handshake.
        let slow = try MessageSocket.connect(path: path)
        Self.settle()

        let handover = lobby.finish()
        #expect(handover.sessions.count == 2)
        #expect(handover.sessions.filter(\.greeted).map(\.clientID) == [1])
        #expect(handover.nextClientID == 4)

        let display = try HeadlessDisplay(width: 64, height: 48)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        let server = RenderServer(compositor: compositor, listener: listener, logger: Logger(label: "test"))
        server.adopt(handover)
        #expect(compositor.clientCount == 1)
        server.serveBacklog()
        #expect(compositor.usage(of: 1)?.pendingCommits == 1)
        let reply = try #require(try Self.receive(client))
        guard case .stats(let id, _) = try MessageCoding.decodeServer(type: reply.type, body: reply.body) else {
            Issue.record("expected the stats reply"); return
        }
        #expect(id == 3)
        withExtendedLifetime((client, rude, slow)) {}
    }

    @Test func clientsGreetedInTheLobbyAreStackedInTheOrderTheyConnected() throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        let listener = try ListeningSocket(path: path)
        let lobby = ClientLobby(listener: listener, outputs: Self.planned, access: AccessPolicy(), maxClients: 16, logger: Logger(label: "test"))
        try lobby.start()
        var clients: [MessageSocket] = []
        for _ in 0..<8 {
            let client = try MessageSocket.connect(path: path)
            _ = try ClientHandshake.perform(on: client, timeout: 5)
            clients.append(client)
        }
        let handover = lobby.finish()
        #expect(handover.sessions.map(\.clientID) == Array(1...8))
        let display = try HeadlessDisplay(width: 64, height: 48)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        RenderServer(compositor: compositor, listener: listener, logger: Logger(label: "test")).adopt(handover)
        // The first to connect is at the bottom (as clients that connect once the server runs are).
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(compositor.treeJSON().utf8)) as? [String: Any])
        #expect((tree["clients"] as? [[String: Any]])?.compactMap { $0["client"] as? Int } == Array(1...8))
        withExtendedLifetime(clients) {}
    }

    @Test func theLobbyKeepsMaxClientsFreesPlacesOfClientsThatLeaveAndAnnouncesWhatItWasGiven() throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        let lobby = ClientLobby(listener: try ListeningSocket(path: path), outputs: Self.planned, access: AccessPolicy(), maxClients: 1,
                                logger: Logger(label: "test"))
        try lobby.start()
        let first = try MessageSocket.connect(path: path)
        #expect(try ClientHandshake.perform(on: first, timeout: 5).clientID == 1)
        let second = try MessageSocket.connect(path: path)
        #expect(throws: ClientHandshake.Failure.self) { try ClientHandshake.perform(on: second, timeout: 5) }
        // A greeted client that leaves during start-up frees its place at once.
        first.close()
        Self.settle()
        let third = try MessageSocket.connect(path: path)
        #expect(try ClientHandshake.perform(on: third, timeout: 5).clientID == 2)
        let handover = lobby.finish()
        #expect(handover.sessions.map(\.clientID) == [2])
        #expect(handover.outputs == Self.planned)
        withExtendedLifetime(third) {}
    }

    /// Lets the lobby's thread see what was sent.
    static func settle() { usleep(50_000) }

    /// The next frame from the server, waiting up to 5 s.
    static func receive(_ socket: MessageSocket) throws -> (type: UInt16, body: [UInt8])? {
        var p = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, 5000) > 0 else { return nil }
        return try socket.receiveFrame()
    }
}
