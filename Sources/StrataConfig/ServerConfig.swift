import StrataCore

/// Every `strata-server` setting, typed and validated, with its built-in default. Filled from the
/// configuration file (`ConfigParser`), then from command-line options (`apply(commandLine:)`), so an
/// option given on the command line always wins over the file. docs/configuration.md lists every key.
public struct ServerConfig: Equatable, Sendable {
    public enum Backend: String, CaseIterable, Sendable {
        case auto, headless, kms
    }

    /// Where input comes from: libinput on the seat, nothing, or `auto` (libinput on the kms backend).
    public enum Input: String, CaseIterable, Sendable {
        case auto, libinput, off
    }

    /// Whether inspectors may inject input events (`auto`: on the headless backend only).
    public enum InputInjection: String, CaseIterable, Sendable {
        case auto, on, off
    }

    /// Where animations are evaluated: `auto`, on the GPU once a frame has 16 animated layers (fewer cost
    /// less on the CPU, repainting only what moved); `always`, on the GPU whatever the count; `off`, all on
    /// the CPU (a way round a GPU driver's fault).
    public enum GPUAnimations: String, CaseIterable, Sendable {
        case auto, always, off
    }

    /// Where clients' text is laid out: `auto`, in the `strata-text-worker` beside the server's executable;
    /// a path, in that worker executable; `off`, in the server's own frame thread (a library's abort on a
    /// client's string then takes the server down: for debugging only).
    public enum TextWorker: Equatable, Sendable {
        case auto, off
        case path(String)
    }

    /// What frames are timed by: the wall clock, or a virtual clock that stands still until an inspector
    /// advances it (`strata-server --clock virtual`; tests, docs/testing.md). Virtual needs the headless backend.
    public enum Clock: String, CaseIterable, Sendable {
        case wall, virtual
    }

    /// swift-log's levels by name (this module stays free of swift-log; the server maps them).
    public enum LogLevel: String, CaseIterable, Sendable {
        case trace, debug, info, notice, warning, error, critical
    }

    public var backend: Backend = .auto
    /// Headless framebuffer size in pixels.
    public var size = PixelSize(width: 640, height: 480)
    /// Headless virtual vblank rate, Hz.
    public var refresh = 60.0
    public var background = Color.black
    /// Socket path the server binds when systemd passes none (nil: the environment's default, see
    /// `socketPath(environment:)`).
    public var socket: String?
    /// Permissions of a socket file the server binds itself (not of one systemd passes).
    public var socketMode: UInt32 = 0o660
    /// Group (name or number) given to a socket file the server binds itself; nil keeps the server's group.
    public var socketGroup: String?
    /// Directory for linked shader binaries; nil: `$CACHE_DIRECTORY/shaders` under systemd, else none.
    public var shaderCache: String?
    /// Connections served at once; further ones are refused with a logged reason.
    public var maxClients = 64
    /// Unsent output, in bytes, after which a client that is not reading is disconnected.
    public var clientOutputLimit = 8 << 20
    /// Complete messages handled per client per loop turn.
    public var clientMessagesPerTurn = 16
    // Per-client quotas (StrataServer's ClientQuotas has the same defaults; docs/security.md).
    /// Layers one client may hold.
    public var clientMaxLayers = 20_000
    /// Animations one client may have attached at once.
    public var clientMaxAnimations = 20_000
    /// Particles one client's emitter layers may keep alive at once, as their values bound them.
    public var clientMaxParticles = 200_000
    /// Estimated bytes of one client's variable-size values (paths, lists, keyframes).
    public var clientModelBytes = 32 << 20
    /// Pixel bytes of one client's images.
    public var clientImageBytes = 128 << 20
    /// Shared memory the server keeps mapped for one client.
    public var clientSharedMemory = 192 << 20
    /// Commits of one client received and not yet applied, and their bytes.
    public var clientPendingCommits = 256
    public var clientPendingBytes = 8 << 20
    /// Seconds a new connection has to say hello.
    public var handshakeTimeout = 5.0
    /// Members of this group (name or number) may inspect every client's tree and pixels.
    public var inspectorGroup: String?
    /// When either is non-empty, only these users and groups (names or numbers) may connect.
    public var allowUsers: [String] = []
    public var allowGroups: [String] = []
    /// Users and groups whose clients are shells: they may host any client's roots (`rootContexts`).
    public var shellUsers: [String] = []
    public var shellGroups: [String] = []
    public var logLevel: LogLevel = .info
    /// `[output NAME]` sections in file order. Only the kms backend uses them.
    public var outputs: [OutputConfig] = []
    /// The DRM card the kms backend drives (nil: the first `/dev/dri/card*` with a connected output).
    public var drmDevice: String?

    public var input: Input = .auto
    /// Device names or sysnames the server reads (empty: every device of the seat).
    public var inputDevices: [String] = []
    public var touchOutput = TouchOutputs()
    public var inputInjection: InputInjection = .auto
    public var gpuAnimations: GPUAnimations = .auto
    public var textWorker: TextWorker = .auto
    /// Seconds one layout may take in the text worker before it counts as hung and is restarted.
    public var textLayoutTimeout = 2.0
    /// The keymap's RMLVO names (nil: xkbcommon's default, which reads XKB_DEFAULT_*).
    public var keymapRules: String?
    public var keymapModel: String?
    public var keymapLayout: String?
    public var keymapVariant: String?
    public var keymapOptions: String?

    /// The nice value the server's frame thread (and the GL driver's threads) asks for at start-up
    /// (`FramePriority`): ahead of clients' processes on a busy CPU. 0 leaves the priority as it is.
    public var frameNice: Int32 = -10
    /// The real-time (SCHED_RR) priority the frame thread asks for once its display is made, 1…99
    /// (`FramePriority.becomeRealtime`): no client's process can take its CPU mid-frame. 0: not asked for.
    public var frameRealtime: Int32 = 1
    /// A directory each presented frame is written to (PNG, with `frames.jsonl` naming its target time);
    /// nil: none. For tests and for looking at animations frame by frame: reading a frame back costs time.
    public var recordFrames: String?
    /// Frames `recordFrames` writes at most; later ones are not recorded.
    public var recordFramesLimit = 600
    /// The largest texture side the renderer uploads contents as (nil: the GL's GL_MAX_TEXTURE_SIZE; a
    /// smaller one only lowers it). Larger images are split into tiles.
    public var maxTextureSize: Int?
    /// The headless output's pixels per layer point (`size` stays in pixels: 640x400 at 2 is 320 × 200 points).
    public var scale = 1.0
    /// The headless output's safe-area insets in points (`[output NAME] safe-area-insets` sets a kms output's).
    public var safeAreaInsets = SafeAreaInsets.zero
    public var clock: Clock = .wall

    /// Where each setting that is not a default came from.
    public private(set) var origins: [ConfigKey: ConfigOrigin] = [:]

    public init() {}

    public func origin(of key: ConfigKey) -> ConfigOrigin? { origins[key] }

    /// Sets one global key from its text, recording where it came from. Paths must be absolute in a file
    /// (relative to what?), and may be relative on the command line (to the working directory).
    mutating func set(_ key: ConfigKey, _ text: String, from origin: ConfigOrigin) throws(ConfigValueError) {
        let pathRule: ConfigValues.PathRule = origin.isCommandLine ? .anyPath : .absolute
        switch key {
        case .backend: backend = try ConfigValues.choice(key.rawValue, text, Backend.self)
        case .size: size = try ConfigValues.pixelSize(key.rawValue, text)
        case .refresh: refresh = try ConfigValues.hertz(key.rawValue, text)
        case .background: background = try ConfigValues.color(key.rawValue, text)
        case .socket: socket = try ConfigValues.socketPath(key.rawValue, text, pathRule)
        case .socketMode: socketMode = try ConfigValues.permissions(key.rawValue, text)
        case .socketGroup: socketGroup = try ConfigValues.group(key.rawValue, text)
        case .shaderCache: shaderCache = try ConfigValues.path(key.rawValue, text, pathRule)
        case .maxClients: maxClients = try ConfigValues.integer(key.rawValue, text, in: 1...10_000)
        case .clientOutputLimit: clientOutputLimit = try ConfigValues.byteCount(key.rawValue, text, in: 64 << 10...1 << 30)
        case .clientMessagesPerTurn: clientMessagesPerTurn = try ConfigValues.integer(key.rawValue, text, in: 1...4096)
        case .clientMaxLayers: clientMaxLayers = try ConfigValues.integer(key.rawValue, text, in: 1...1_000_000)
        case .clientMaxAnimations: clientMaxAnimations = try ConfigValues.integer(key.rawValue, text, in: 1...1_000_000)
        case .clientMaxParticles: clientMaxParticles = try ConfigValues.integer(key.rawValue, text, in: 1...10_000_000)
        case .clientModelBytes: clientModelBytes = try ConfigValues.byteCount(key.rawValue, text, in: 64 << 10...16 << 30)
        case .clientImageBytes: clientImageBytes = try ConfigValues.byteCount(key.rawValue, text, in: 64 << 10...16 << 30)
        case .clientSharedMemory: clientSharedMemory = try ConfigValues.byteCount(key.rawValue, text, in: 64 << 10...16 << 30)
        case .clientPendingCommits: clientPendingCommits = try ConfigValues.integer(key.rawValue, text, in: 1...65_536)
        case .clientPendingBytes: clientPendingBytes = try ConfigValues.byteCount(key.rawValue, text, in: 64 << 10...4 << 30)
        case .handshakeTimeout: handshakeTimeout = try ConfigValues.seconds(key.rawValue, text, in: 0.1...600)
        case .inspectorGroup: inspectorGroup = try ConfigValues.group(key.rawValue, text)
        case .allowUsers: allowUsers = try ConfigValues.nameList(key.rawValue, text)
        case .allowGroups: allowGroups = try ConfigValues.nameList(key.rawValue, text)
        case .shellUsers: shellUsers = try ConfigValues.nameList(key.rawValue, text)
        case .shellGroups: shellGroups = try ConfigValues.nameList(key.rawValue, text)
        case .logLevel: logLevel = try ConfigValues.choice(key.rawValue, text, LogLevel.self)
        case .drmDevice: drmDevice = try ConfigValues.path(key.rawValue, text, pathRule)
        case .input: input = try ConfigValues.choice(key.rawValue, text, Input.self)
        case .inputDevices: inputDevices = try ConfigValues.deviceList(key.rawValue, text)
        case .touchOutput: touchOutput = try ConfigValues.touchOutputs(key.rawValue, text)
        case .inputInjection: inputInjection = try ConfigValues.choice(key.rawValue, text, InputInjection.self)
        case .keymapRules: keymapRules = try ConfigValues.keymapName(key.rawValue, text)
        case .keymapModel: keymapModel = try ConfigValues.keymapName(key.rawValue, text)
        case .keymapLayout: keymapLayout = try ConfigValues.keymapName(key.rawValue, text)
        case .keymapVariant: keymapVariant = try ConfigValues.keymapName(key.rawValue, text)
        case .keymapOptions: keymapOptions = try ConfigValues.keymapName(key.rawValue, text)
        case .gpuAnimations: gpuAnimations = try ConfigValues.choice(key.rawValue, text, GPUAnimations.self)
        case .textWorker: textWorker = text == "auto" ? .auto : text == "off" ? .off : .path(try ConfigValues.path(key.rawValue, text, pathRule))
        case .textLayoutTimeout: textLayoutTimeout = try ConfigValues.seconds(key.rawValue, text, in: 0.1...60)
        case .frameNice: frameNice = Int32(try ConfigValues.signedInteger(key.rawValue, text, in: -20...0))
        case .frameRealtime: frameRealtime = Int32(try ConfigValues.integer(key.rawValue, text, in: 0...99))
        case .recordFrames: recordFrames = try ConfigValues.path(key.rawValue, text, pathRule)
        case .recordFramesLimit: recordFramesLimit = try ConfigValues.integer(key.rawValue, text, in: 1...1_000_000)
        case .maxTextureSize: maxTextureSize = try ConfigValues.integer(key.rawValue, text, in: 64...16384)
        case .scale: scale = try ConfigValues.scale(key.rawValue, text)
        case .safeAreaInsets: safeAreaInsets = try ConfigValues.safeAreaInsets(key.rawValue, text)
        case .clock: clock = try ConfigValues.choice(key.rawValue, text, Clock.self)
        }
        origins[key] = origin
    }

    /// Applies command-line options over the file's settings. Each value is checked exactly as in the file;
    /// an error names the option (`--size: size must be …`).
    public mutating func apply(commandLine options: [(ConfigKey, String)]) throws(ConfigError) {
        for (key, text) in options {
            do { try set(key, text, from: .commandLine) } catch {
                throw ConfigError(location: "--\(key.rawValue)", message: error.message)
            }
        }
    }

    /// Why the headless output's `safe-area-insets` cannot be used (they cover all of its `size` ÷ `scale`
    /// points on an axis), or nil.
    public var headlessSafeAreaProblem: String? {
        let width = Double(size.width) / scale, height = Double(size.height) / scale
        guard !safeAreaInsets.leavesRoom(width: width, height: height) else { return nil }
        return "safe-area-insets \(safeAreaInsets) leave no safe area on the \(size) headless output at scale \(SafeAreaInsets.number(scale)) "
            + "(\(SafeAreaInsets.number(width)) × \(SafeAreaInsets.number(height)) points): left + right must be below the width and top + bottom below the height"
    }

    /// The path to bind when systemd passes no socket: `--socket`, else `STRATA_SOCKET`, else the file's
    /// `socket`, else `fallback` (`$XDG_RUNTIME_DIR/strata.sock`, else `/run/strata/strata.sock`, which
    /// `SocketPath.resolve` gives). The environment wins over the file so that a shell that sets
    /// STRATA_SOCKET for its clients also moves the server it starts.
    public func socketPath(environment: [String: String], fallback: () -> String) -> String {
        if case .commandLine = origins[.socket], let socket { return socket }
        if let env = environment["STRATA_SOCKET"], !env.isEmpty { return env }
        return socket ?? fallback()
    }
}

/// Width and height in pixels, each 1…16384.
public struct PixelSize: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}
