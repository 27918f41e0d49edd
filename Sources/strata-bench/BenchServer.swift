import ArgumentParser
import Foundation
import StrataProtocol

/// A real `strata-server` process (the one beside this program) on a private socket, headless, with an
/// inspector connection for its stats. Stopped when the benchmark ends.
final class BenchServer {
    let process = Process()
    let socket: String
    let inspector: InspectorClient
    /// From spawning the process to its first `welcome` (the inspector's): the start-up a client sees.
    let startSeconds: Double
    /// From spawning the process to its first answer to a request: the display and its GL are up and the
    /// server's loop runs (until then `ClientLobby` greets clients and their messages wait).
    private(set) var servingSeconds = 0.0

    init(size: String, name: String, arguments: [String] = []) throws {
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(getpid()).sock").path
        process.executableURL = bin.appendingPathComponent("strata-server")
        process.arguments = ["--config", "/dev/null", "--backend", "headless", "--size", size, "--socket", socket,
                             "--log-level", "warning"] + arguments
            // STRATA_BENCH_SERVER_ARGS adds options (space-separated), e.g. "--frame-nice 0" to compare.
            + (ProcessInfo.processInfo.environment["STRATA_BENCH_SERVER_ARGS"]?.split(separator: " ").map(String.init) ?? [])
        // STRATA_BENCH_SERVER_LOG=FILE keeps the server's log (warnings and up) there.
        if let log = ProcessInfo.processInfo.environment["STRATA_BENCH_SERVER_LOG"],
           FileManager.default.createFile(atPath: log, contents: nil), let handle = FileHandle(forWritingAtPath: log) {
            process.standardError = handle
        } else {
            process.standardError = FileHandle.nullDevice
        }
        let spawned = MonotonicClock.now()
        try process.run()
        // Tried every half millisecond (for 10 s at most), so the start-up is measured to about that.
        var connected: InspectorClient?
        while connected == nil, process.isRunning, MonotonicClock.now() - spawned < 10 {
            connected = try? InspectorClient(socketPath: socket)
            if connected == nil { usleep(500) }
        }
        startSeconds = MonotonicClock.now() - spawned
        guard let connected else {
            process.terminate()
            throw ValidationError("strata-server did not start")
        }
        inspector = connected
        _ = try stats()
        servingSeconds = MonotonicClock.now() - spawned
    }

    deinit { stop() }

    func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    /// The first object named `key` anywhere in the server's tree (`strata tree`), e.g. a layer's `drawable`
    /// or `tiles`; empty when there is none.
    func treeObject(_ key: String) throws -> [String: Any] {
        let (reply, _) = try inspector.request { .treeRequest(requestID: $0) }
        guard case let .tree(_, json) = reply, let tree = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return [:] }
        func find(_ o: Any) -> [String: Any]? {
            if let d = o as? [String: Any] {
                if let found = d[key] as? [String: Any] { return found }
                return d.values.lazy.compactMap(find).first
            }
            return (o as? [Any])?.lazy.compactMap(find).first
        }
        return find(tree) ?? [:]
    }

    /// The server's `stats` object.
    func stats() throws -> [String: Any] {
        let (reply, _) = try inspector.request { .statsRequest(requestID: $0) }
        guard case let .stats(_, json) = reply,
              let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        return o
    }
}
