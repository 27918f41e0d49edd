import ArgumentParser
import Foundation
import Logging
import StrataConfig
import StrataDisplay
import StrataProtocol
import StrataRender
import StrataServer

@main
struct StrataServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-server",
        abstract: "The Strata render server: composites client layer trees with OpenGL ES, paced by vblank.",
        discussion: "Settings come from the configuration file, then from these options, which win. docs/configuration.md describes each one.",
        version: StrataVersion.current)

    @Option(help: "Configuration file (default: STRATA_CONFIG, else /etc/strata/strata.conf, which may be absent).")
    var config: String?

    @Flag(help: "Check the configuration file and options, say what is wrong or OK, and exit without serving.")
    var checkConfig = false

    // Each option below overrides the file's key of the same name; nil means "not given".
    @Option(help: "Display backend: auto (kms when a DRM device has a connected output, else headless), headless or kms. Default auto.")
    var backend: String?

    @Option(help: "DRM card for the kms backend, such as /dev/dri/card0. Default: the first card with a connected output.")
    var drmDevice: String?

    @Option(help: "Headless framebuffer size, WIDTHxHEIGHT. Default 640x480.")
    var size: String?

    @Option(help: "Virtual vblank rate of the headless backend, in Hz. Default 60.")
    var refresh: String?

    @Option(help: "Socket path (default: STRATA_SOCKET, the file's socket, $XDG_RUNTIME_DIR/strata.sock, /run/strata/strata.sock). Ignored under systemd socket activation.")
    var socket: String?

    @Option(help: "Octal permissions of the socket file the server binds itself. Default 0660.")
    var socketMode: String?

    @Option(help: "Group (name or number) of the socket file the server binds itself. Default: the server's group.")
    var socketGroup: String?

    @Option(help: "Display background colour, #RRGGBB or #RRGGBBAA. Default #000000.")
    var background: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. Default info.")
    var logLevel: String?

    @Option(help: "Directory for linked shader program binaries, so restarts skip compiling (default: $CACHE_DIRECTORY/shaders when systemd sets it, else none).")
    var shaderCache: String?

    @Option(help: "Where animations are evaluated: auto (on the GPU once a frame has 16 animated layers), always (on the GPU) or off (on the CPU). Default auto.")
    var gpuAnimations: String?

    @Option(help: "Where clients' text is laid out: auto (the strata-text-worker beside this executable), a worker executable's path, or off (on the frame thread). Default auto.")
    var textWorker: String?

    @Option(help: "Seconds one text layout may take in the worker before it is restarted. Default 2.")
    var textLayoutTimeout: String?

    @Option(help: "Connections served at once; further ones are refused. Default 64.")
    var maxClients: String?

    @Option(help: "Unsent output after which a client that is not reading is disconnected, bytes or with K/M/G. Default 8M.")
    var clientOutputLimit: String?

    @Option(help: "Messages handled per client per loop turn. Default 16.")
    var clientMessagesPerTurn: String?

    @Option(help: "Layers one client may hold. Default 20000.")
    var clientMaxLayers: String?

    @Option(help: "Animations one client may have attached at once. Default 20000.")
    var clientMaxAnimations: String?

    @Option(help: "Particles one client's emitter layers may keep alive at once. Default 200000.")
    var clientMaxParticles: String?

    @Option(help: "Estimated bytes of one client's paths, lists and keyframes, with K/M/G. Default 32M.")
    var clientModelBytes: String?

    @Option(help: "Pixel bytes of one client's images, with K/M/G. Default 128M.")
    var clientImageBytes: String?

    @Option(help: "Shared memory the server keeps mapped for one client, with K/M/G. Default 192M.")
    var clientSharedMemory: String?

    @Option(help: "Commits of one client received and not yet applied. Default 256.")
    var clientPendingCommits: String?

    @Option(help: "Bytes of those commits, with K/M/G. Default 8M.")
    var clientPendingBytes: String?

    @Option(help: "Seconds a new connection has to complete its handshake. Default 5.")
    var handshakeTimeout: String?

    @Option(help: "Group (name or number) whose members may inspect every client's tree and pixels. Default: none (root and the server's user only).")
    var inspectorGroup: String?

    @Option(help: "Users (names or numbers, comma-separated) allowed to connect. Default: anyone who can open the socket.")
    var allowUsers: String?

    @Option(help: "Groups (names or numbers, comma-separated) whose members may connect. Default: anyone who can open the socket.")
    var allowGroups: String?

    @Option(help: "Users (names or numbers, comma-separated) whose clients are shells: they may host any client's roots. Default: none.")
    var shellUsers: String?

    @Option(help: "Groups (names or numbers, comma-separated) whose members' clients are shells. Default: none.")
    var shellGroups: String?

    @Option(help: "Input: auto (libinput on the kms backend, none on headless), libinput or off. Default auto.")
    var input: String?

    @Option(help: "Input devices to read, names or event nodes (event5), comma-separated. Default: every device of the seat.")
    var inputDevices: String?

    @Option(help: "Output touches land on: OUTPUT, or DEVICE=OUTPUT per device, comma-separated. Default: udev's WL_OUTPUT, else the primary output.")
    var touchOutput: String?

    @Option(help: "Whether inspectors may inject input with strata input: auto (on for the headless backend only), on or off. Default auto.")
    var inputInjection: String?

    @Option(help: "xkb rules of the keymap. Default: xkbcommon's (XKB_DEFAULT_RULES, else evdev).")
    var keymapRules: String?

    @Option(help: "xkb keyboard model, such as pc105. Default: xkbcommon's.")
    var keymapModel: String?

    @Option(help: "Keyboard layouts, such as de or us,de. Default: xkbcommon's (XKB_DEFAULT_LAYOUT, else us).")
    var keymapLayout: String?

    @Option(help: "Layout variants, such as nodeadkeys. Default: xkbcommon's.")
    var keymapVariant: String?

    @Option(help: "xkb options, such as ctrl:nocaps. Default: xkbcommon's.")
    var keymapOptions: String?

    @Option(help: "Nice value the frame thread asks for at start-up, -20 to 0 (0: unchanged). Default -10.")
    var frameNice: String?

    @Option(help: "Real-time (round-robin) priority the frame thread asks for once its display is made, 0 to 99 (0: none). Default 1.")
    var frameRealtime: String?

    @Option(help: "Directory each presented frame is written to as a PNG, with frames.jsonl naming its target time. Default: none.")
    var recordFrames: String?

    @Option(help: "Frames --record-frames writes at most. Default 600.")
    var recordFramesLimit: String?

    @Option(help: "Largest texture side, 64 to 16384, for contents (larger images are split into tiles). Default: the GL's limit.")
    var maxTextureSize: String?

    @Option(help: "The headless output's pixels per layer point, above 0 and at most 8 (e.g. 2). Default 1.")
    var scale: String?

    @Option(help: "The headless output's safe-area insets in points, TOP,LEFT,BOTTOM,RIGHT (what a bezel hides; UIKit's window safeAreaInsets). Default 0,0,0,0.")
    var safeAreaInsets: String?

    @Option(help: "What frames are timed by: wall, or virtual (time stands still until an inspector advances it; for tests, headless only). Default wall.")
    var clock: String?

    /// The options given, as configuration keys.
    var overrides: [(ConfigKey, String)] {
        let given: [(ConfigKey, String?)] = [
            (.backend, backend), (.size, size), (.refresh, refresh), (.socket, socket), (.socketMode, socketMode),
            (.socketGroup, socketGroup), (.background, background), (.logLevel, logLevel), (.shaderCache, shaderCache),
            (.maxClients, maxClients), (.clientOutputLimit, clientOutputLimit), (.clientMessagesPerTurn, clientMessagesPerTurn),
            (.drmDevice, drmDevice), (.clientMaxLayers, clientMaxLayers), (.clientMaxAnimations, clientMaxAnimations), (.clientMaxParticles, clientMaxParticles),
            (.clientModelBytes, clientModelBytes), (.clientImageBytes, clientImageBytes), (.clientSharedMemory, clientSharedMemory),
            (.clientPendingCommits, clientPendingCommits), (.clientPendingBytes, clientPendingBytes),
            (.handshakeTimeout, handshakeTimeout), (.inspectorGroup, inspectorGroup), (.allowUsers, allowUsers),
            (.allowGroups, allowGroups), (.shellUsers, shellUsers), (.shellGroups, shellGroups), (.input, input), (.inputDevices, inputDevices), (.touchOutput, touchOutput),
            (.inputInjection, inputInjection), (.keymapRules, keymapRules), (.keymapModel, keymapModel),
            (.keymapLayout, keymapLayout), (.keymapVariant, keymapVariant), (.keymapOptions, keymapOptions),
            (.gpuAnimations, gpuAnimations), (.textWorker, textWorker), (.textLayoutTimeout, textLayoutTimeout),
            (.frameNice, frameNice), (.frameRealtime, frameRealtime), (.recordFrames, recordFrames), (.recordFramesLimit, recordFramesLimit),
            (.maxTextureSize, maxTextureSize), (.scale, scale), (.safeAreaInsets, safeAreaInsets), (.clock, clock),
        ]
        return given.compactMap { key, value in value.map { (key, $0) } }
    }

    /// The daemon's start-up steps, in the order they must happen (`ServerSetup` holds the longer ones).
    func run() throws {
        MemoryRelease.keepHeapBetweenFrames()
        let env = ProcessInfo.processInfo.environment
        let settings = try StartupSettings.load(configOption: config, overrides: overrides, environment: env)
        let socketGroup = try StartupSettings.check(settings)
        if checkConfig {
            let path = ConfigFile.choose(option: config, environment: env).path
            print("strata-server: configuration OK (\(FileManager.default.fileExists(atPath: path) ? path : "no \(path): the defaults"))")
            return
        }
        let logger = ServerSetup.startLogging(settings)
        // Before the display and its driver's threads exist, so that they run at it too.
        ServerSetup.raisePriority(settings, logger: logger)
        // The display chosen first, then input (libinput opens its devices through the card's seat): a card
        // that cannot be opened or an input that cannot start stops the server before it binds its socket.
        let planned = try DisplayChoice.plan(settings, logger: logger)
        let input = try InputChoice.make(settings, display: planned, logger: logger)
        let access = try StartupSettings.access(settings)
        let listener = try ServerSocket.open(settings, group: socketGroup, environment: env, logger: logger)
        // Clients are greeted while GL starts; what they send after hello waits until the server runs.
        let virtualClock = settings.clock == .virtual ? VirtualClock() : nil
        let lobby = ClientLobby(listener: listener, outputs: planned.outputs, access: access,
                                maxClients: settings.maxClients, logger: logger, virtualTime: virtualClock?.now)
        try lobby.start()
        let display: DisplaySet, compositor: Compositor
        do {
            (display, compositor) = try ServerSetup.makeCompositor(planned, settings: settings, environment: env, logger: logger)
        } catch {
            // No server after all: the greeted clients see the connection end, and the socket file goes.
            _ = lobby.finish()
            if let path = listener.path { unlink(path) }
            throw error
        }
        // After the display, whose driver threads (llvmpipe's rasterisers) keep `frame-nice`: only this thread
        // is real-time, and what it starts from now on is not (SCHED_RESET_ON_FORK).
        ServerSetup.becomeRealtime(settings, logger: logger)
        try ServerSetup.configure(compositor, settings: settings, planned: planned, display: display, virtualClock: virtualClock != nil, logger: logger)
        let server = RenderServer(compositor: compositor, listener: listener, logger: logger, virtualClock: virtualClock)
        if virtualClock != nil { logger.info("clock: virtual; frames are drawn only when an inspector advances it", metadata: ["now": "\(VirtualClock.start)"]) }
        try ServerSetup.configure(server, settings: settings, access: access, input: input, display: display, logger: logger)
        server.adopt(lobby.finish())
        try server.run()
    }
}
