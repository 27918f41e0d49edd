import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `strata-server` the fuzzer talks to: headless, on a private socket, its log in a file.
final class ServerUnderTest {
    let process = Process()
    let socketPath: String
    let logPath: String

    init(executable: String, directory: URL, size: String, extraArguments: [String]) throws {
        socketPath = directory.appendingPathComponent("strata.sock").path
        logPath = directory.appendingPathComponent("server.log").path
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--config", "/dev/null", "--backend", "headless", "--size", size, "--socket", socketPath,
                             "--background", "#000000"] + extraArguments
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = log
        process.standardError = log
        try process.run()
        // The socket listens once the log says so (its mode and group are set between bind and listen).
        for _ in 0..<400 where process.isRunning && !logContains("] listening\n") { usleep(25_000) }
        guard process.isRunning else { throw ReproError(description: "strata-server exited at start:\n\(logTail())") }
    }

    var isRunning: Bool { process.isRunning }

    /// How the server ended ("signal 11", "exit 1"), or nil while it runs.
    var exitDescription: String? {
        guard !process.isRunning else { return nil }
        return process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
    }

    func logContains(_ text: String) -> Bool {
        (try? String(contentsOfFile: logPath, encoding: .utf8))?.contains(text) ?? false
    }

    func logTail(_ lines: Int = 60) -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// Asks a hung server for its stacks (Swift's backtracer answers SIGABRT) and waits for it to go.
    func abortForBacktrace(wait seconds: Double = 20) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGABRT)
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < end { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
    }

    /// The server's memory and descriptors now; nil once it has gone.
    func resources() -> ServerResources? {
        guard process.isRunning else { return nil }
        return ServerResources.read(pid: process.processIdentifier)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let end = Date().addingTimeInterval(10)
        while process.isRunning && Date() < end { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
