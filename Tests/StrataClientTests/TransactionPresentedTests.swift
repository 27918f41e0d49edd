import Foundation
@testable import Strata
import StrataCore
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ClientProcessSuite {
/// Issue 14, acceptance 5's signal: every commit is reported to the client that sent it, once, when the
/// first frame that includes it is on screen (headless: that frame's virtual vblank).
@Suite struct TransactionPresentedTests {
    /// Reads `client`'s messages until `transactionPresented` for `id` (nil: the server did not send it
    /// within 10 s or closed the session); returns every message read, that one last.
    static func read(_ client: InspectorClient, until id: UInt64) -> [ServerMessage]? {
        var read: [ServerMessage] = []
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            // Frames already buffered first: one read may have brought several.
            if let frame = try? client.socket.nextFrame() {
                guard let message = try? MessageCoding.decodeServer(type: frame.type, body: frame.body) else { return nil }
                read.append(message)
                if case .transactionPresented(id, _) = message { return read }
                continue
            }
            var p = pollfd(fd: client.socket.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { return nil }
            if p.revents != 0, (try? client.socket.fill()) != .data { return nil }
        }
        return nil
    }

    /// The (transaction id, time) of each `transactionPresented` among `messages`.
    static func presented(_ messages: [ServerMessage]) -> [(id: UInt64, at: Double)] {
        messages.compactMap { if case let .transactionPresented(id, at) = $0 { (id, at) } else { nil } }
    }

    @Test func eachCommitIsReportedOnceToItsClientAfterItWasSentVisibleChangeOrNot() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let other = try InspectorClient(socketPath: server.socketPath)
        let client = try InspectorClient(socketPath: server.socketPath)
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)

        let sent7 = MonotonicClock.now()
        try client.send(.commit(Commit(transactionID: 7, operations: rootSquare(side: 40, center: CGPoint(x: 20, y: 20), color: red))))
        var messages = try #require(Self.read(client, until: 7))
        // Changing nothing visible: the colour it already has, then a commit of no operations.
        let sent8 = MonotonicClock.now()
        try client.send(.commit(Commit(transactionID: 8, operations: [.setProperty(1, .backgroundColor, .color(red))])))
        let sent9 = MonotonicClock.now()
        try client.send(.commit(Commit(transactionID: 9, operations: [])))
        messages += try #require(Self.read(client, until: 9))
        // A later commit: any repeat of the reports above would have come before its own.
        try client.send(.commit(Commit(transactionID: 10, operations: [.setProperty(1, .opacity, .scalar(0.5))])))
        messages += try #require(Self.read(client, until: 10))

        let reports = Self.presented(messages)
        #expect(reports.map(\.id) == [7, 8, 9, 10])
        let at = Dictionary(uniqueKeysWithValues: reports.map { ($0.id, $0.at) })
        #expect(try #require(at[7]) >= sent7)
        #expect(try #require(at[8]) >= sent8)
        #expect(try #require(at[9]) >= sent9)
        // 8 was sent after 7's report arrived, so a later frame showed it.
        #expect(try #require(at[8]) > (try #require(at[7])))
        #expect(try #require(at[10]) >= (try #require(at[9])))

        // The other client committed nothing and hears of no commit.
        var otherMessages: [ServerMessage] = []
        other.onEvent = { otherMessages.append($0) }
        _ = try other.request { .statsRequest(requestID: $0) }
        #expect(Self.presented(otherMessages).isEmpty, "\(otherMessages)")
    }

    @Test func theClientLibraryHandsEachReportToItsHandler() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let reports = PresentedReports()
        connection.onTransactionPresented = { id, at in reports.add(id, at) }

        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        connection.attach(layer)
        let sent = CACurrentMediaTime()
        CATransaction.flush()
        let id = connection.lastTransactionID
        #expect(id > 0)
        #expect(eventually { reports.all.contains { $0.id == id } })
        #expect(reports.all.filter { $0.id == id }.count == 1)
        #expect((reports.all.first { $0.id == id }?.at ?? 0) >= sent)
    }
}
}

/// What `onTransactionPresented` was called with.
final class PresentedReports: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(id: UInt64, at: Double)] = []
    var all: [(id: UInt64, at: Double)] { lock.withLock { list } }
    func add(_ id: UInt64, _ at: Double) { lock.withLock { list.append((id, at)) } }
}
