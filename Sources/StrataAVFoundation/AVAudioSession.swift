import Foundation

/// The app's audio settings (AVFoundation's AVAudioSession), as Linux can honour them (docs/video.md).
/// There is no silent switch and nothing to activate: every category plays, and the app's audio mixes with
/// other programs' (the sound server's policy may duck or cork it). What the category says reaches the sound
/// server as the stream's `media.role` on players made after it is set (`streamRole`). Recording, and asking
/// for others to be ducked or interrupted, Strata cannot do: those throw "unsupported: NAME".
public final class AVAudioSession: @unchecked Sendable {
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
        public static let record = Category(rawValue: "AVAudioSessionCategoryRecord")
        public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
        public static let multiRoute = Category(rawValue: "AVAudioSessionCategoryMultiRoute")
    }

    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
        public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
        public static let voicePrompt = Mode(rawValue: "AVAudioSessionModeVoicePrompt")
        public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
        public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
        public static let gameChat = Mode(rawValue: "AVAudioSessionModeGameChat")
        public static let videoRecording = Mode(rawValue: "AVAudioSessionModeVideoRecording")
        public static let measurement = Mode(rawValue: "AVAudioSessionModeMeasurement")
    }

    /// AVFoundation's raw values.
    public struct CategoryOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
        public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
        public static let overrideMutedMicrophoneInterruption = CategoryOptions(rawValue: 0x80)
    }

    public struct SetActiveOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 0x1)
    }

    private static let shared = AVAudioSession()
    public static func sharedInstance() -> AVAudioSession { shared }

    private let state = Locked(Settings())
    private struct Settings {
        var category = Category.soloAmbient
        var mode = Mode.default
        var options: CategoryOptions = []
        /// Whether the app chose a category: until it does, players leave the role to the sound server.
        var chosen = false
    }

    private init() {}

    /// `.soloAmbient` until set, as in AVFoundation.
    public var category: Category { state.withLock { $0.category } }
    public var mode: Mode { state.withLock { $0.mode } }
    public var categoryOptions: CategoryOptions { state.withLock { $0.options } }

    public func setCategory(_ category: Category) throws { try setCategory(category, mode: .default, options: []) }
    public func setCategory(_ category: Category, options: CategoryOptions = []) throws { try setCategory(category, mode: .default, options: options) }

    /// Throws "unsupported: NAME" for what Strata cannot do (recording categories and modes, other routes,
    /// ducking or interrupting other programs), and leaves the settings as they were.
    public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        if let name = Self.unsupported(category) ?? Self.unsupported(mode) ?? Self.unsupported(options) {
            throw MediaError("unsupported: \(name)")
        }
        state.withLock { $0 = Settings(category: category, mode: mode, options: options, chosen: true) }
    }

    public func setMode(_ mode: Mode) throws { try setCategory(category, mode: mode, options: categoryOptions) }

    /// Succeeds and changes nothing: Linux has no audio session to activate or give up (a player's audio plays
    /// whether or not the app activated one), and no program listens for `.notifyOthersOnDeactivation`.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {}

    /// The `media.role` players made now give their audio stream (PulseAudio's names, which PipeWire's pulse
    /// server passes on): "video" for movie playback, "music" for other playback, "game" for the ambient
    /// categories; nil until a category is set.
    var streamRole: String? {
        let s = state.withLock { $0 }
        guard s.chosen else { return nil }
        if s.mode == .moviePlayback { return "video" }
        return s.category == .playback ? "music" : "game"
    }

    private static func unsupported(_ category: Category) -> String? {
        switch category {
        case .ambient, .soloAmbient, .playback: return nil
        case .record: return "category record"
        case .playAndRecord: return "category playAndRecord"
        case .multiRoute: return "category multiRoute"
        default: return "category \(category.rawValue)"
        }
    }

    private static func unsupported(_ mode: Mode) -> String? {
        switch mode {
        case .default, .moviePlayback, .spokenAudio, .voicePrompt: return nil
        case .voiceChat: return "mode voiceChat"
        case .videoChat: return "mode videoChat"
        case .gameChat: return "mode gameChat"
        case .videoRecording: return "mode videoRecording"
        case .measurement: return "mode measurement"
        default: return "mode \(mode.rawValue)"
        }
    }

    /// `.mixWithOthers` is what Linux does anyway and `.allowBluetoothA2DP` is the sound server's routing;
    /// the rest need a microphone, AirPlay, or a say over other programs' audio.
    private static func unsupported(_ options: CategoryOptions) -> String? {
        let named: [(CategoryOptions, String)] = [
            (CategoryOptions(rawValue: 0x10), "interruptSpokenAudioAndMixWithOthers"), (.duckOthers, "duckOthers"),
            (.allowBluetooth, "allowBluetooth"), (.defaultToSpeaker, "defaultToSpeaker"), (.allowAirPlay, "allowAirPlay"),
            (.overrideMutedMicrophoneInterruption, "overrideMutedMicrophoneInterruption"),
        ]
        if let (_, name) = named.first(where: { options.contains($0.0) }) { return "option \(name)" }
        let known: CategoryOptions = [.mixWithOthers, .allowBluetoothA2DP]
        let rest = options.subtracting(known).subtracting(CategoryOptions(named.map(\.0)))
        return rest.isEmpty ? nil : "option 0x\(String(rest.rawValue, radix: 16))"
    }
}
