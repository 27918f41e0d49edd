import Foundation
import Strata
import StrataProtocol

/// A headless `strata-server` of a test's own: its socket and log in a fresh temporary directory, stopped
/// (SIGTERM, then SIGKILL after 5 s) and the directory removed by `stop()` or when it is freed.
///
/// By default it runs on a virtual clock: time stands still until the test calls `advance(by:)`, which
/// draws every frame inside the step at its exact vblank (`StrataTestServer+Clock`). With
/// `Configuration(clock: .wall)` animations move in real time instead: then wait for what a test expects
/// (`waitForSnapshot`), never sleep.
public final class StrataTestServer: @unchecked Sendable {
    /// What the server's frames are timed by.
    public enum Clock: String, Sendable {
        /// Stands still until `advance(by:)` (`strata-server --clock virtual`).
        case virtual
        /// The machine's monotonic clock, as a kiosk's server runs.
        case wall
    }

    /// How the server is started. Defaults suit a test: 320 × 240 pixels, black, 60 Hz, scale 1, virtual clock.
    public struct Configuration: Sendable {
        public var width: Int
        public var height: Int
        /// The colour where no layer draws, `#RRGGBB`.
        public var background: String
        /// The headless display's refresh rate in Hz (nil: the server's default, 60).
        public var refresh: Double?
        /// Pixels per point of the output (positions given to `tap` and the like are in points).
        public var scale: Double
        /// The server executable (nil: `STRATA_SERVER`, else beside the test binary).
        public var executable: URL?
        /// More `strata-server` options, appended last.
        public var arguments: [String]
        /// How long to wait for the server to listen.
        public var startTimeout: TimeInterval
        public var clock: Clock

        public init(width: Int = 320, height: Int = 240, background: String = "#000000", refresh: Double? = nil, scale: Double = 1,
                    clock: Clock = .virtual, executable: URL? = nil, arguments: [String] = [], startTimeout: TimeInterval = 30) {
            self.width = width; self.height = height; self.background = background; self.refresh = refresh; self.scale = scale
            self.clock = clock; self.executable = executable; self.arguments = arguments; self.startTimeout = startTimeout
        }
    }

    public let configuration: Configuration
    /// The temporary directory holding the socket and the log (removed by `stop()`).
    public let directory: URL
    public let socketPath: String
    /// The server's stdout and stderr (a file: a pipe nobody drains would fill and block the server).
    public let logURL: URL
    private let process = Process()
    let lock = NSLock()
    private var stopped = false
    /// The app's connection (`connect()`), which `advance(by:)` and input wait for. Guarded by `lock`.
    weak var appConnection: StrataConnection?
    /// The test's own inspector connection, for clock steps (made on first use). Guarded by `lock`.
    var clockInspector: InspectorClient?

    /// Starts the server and returns once it accepts connections; throws, with its log, when it cannot.
    public init(_ configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        let executable = try ServerExecutable.locate(explicit: configuration.executable)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = directory.appendingPathComponent("strata.sock").path
        logURL = directory.appendingPathComponent("server.log")
        do {
            try launch(executable)
            try waitUntilListening(timeout: configuration.startTimeout)
        } catch {
            stop()
            throw error
        }
    }

    /// Convenience: a server of `width` × `height` pixels.
    public convenience init(width: Int, height: Int, background: String = "#000000", refresh: Double? = nil, clock: Clock = .virtual) throws {
        try self.init(Configuration(width: width, height: height, background: background, refresh: refresh, clock: clock))
    }

    deinit { stop() }

    private func launch(_ executable: URL) throws {
        let c = configuration
        // --config /dev/null: a machine's /etc/strata/strata.conf must not change what a test sees.
        var arguments = ["--config", "/dev/null", "--backend", "headless", "--size", "\(c.width)x\(c.height)",
                         "--background", c.background, "--socket", socketPath, "--clock", c.clock.rawValue]
        if let refresh = c.refresh { arguments += ["--refresh", "\(refresh)"] }
        if c.scale != 1 { arguments += ["--scale", "\(c.scale)"] }
        process.executableURL = executable
        process.arguments = arguments + c.arguments
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw StrataTestingError("cannot create the server's log \(logURL.path)")
        }
        let log = try FileHandle(forWritingTo: logURL)
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    /// The socket file exists from bind(), before the server listens (it sets the file's mode in between),
    /// so its "listening" log line is what says connections are accepted.
    private func waitUntilListening(timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else {
                throw StrataTestingError("strata-server exited (status \(process.terminationStatus)) before listening; its log:\n\(log)")
            }
            if log.contains("] listening\n") { return }
            usleep(20_000)
        }
        throw StrataTestingError("strata-server did not listen within \(timeout) s; its log:\n\(log)")
    }

    /// Everything the server has logged so far.
    public var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Whether the server process is still running.
    public var isRunning: Bool { process.isRunning }

    /// Connects the app under test: the process's `StrataConnection`, to which its layers attach.
    public func connect() throws -> StrataConnection {
        let connection = try StrataConnection.connect(socketPath: socketPath)
        lock.withLock { appConnection = connection }
        return connection
    }

    /// Stops the server (SIGTERM; SIGKILL if it has not ended 5 s later) and removes its directory, log
    /// included. Safe to call twice.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // A process that never started has no pid to signal.
        if process.processIdentifier != 0, process.isRunning {
            process.terminate()
            let end = Date().addingTimeInterval(5)
            while process.isRunning, Date() < end { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
