import Foundation

/// The app's audio settings (AVFoundation's AVAudioSession), as Linux can honour them (docs/video.md).
/// There is no silent switch and nothing to activate: every category plays, and the app's audio mixes with
/// other programs' (the sound server's policy may duck or cork it). What the category says reaches the sound
/// server as the stream's `media.role` on players made after it is set (`streamRole`). Recording, and asking
/// for others to be ducked or interrupted, Strata cannot do: those throw "unsupported: NAME".
public final class AVAudioSession: @unchecked Sendable {
    /// What the app's audio is for (AVFoundation's AVAudioSession.Category, with its raw values). Only the
    /// playing categories are supported; the category becomes the `media.role` of the audio of players made
    /// after it is set. See <doc:Status#Layer-subclasses>.
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Sound that mixes with others' (raw value "AVAudioSessionCategoryAmbient"); plays in Strata (there is no
        /// silent switch), with the stream role "game" (or "video" with the mode `.moviePlayback`).
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
        /// The default category (raw value "AVAudioSessionCategorySoloAmbient"); plays in Strata and does not
        /// silence other programs; once set explicitly, the stream role is "game" (or "video" with `.moviePlayback`).
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
        /// Playback central to the app (raw value "AVAudioSessionCategoryPlayback"): the stream role "music", or
        /// "video" with the mode `.moviePlayback`.
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
        /// Recording only (raw value "AVAudioSessionCategoryRecord"); unsupported: setting it throws
        /// "unsupported: category record".
        public static let record = Category(rawValue: "AVAudioSessionCategoryRecord")
        /// Recording and playback (raw value "AVAudioSessionCategoryPlayAndRecord"); unsupported: setting it
        /// throws "unsupported: category playAndRecord".
        public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
        /// Several audio routes at once (raw value "AVAudioSessionCategoryMultiRoute"); unsupported: setting it
        /// throws "unsupported: category multiRoute".
        public static let multiRoute = Category(rawValue: "AVAudioSessionCategoryMultiRoute")
    }

    /// A specialisation of the category (AVFoundation's AVAudioSession.Mode, with its raw values). The chat,
    /// recording and measurement modes are unsupported: setting them throws. See <doc:Status#Layer-subclasses>.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The default mode (raw value "AVAudioSessionModeDefault").
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
        /// Movie playback (raw value "AVAudioSessionModeMoviePlayback"): players made after it give their audio
        /// the stream role "video".
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
        /// Spoken audio such as podcasts (raw value "AVAudioSessionModeSpokenAudio"); accepted, changes nothing.
        public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
        /// Spoken prompts (raw value "AVAudioSessionModeVoicePrompt"); accepted, changes nothing.
        public static let voicePrompt = Mode(rawValue: "AVAudioSessionModeVoicePrompt")
        /// Two-way voice calls (raw value "AVAudioSessionModeVoiceChat"); unsupported: throws
        /// "unsupported: mode voiceChat".
        public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
        /// Two-way video calls (raw value "AVAudioSessionModeVideoChat"); unsupported: throws
        /// "unsupported: mode videoChat".
        public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
        /// Game chat (raw value "AVAudioSessionModeGameChat"); unsupported: throws "unsupported: mode gameChat".
        public static let gameChat = Mode(rawValue: "AVAudioSessionModeGameChat")
        /// Recording video (raw value "AVAudioSessionModeVideoRecording"); unsupported: throws
        /// "unsupported: mode videoRecording".
        public static let videoRecording = Mode(rawValue: "AVAudioSessionModeVideoRecording")
        /// Measuring input or output with minimal processing (raw value "AVAudioSessionModeMeasurement");
        /// unsupported: throws "unsupported: mode measurement".
        public static let measurement = Mode(rawValue: "AVAudioSessionModeMeasurement")
    }

    /// AVFoundation's raw values.
    public struct CategoryOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mix with other programs' audio (0x1); accepted: on Linux it always does.
        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        /// Lower other programs' audio while this plays (0x2); unsupported: throws "unsupported: option duckOthers".
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        /// Bluetooth hands-free input and output (0x4); unsupported: throws "unsupported: option allowBluetooth".
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        /// Route output to the built-in speaker when recording (0x8); unsupported: throws
        /// "unsupported: option defaultToSpeaker".
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        /// Pause other programs' spoken audio and mix with the rest (0x11, including `.mixWithOthers`);
        /// unsupported: throws "unsupported: option interruptSpokenAudioAndMixWithOthers".
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
        /// Play to Bluetooth A2DP devices (0x20); accepted: the sound server routes to a Bluetooth speaker as to
        /// any output.
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
        /// Play to AirPlay devices (0x40); unsupported: throws "unsupported: option allowAirPlay".
        public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
        /// Keep recording while the microphone is muted (0x80); unsupported: throws
        /// "unsupported: option overrideMutedMicrophoneInterruption".
        public static let overrideMutedMicrophoneInterruption = CategoryOptions(rawValue: 0x80)
    }

    /// Options for `setActive(_:options:)` (AVFoundation's AVAudioSession.SetActiveOptions, with its raw values);
    /// accepted and ignored, as `setActive` changes nothing on Linux.
    public struct SetActiveOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Tell other programs they may resume their audio when this session deactivates (0x1); no program on
        /// Linux listens for it.
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 0x1)
    }

    private static let shared = AVAudioSession()
    /// The process's one audio session.
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
    /// The mode last set (`.default` until set).
    public var mode: Mode { state.withLock { $0.mode } }
    /// The category options last set (none until set).
    public var categoryOptions: CategoryOptions { state.withLock { $0.options } }

    /// Sets the category with the mode `.default` and no options; throws "unsupported: category NAME" for a
    /// recording or multi-route category, leaving the settings as they were.
    public func setCategory(_ category: Category) throws { try setCategory(category, mode: .default, options: []) }
    /// Sets the category and options with the mode `.default`; throws "unsupported: NAME" for what Strata cannot
    /// do (see `setCategory(_:mode:options:)`), leaving the settings as they were.
    public func setCategory(_ category: Category, options: CategoryOptions = []) throws { try setCategory(category, mode: .default, options: options) }

    /// Throws "unsupported: NAME" for what Strata cannot do (recording categories and modes, other routes,
    /// ducking or interrupting other programs), and leaves the settings as they were.
    public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        if let name = Self.unsupported(category) ?? Self.unsupported(mode) ?? Self.unsupported(options) {
            throw MediaError("unsupported: \(name)")
        }
        state.withLock { $0 = Settings(category: category, mode: mode, options: options, chosen: true) }
    }

    /// Sets the mode, keeping the category and options; throws "unsupported: mode NAME" for the chat, recording
    /// and measurement modes, leaving the settings as they were.
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
