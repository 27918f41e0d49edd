import ArgumentParser
import Foundation
import Logging
import StrataDisplay
import StrataProtocol
import StrataRender
import StrataServer

@main
struct StrataServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-server",
        abstract: "The Strata render server: composites client layer trees with OpenGL ES, paced by vblank.")

    @Option(help: "Display backend: auto or headless (kms is not built yet).")
    var backend = "auto"

    @Option(help: "Headless framebuffer size, WIDTHxHEIGHT.")
    var size = "640x480"

    @Option(help: "Virtual vblank rate of the headless backend, in Hz.")
    var refresh = 60.0

    @Option(help: "Socket path (default: STRATA_SOCKET, $XDG_RUNTIME_DIR/strata.sock, /run/strata/strata.sock). Ignored under systemd socket activation.")
    var socket: String?

    @Option(help: "Display background colour, #RRGGBB or #RRGGBBAA.")
    var background = "#000000"

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    @Option(help: "Directory for linked shader program binaries, so restarts skip compiling (default: $CACHE_DIRECTORY/shaders when systemd sets it, else none).")
    var shaderCache: String?

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = level
            return h
        }
        let logger = Logger(label: "strata.server")
        switch backend {
        case "auto", "headless": break
        case "kms": throw ValidationError("unsupported: kms backend (not built yet; use --backend headless)")
        default: throw ValidationError("--backend must be auto or headless, not \(backend)")
        }
        guard let dims = SizeArgument.parse(size) else { throw ValidationError("--size must be WIDTHxHEIGHT, e.g. 640x480 (got \(size))") }
        guard let bg = StrataColorArgument.parse(background) else { throw ValidationError("--background must be #RRGGBB or #RRGGBBAA") }
        guard refresh > 0, refresh <= 1000 else { throw ValidationError("--refresh must be in (0, 1000] Hz") }

        let listener: ListeningSocket
        let env = ProcessInfo.processInfo.environment
        if env["LISTEN_FDS"] == "1", env["LISTEN_PID"] == String(getpid()), ListeningSocket.isListeningSocket(3) {
            listener = ListeningSocket(adopting: 3)
            logger.info("using the socket passed by systemd")
        } else {
            let path = socket ?? SocketPath.resolve()
            listener = try ListeningSocket(path: path)
            logger.info("listening", metadata: ["socket": "\(path)"])
        }
        let display = try HeadlessDisplay(width: dims.width, height: dims.height, refreshRate: refresh)
        let cacheDirectory = shaderCache ?? env["CACHE_DIRECTORY"].map { $0 + "/shaders" }
        let programCache = cacheDirectory.map { ProgramBinaryCache(directory: URL(fileURLWithPath: $0)) }
        let compositor = try Compositor(display: display, programCache: programCache)
        if let programCache {
            logger.info("shader programs", metadata: ["cache": "\(programCache.directory.path)", "loaded": "\(programCache.loaded)"])
            for problem in programCache.problems { logger.warning("shader cache: \(problem)") }
        }
        compositor.background = bg
        try RenderServer(compositor: compositor, listener: listener, logger: logger).run()
    }
}
