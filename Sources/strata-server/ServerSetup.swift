import Foundation
import Logging
import StrataConfig
import StrataDisplay
import StrataInput
import StrataRender
import StrataServer
#if canImport(Glibc)
import Glibc
#endif

/// The longer steps of `strata-server`'s start-up (`StrataServerMain.run` calls them in order): logging,
/// the frame thread's priorities, the compositor on the planned display, and the settings each part takes.
enum ServerSetup {
    /// Logs to standard error at the configured level.
    static func startLogging(_ settings: ServerConfig) -> Logger {
        let level = Logger.Level(rawValue: settings.logLevel.rawValue) ?? .info
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = level
            return h
        }
        return Logger(label: "strata.server")
    }

    /// Raises the frame thread's nice value (`frame-nice`), or says why it could not.
    static func raisePriority(_ settings: ServerConfig, logger: Logger) {
        switch FramePriority.raise(to: settings.frameNice) {
        case .raised(let nice): logger.info("frame thread priority raised", metadata: ["nice": "\(nice)"])
        case .unchanged: break
        case let .refused(nice, code):
            logger.notice("frame thread priority not raised: the server runs at its usual priority (allow it with LimitNICE=\(nice) or CAP_SYS_NICE)",
                          metadata: ["nice": "\(nice)", "error": "\(String(cString: strerror(code)))"])
        }
    }

    /// Schedules the frame thread in real time (`frame-realtime`), or says why it could not.
    static func becomeRealtime(_ settings: ServerConfig, logger: Logger) {
        switch FramePriority.becomeRealtime(priority: settings.frameRealtime) {
        case .raised(let priority): logger.info("frame thread scheduled in real time", metadata: ["policy": "SCHED_RR", "priority": "\(priority)"])
        case .unchanged: break
        case let .refused(priority, code):
            logger.notice("frame thread not scheduled in real time: clients' processes may take its CPU mid-frame (allow it with LimitRTPRIO=\(priority) or CAP_SYS_NICE)",
                          metadata: ["priority": "\(priority)", "error": "\(String(cString: strerror(code)))"])
        }
    }

    /// The planned display made, and a compositor on it with the shader cache (`shader-cache`, else the
    /// service's cache directory). Only what a first frame of plain layers needs is linked now; the loop
    /// links the rest when idle.
    static func makeCompositor(_ planned: DisplayChoice.Planned, settings: ServerConfig, environment: [String: String],
                               logger: Logger) throws -> (DisplaySet, Compositor) {
        let display = try planned.make()
        let cacheDirectory = settings.shaderCache ?? environment["CACHE_DIRECTORY"].map { $0 + "/shaders" }
        let programCache = cacheDirectory.map { ProgramBinaryCache(directory: URL(fileURLWithPath: $0)) }
        let compositor = try Compositor(display: display, programCache: programCache, deferringPrograms: true)
        if let programCache {
            logger.info("shader programs", metadata: ["cache": "\(programCache.directory.path)", "loaded": "\(programCache.loaded)"])
            for problem in programCache.problems { logger.warning("shader cache: \(problem)") }
        }
        return (display, compositor)
    }

    /// The compositor's settings: background, textures, scales, the GPU path, quotas, the text worker and
    /// render budgets (not on the virtual clock: they are measured on the wall clock).
    static func configure(_ compositor: Compositor, settings: ServerConfig, planned: DisplayChoice.Planned, display: DisplaySet,
                          virtualClock: Bool, logger: Logger) throws {
        if display is HeadlessDisplay, !settings.outputs.isEmpty {
            logger.notice("output settings apply to the kms backend only; the headless backend ignores them",
                          metadata: ["outputs": "\(settings.outputs.map(\.name).joined(separator: ", "))"])
        }
        logger.info("drawables travel in shared memory", metadata: [
            "dmabuf_import": "\(compositor.dmabuf.canImport ? "offered" : "absent")",
            "dmabuf_modifiers": "\(compositor.dmabuf.canImportWithModifiers ? "offered" : "absent")",
        ])
        compositor.background = settings.background
        if let side = settings.maxTextureSize { compositor.textureLimit = side }
        if display is HeadlessDisplay { compositor.displayScale = CGFloat(settings.scale) }
        for output in settings.outputs where output.scale != 1 { compositor.outputScales[output.name] = CGFloat(output.scale) }
        for output in planned.outputs where output.safeAreaInsets != .zero { compositor.outputSafeAreas[output.name] = output.safeAreaInsets }
        for output in settings.outputs where output.safeAreaInsets != .zero { compositor.outputSafeAreas[output.name] = output.safeAreaInsets }
        // `scale = auto`: as the panels lit at start-up report (one plugged in later draws at 1).
        for output in planned.outputs where settings.outputs.contains(where: { $0.name == output.name && $0.autoScale }) {
            compositor.outputScales[output.name] = CGFloat(output.scale)
        }
        logger.info("textures", metadata: ["limit": "\(compositor.textureLimit)", "gl_limit": "\(compositor.glTextureLimit)"])
        compositor.gpuAnimationMinimumLayers = switch settings.gpuAnimations {
        case .auto: Compositor.defaultGPUAnimationMinimumLayers
        case .always: 1
        case .off: nil
        }
        // `always` means every layer the path can take, shapes too (on a software rasteriser `auto` keeps
        // shapes on the CPU, where they cost less).
        if settings.gpuAnimations == .always { compositor.shapesMoveOnTheGPU = true }
        compositor.quotas = StartupSettings.quotas(settings)
        compositor.textLayouts = try TextWorkerChoice.service(settings, logger: logger)
        compositor.rendersWithBudgets = !virtualClock
    }

    /// The server loop's settings: frame recording, limits, access, the service notifier, input and its routing.
    static func configure(_ server: RenderServer, settings: ServerConfig, access: AccessPolicy, input: InputSource?,
                          display: DisplaySet, logger: Logger) throws {
        if let directory = settings.recordFrames {
            server.frameRecording = try FrameRecorder(directory: directory, limit: settings.recordFramesLimit, logger: logger)
        }
        server.maxClients = settings.maxClients
        server.outputLimit = settings.clientOutputLimit
        server.handshakeTimeout = settings.handshakeTimeout
        server.access = access
        server.messagesPerTurn = settings.clientMessagesPerTurn
        server.notifier = ServiceNotifier.systemd()
        server.inputSource = input
        server.inputSettings = InputChoice.routing(settings, display: display)
        if let interval = server.notifier?.pingInterval {
            logger.info("systemd watchdog enabled", metadata: ["ping_every_s": "\(interval)"])
        }
    }
}
