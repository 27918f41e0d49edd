import ArgumentParser
import Foundation
import StrataProtocol

/// A real `strata-server` process (the one beside this program) on a private socket, headless, with an
/// inspector connection for its stats. Stopped when the benchmark ends.
final class BenchServer {
    let process = Process()
    let socket: String
    let inspector: InspectorClient

    init(size: String, name: String, arguments: [String] = []) throws {
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name)-\(getpid()).sock").path
        process.executableURL = bin.appendingPathComponent("strata-server")
        process.arguments = ["--config", "/dev/null", "--backend", "headless", "--size", size, "--socket", socket,
                             "--log-level", "warning"] + arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        var connected: InspectorClient?
        for _ in 0..<200 where connected == nil {
            connected = try? InspectorClient(socketPath: socket)
            if connected == nil { usleep(50_000) }
        }
        guard let connected else {
            process.terminate()
            throw ValidationError("strata-server did not start")
        }
        inspector = connected
    }

    deinit { stop() }

    func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    /// The server's `stats` object.
    func stats() throws -> [String: Any] {
        let (reply, _) = try inspector.request { .statsRequest(requestID: $0) }
        guard case let .stats(_, json) = reply,
              let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        return o
    }
}
