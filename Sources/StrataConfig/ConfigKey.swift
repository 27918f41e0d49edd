/// The global keys of the configuration file. Each one's raw value is both the file's key and the
/// command-line option's name (`max-clients` ↔ `--max-clients`).
public enum ConfigKey: String, CaseIterable, Sendable {
    case backend, size, refresh, background, socket
    case socketMode = "socket-mode"
    case socketGroup = "socket-group"
    case shaderCache = "shader-cache"
    case maxClients = "max-clients"
    case clientOutputLimit = "client-output-limit"
    case clientMessagesPerTurn = "client-messages-per-turn"
    case clientMaxLayers = "client-max-layers"
    case clientMaxAnimations = "client-max-animations"
    case clientMaxParticles = "client-max-particles"
    case clientModelBytes = "client-model-bytes"
    case clientImageBytes = "client-image-bytes"
    case clientSharedMemory = "client-shared-memory"
    case clientPendingCommits = "client-pending-commits"
    case clientPendingBytes = "client-pending-bytes"
    case handshakeTimeout = "handshake-timeout"
    case inspectorGroup = "inspector-group"
    case allowUsers = "allow-users"
    case allowGroups = "allow-groups"
    case shellUsers = "shell-users"
    case shellGroups = "shell-groups"
    case logLevel = "log-level"
    case drmDevice = "drm-device"
    case input
    case inputDevices = "input-devices"
    case touchOutput = "touch-output"
    case inputInjection = "input-injection"
    case keymapRules = "keymap-rules"
    case keymapModel = "keymap-model"
    case keymapLayout = "keymap-layout"
    case keymapVariant = "keymap-variant"
    case keymapOptions = "keymap-options"
    case gpuAnimations = "gpu-animations"
    case textWorker = "text-worker"
    case textLayoutTimeout = "text-layout-timeout"
    case frameNice = "frame-nice"
    case frameRealtime = "frame-realtime"
    case recordFrames = "record-frames"
    case recordFramesLimit = "record-frames-limit"
    case maxTextureSize = "max-texture-size"
    /// The headless output's scale (an `[output NAME]` section's `scale` sets a kms output's).
    case scale
    /// The headless output's safe-area insets (an `[output NAME]` section's `safe-area-insets` sets a kms output's).
    case safeAreaInsets = "safe-area-insets"
    case clock
}

/// The keys of an `[output NAME]` section.
public enum OutputKey: String, CaseIterable, Sendable {
    case mode, rotation, scale
    case safeAreaInsets = "safe-area-insets"
}

/// Where a setting came from, for messages about it after parsing (for example a socket group that
/// does not exist, found only when the server binds its socket).
public enum ConfigOrigin: Equatable, Sendable, CustomStringConvertible {
    case file(path: String, line: Int)
    case commandLine

    var isCommandLine: Bool { self == .commandLine }

    public var description: String {
        switch self {
        case let .file(path, line): "\(path):\(line)"
        case .commandLine: "command line"
        }
    }
}
