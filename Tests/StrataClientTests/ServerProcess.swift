import Foundation
import Strata
import StrataCore
import StrataProtocol

/// A real `strata-server` child process on a private socket, stopped with SIGTERM.
final class ServerProcess {
    let socketPath: String
    let process = Process()
    /// The server's log goes to a file: a pipe nobody drains would fill and block the server.
    let logPath: String
    /// The output's refresh rate (what `advance(frames:)` steps by).
    let refresh: Double

    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["STRATA_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        // The test bundle lives beside the package's executables in .build/<config>/.
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// Starts the server binding its own socket, or, with `socketActivated`, under systemd-socket-activate,
    /// which listens on the path and hands the listening socket to the server as fd 3 (LISTEN_FDS=1, and
    /// LISTEN_PID = its own pid, which the server keeps since it execs the server). `config` defaults to
    /// /dev/null (no settings) so a machine's /etc/strata/strata.conf cannot change the tests; `size: nil`
    /// leaves the size to the configuration. `environment` adds variables (under systemd-socket-activate,
    /// which passes the server only the variables it is told to, as `-E`). `launcher` runs the server
    /// through a program that execs it. `virtualClock` starts it on the virtual clock (`--clock virtual`):
    /// time then stands still until `advance(by:)`.
    init(size: String? = "160x120", socketActivated: Bool = false, refresh: Double? = nil, config: String = "/dev/null",
         virtualClock: Bool = false,
         arguments extra: [String] = [], environment: [String: String] = [:], launcher: [String] = []) throws {
        self.refresh = refresh ?? 60
        socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-\(UUID().uuidString.prefix(8)).sock").path
        let server = Self.binDirectory.appendingPathComponent("strata-server").path
        let args = ["--config", config, "--backend", "headless", "--background", "#000000"] + (size.map { ["--size", $0] } ?? [])
            + (refresh.map { ["--refresh", "\($0)"] } ?? []) + (virtualClock ? ["--clock", "virtual"] : []) + extra
        if socketActivated {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
            // --socket points somewhere unbindable: the server must use the socket it is given.
            process.arguments = ["--listen=\(socketPath)"] + environment.sorted { $0.key < $1.key }.map { "--setenv=\($0.key)=\($0.value)" }
                + [server] + args + ["--socket", "/nonexistent-dir/strata.sock"]
        } else if let tool = launcher.first {
            // A program that execs the server (prlimit, setpriv), so the pid stays the server's.
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = launcher.dropFirst() + [server] + args + ["--socket", socketPath]
        } else {
            process.executableURL = URL(fileURLWithPath: server)
            process.arguments = args + ["--socket", socketPath]
            if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
        }
        logPath = socketPath + ".log"
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardError = log
        process.standardOutput = log
        try process.run()
        // The socket file exists from bind(), before the server listens (it sets the file's mode and
        // group in between): wait for its "listening" line too. (systemd-socket-activate listens itself.)
        for _ in 0..<200 where process.isRunning && !listening(socketActivated) { usleep(50_000) }
    }

    /// Whether connections to the socket path are accepted now (queued until the server's loop runs).
    private func listening(_ socketActivated: Bool) -> Bool {
        guard FileManager.default.fileExists(atPath: socketPath) else { return false }
        // systemd-socket-activate binds, then listens: a connection in between is refused (a test that
        // connected there failed, and the launcher, never exec'd, ignored SIGTERM: CI hung). A listening
        // socket carries __SO_ACCEPTCON (0x10000) in /proc/net/unix's flags.
        if socketActivated {
            let table = (try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8)) ?? ""
            return table.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                return fields.count >= 8 && fields[7] == socketPath && fields[3] == "00010000"
            }
        }
        return (try? String(contentsOfFile: logPath, encoding: .utf8))?.contains("] listening\n") ?? false
    }

    /// Everything the server logged so far (after stop()). A process that has not ended 5 s after SIGTERM
    /// is killed (so a test cannot hang on it).
    func stop() -> String {
        if process.isRunning {
            process.terminate()
            let end = Date().addingTimeInterval(5)
            while process.isRunning, Date() < end { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        return (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Waits (5 s at most) until the server has warmed its renderer up (`warmed_up` in stats): what it
    /// compiles and allocates then is part of its start, not of what a test measures after.
    func waitUntilWarm() {
        _ = eventually { (try? stats())?["warmed_up"] as? Bool == true }
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
    static func cli(_ args: [String]) throws -> (Int32, String) {
        try runToCompletion(binDirectory.appendingPathComponent("strata"), args)
    }
}

/// A server that writes each frame it presents into a fresh temporary directory (`--record-frames`, at most
/// `frameLimit`); `finish()` stops it and removes the directory.
final class FrameRecordingServer {
    let server: ServerProcess
    let directory: URL

    init(size: String, frameLimit: Int, refresh: Double? = nil, virtualClock: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-frames-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = try ServerProcess(size: size, refresh: refresh, virtualClock: virtualClock,
                                   arguments: ["--record-frames", directory.path, "--record-frames-limit", "\(frameLimit)"])
    }

    func finish() {
        _ = server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs a program to completion with `environment` added to this process's; returns its status and
/// everything it printed (stdout and stderr together).
func runToCompletion(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    if !environment.isEmpty {
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let out = Pipe()
    p.standardOutput = out
    p.standardError = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Steps of the virtual clock (`virtualClock: true`), as StrataTesting's `advance` takes them: what a test
/// then sees depends on its steps, never on how fast or loaded the machine is.
extension ServerProcess {
    /// Runs the clock `seconds` on and returns the time it reads then. With `app` (this process's
    /// connection to the server), the app is settled around the step: its implicit transactions are
    /// committed first (the server reads what was sent before it steps), and after it the app has heard
    /// the new time and the main queue has run the handlers the step's events queued (display links,
    /// delegates). Not from the main thread: the main queue must run while this waits.
    @discardableResult
    func advance(by seconds: Double, app: StrataConnection? = nil) throws -> Double {
        precondition(!Thread.isMainThread, "advance(by:app:) waits on the main queue")
        if app != nil { Self.settleApp() }
        let now = try InspectorClient(socketPath: socketPath).advanceClock(by: seconds)
        if let app {
            try Self.hearEverything(app)
            Self.settleApp()
        }
        return now
    }

    /// Advances the clock by `frames` refresh intervals.
    @discardableResult
    func advance(frames: Int, app: StrataConnection? = nil) throws -> Double {
        try advance(by: Double(frames) / refresh, app: app)
    }

    /// Commits the calling thread's and the main queue's implicit transactions, after what is queued there.
    static func settleApp() {
        CATransaction.flush()
        DispatchQueue.main.sync { CATransaction.flush() }
    }

    /// Waits until `app`'s reader has handled every message the server sent it before now (a step's
    /// display-link ticks, animation events): a request's reply on the same connection comes after them.
    /// Waiting for `virtualTime` is not enough: the clock's message for a frame comes before that frame's events.
    static func hearEverything(_ app: StrataConnection) throws {
        _ = try app.stats()
    }
}

/// A snapshot pixel, compared with the golden-image tolerance: exact on the pinned Mesa llvmpipe,
/// STRATA_PIXEL_TOLERANCE levels per channel on other rasterizers.
struct Pixel: Equatable, CustomStringConvertible {
    let channels: [Int]
    static func == (a: Pixel, b: Pixel) -> Bool {
        let tolerance = Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0
        return a.channels.count == b.channels.count && zip(a.channels, b.channels).allSatisfy { abs($0 - $1) <= tolerance }
    }
    static func == (a: Pixel, b: [Int]) -> Bool { a == Pixel(channels: b) }
    var description: String { "\(channels)" }
}

func pixel(_ px: [UInt8], width: Int, _ x: Int, _ y: Int) -> Pixel {
    let i = (y * width + x) * 4
    return Pixel(channels: (0..<4).map { Int(px[i + $0]) })
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

/// Operations for one attached root: a square of `side` points centred at `center`, filled with `color`.
func rootSquare(_ id: LayerID = 1, side: CGFloat, center: CGPoint, color: Color) -> [LayerOperation] {
    [.createLayer(id), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: side, height: side))),
     .setProperty(id, .position, .point(center)), .setProperty(id, .backgroundColor, .color(color)), .attachRoot(id)]
}

/// Reasons the server gave for ending a client-library session (`StrataConnection.onError`).
final class SessionErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var reasons: [String] { lock.lock(); defer { lock.unlock() }; return list }

    /// Connects the client library to `server`, recording any session error.
    static func connect(_ server: ServerProcess) throws -> (StrataConnection, SessionErrors) {
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        let errors = SessionErrors()
        connection.onError = { reason in errors.lock.lock(); errors.list.append(reason); errors.lock.unlock() }
        return (connection, errors)
    }
}

/// Writes a scene to a temporary file and runs `strata sample` on it (one place for that boilerplate).
enum SceneSample {
    struct Result {
        let status: Int32
        let output: String
        /// The `samples` array of the output, empty when it could not be parsed.
        let samples: [[String: Any]]
        var values: [Any] { samples.compactMap { $0["value"] } }
    }

    static func run(_ json: String, layer: String, key: String, times: [Double]) throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sample-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: scene)
        let (status, out) = try ServerProcess.cli(["sample", scene.path, "--layer", layer, "--key", key,
                                                   "--times", times.map { String($0) }.joined(separator: ",")])
        let object = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        return Result(status: status, output: out, samples: object?["samples"] as? [[String: Any]] ?? [])
    }
}
