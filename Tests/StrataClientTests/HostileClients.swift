import Foundation
import StrataCore
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A client speaking the wire protocol directly, as a buggy or hostile program would: raw commits, raw
/// descriptors, and the reason the server gives when it ends the session.
final class RawSession {
    let client: InspectorClient
    private var transaction: UInt64 = 0

    init(_ server: ServerProcess) throws { client = try InspectorClient(socketPath: server.socketPath) }

    var clientID: UInt32 { client.clientID }

    func commit(_ operations: [LayerOperation], fds: [Int32] = []) throws {
        transaction += 1
        try client.send(.commit(Commit(transactionID: transaction, operations: operations, fdCount: UInt16(fds.count))), fds: fds)
    }

    /// The reason in the server's `error` message, once it ends the session (nil: it did not within
    /// `seconds`, or closed without one).
    func endingError(within seconds: Double = 10) -> String? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            var p = pollfd(fd: client.socket.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { return nil }
            if p.revents == 0 { continue }
            guard let (message, _) = try? client.receive() else { return nil }
            if case .error(let reason) = message { return reason }
        }
        return nil
    }

    /// The size of the contents layer `id` (attached, or under a root) shows, e.g. a drawable's.
    func drawableSize(_ id: LayerID) throws -> [Int]? {
        let (reply, _) = try client.request { .treeRequest(requestID: $0) }
        guard case let .tree(_, json) = reply,
              let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let clients = o["clients"] as? [[String: Any]],
              let mine = clients.first(where: { ($0["client"] as? Int) == Int(clientID) }) else { return nil }
        var stack = (mine["roots"] as? [[String: Any]]) ?? []
        while let node = stack.popLast() {
            if (node["id"] as? Int) == Int(id), let contents = node["contents"] as? [String: Any] {
                return [contents["width"] as? Int ?? 0, contents["height"] as? Int ?? 0]
            }
            stack += (node["sublayers"] as? [[String: Any]]) ?? []
        }
        return nil
    }

    /// The layers this client has on the server (its own tree's count).
    func layerCount() throws -> Int? {
        let (reply, _) = try client.request { .treeRequest(requestID: $0) }
        guard case let .tree(_, json) = reply,
              let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let clients = o["clients"] as? [[String: Any]] else { return nil }
        return clients.first { ($0["client"] as? Int) == Int(clientID) }?["layers"] as? Int
    }
}

/// A well-behaved client that keeps a small tree on screen while others misbehave: its tree must stay
/// whole, and the server must keep answering it.
final class Witness {
    let session: RawSession
    static let layers = 3

    init(_ server: ServerProcess) throws {
        session = try RawSession(server)
        try session.commit(rootSquare(1, side: 20, center: CGPoint(x: 20, y: 20), color: Color(red: 0, green: 1, blue: 0, alpha: 1))
            + [.createLayer(2), .createLayer(3), .insertSublayer(parent: 1, child: 2, index: 0), .insertSublayer(parent: 2, child: 3, index: 0)])
    }

    /// Whether the server still holds the witness's whole tree.
    var isIntact: Bool { (try? session.layerCount()) == Self.layers }
}

/// Asks the server for `stats` over and over on its own connection and thread, keeping the slowest
/// answer: the server's loop must never stall, whatever other clients do.
final class StatsProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var slowest = 0.0
    private var failures: [String] = []
    private var running = true
    private var answered = 0
    private let done = DispatchSemaphore(value: 0)

    init(_ server: ServerProcess) throws {
        nonisolated(unsafe) let client = try InspectorClient(socketPath: server.socketPath)
        Thread { [self] in
            defer { done.signal() }
            while lock.withLock({ running }) {
                let start = DispatchTime.now().uptimeNanoseconds
                do {
                    _ = try client.request { .statsRequest(requestID: $0) }
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    lock.withLock { slowest = max(slowest, seconds); answered += 1 }
                } catch {
                    lock.withLock { failures.append("\(error)") }
                    return
                }
                usleep(10_000)
            }
        }.start()
    }

    /// Stops probing; returns the slowest answer in seconds, how many came, and any failure.
    func finish() -> (slowest: Double, answered: Int, failures: [String]) {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { (slowest, answered, failures) }
    }
}

/// The number of descriptors a process has open.
func openDescriptors(of pid: Int32) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
}

/// A process's resident set size in bytes.
func residentBytes(of pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return -1 }
    return kb * 1024
}

/// A process's CPU time (user + system) in seconds.
func cpuSeconds(of pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return -1 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 3, utime 14 and stime 15 (1-based over the whole line).
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return -1 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Creates layers `ids`.
func creates(_ ids: ClosedRange<LayerID>) -> [LayerOperation] { ids.map { .createLayer($0) } }

/// Hangs each layer of `ids` under the one before it.
func chain(_ ids: ClosedRange<LayerID>) -> [LayerOperation] {
    ids.dropLast().map { .insertSublayer(parent: $0, child: $0 + 1, index: 0) }
}
