import Foundation
import StrataProtocol

/// A real `strata-server` child process on a private socket, stopped with SIGTERM.
final class ServerProcess {
    let socketPath: String
    let process = Process()
    /// The server's log goes to a file: a pipe nobody drains would fill and block the server.
    let logPath: String

    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["STRATA_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        // The test bundle lives beside the package's executables in .build/<config>/.
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    init(size: String = "160x120") throws {
        socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-\(UUID().uuidString.prefix(8)).sock").path
        process.executableURL = Self.binDirectory.appendingPathComponent("strata-server")
        process.arguments = ["--backend", "headless", "--size", size, "--socket", socketPath, "--background", "#000000"]
        logPath = socketPath + ".log"
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardError = log
        process.standardOutput = log
        try process.run()
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socketPath) { usleep(50_000) }
    }

    /// Everything the server logged so far (after stop()).
    func stop() -> String {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        return (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    func stats() throws -> [String: Any] {
        let client = try InspectorClient(socketPath: socketPath)
        let (reply, _) = try client.request { .statsRequest(requestID: $0) }
        guard case let .stats(_, json) = reply, let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [:] }
        return o
    }

    func snapshot() throws -> (width: Int, pixels: [UInt8]) {
        let client = try InspectorClient(socketPath: socketPath)
        let (reply, fds) = try client.request { .snapshotRequest(requestID: $0) }
        guard case let .snapshot(_, w, h) = reply, let fd = fds.first else { return (0, []) }
        return (Int(w), try SharedPixelBuffer(mapping: fd, byteCount: Int(w * h * 4)).bytes())
    }

    /// Runs a `strata` CLI subcommand to completion; returns (status, stdout).
    static func cli(_ args: [String], env: [String: String] = [:]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = binDirectory.appendingPathComponent("strata")
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

func pixel(_ px: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * width + x) * 4
    return (0..<4).map { Int(px[i + $0]) }
}

/// Polls until `condition` holds or `seconds` pass (the server renders at its own pace).
func eventually(_ seconds: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}
