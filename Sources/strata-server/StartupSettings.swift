import ArgumentParser
import Foundation
import StrataConfig
import StrataInputDevice
import StrataServer

/// Reads the configuration file and applies the command-line options over it, or ends the process with
/// the problem on stderr before anything is bound: exit 78 (EX_CONFIG) for the file, 64 (EX_USAGE) for an
/// option. strata.service lists both in RestartPreventExitStatus=, since restarting cannot fix them.
enum StartupSettings {
    static let configExit: Int32 = 78
    static let usageExit: Int32 = 64

    static func load(configOption: String?, overrides: [(ConfigKey, String)], environment: [String: String]) throws -> ServerConfig {
        var settings: ServerConfig
        do {
            settings = try ConfigFile.load(ConfigFile.choose(option: configOption, environment: environment))
        } catch {
            throw report(error, exit: configExit)
        }
        do {
            try settings.apply(commandLine: overrides)
        } catch {
            throw report(error, exit: usageExit)
        }
        return settings
    }

    /// What the settings need from this machine, checked before anything starts: output settings the kms
    /// backend can honour and a socket group that exists. Returns the socket group's id.
    static func check(_ settings: ServerConfig) throws -> UInt32? {
        _ = try access(settings)
        try checkKeymap(settings)
        if settings.clock == .virtual {
            // The kms backend's vblanks and libinput's timestamps come from the hardware, which no step moves.
            guard settings.backend == .headless else {
                throw failure(settings, .clock, "clock = virtual needs backend = headless (the display's own vblanks cannot be stepped)")
            }
            guard settings.input != .libinput else {
                throw failure(settings, .clock, "clock = virtual takes no input devices (input = libinput); inject input instead")
            }
        }
        if settings.origin(of: .safeAreaInsets) != nil, let problem = settings.headlessSafeAreaProblem {
            throw failure(settings, .safeAreaInsets, problem)
        }
        if let path = TextWorkerChoice.path(settings), !FileManager.default.isExecutableFile(atPath: path) {
            throw failure(settings, .textWorker, "\(path) is not an executable (install strata-text-worker beside strata-server, or set text-worker)")
        }
        guard let name = settings.socketGroup else { return nil }
        guard let gid = UnixGroup.id(of: name) else { throw failure(settings, .socketGroup, "no group named \(name)") }
        return gid
    }

    /// A keymap named in the settings must compile: a typo is the configuration's (exit 78, no restarts),
    /// and --check-config finds it. Unnamed, xkbcommon's defaults are left to the input's start.
    static func checkKeymap(_ settings: ServerConfig) throws {
        let keys: [ConfigKey] = [.keymapLayout, .keymapVariant, .keymapOptions, .keymapModel, .keymapRules]
        guard settings.input != .off, let key = keys.first(where: { settings.origin(of: $0) != nil }) else { return }
        do { _ = try XKBKeyboard(names: InputChoice.keymap(settings)) } catch {
            throw failure(settings, key, "\(error)")
        }
    }

    /// Who may connect and inspect, with every named user and group looked up.
    static func access(_ settings: ServerConfig) throws -> AccessPolicy {
        var policy = AccessPolicy()
        if let name = settings.inspectorGroup {
            guard let gid = UnixGroup.id(of: name) else { throw failure(settings, .inspectorGroup, "no group named \(name)") }
            policy.inspectorGroup = gid
        }
        policy.allowedUsers = try ids(settings.allowUsers, .allowUsers, settings, user: true)
        policy.allowedGroups = try ids(settings.allowGroups, .allowGroups, settings, user: false)
        policy.shellUsers = try ids(settings.shellUsers, .shellUsers, settings, user: true)
        policy.shellGroups = try ids(settings.shellGroups, .shellGroups, settings, user: false)
        return policy
    }

    /// The ids of the users (or groups) a list key names; the first name that is none stops the server.
    private static func ids(_ names: [String], _ key: ConfigKey, _ settings: ServerConfig, user: Bool) throws -> Set<UInt32> {
        var out: Set<UInt32> = []
        for name in names {
            guard let id = user ? UnixUser.id(of: name) : UnixGroup.id(of: name) else {
                throw failure(settings, key, "no \(user ? "user" : "group") named \(name)")
            }
            out.insert(id)
        }
        return out
    }

    /// The per-client quotas the settings give.
    static func quotas(_ settings: ServerConfig) -> ClientQuotas {
        var q = ClientQuotas()
        q.layers = settings.clientMaxLayers
        q.animations = settings.clientMaxAnimations
        q.particles = settings.clientMaxParticles
        q.modelBytes = settings.clientModelBytes
        q.imageBytes = settings.clientImageBytes
        q.sharedMemoryBytes = settings.clientSharedMemory
        q.pendingCommits = settings.clientPendingCommits
        q.pendingCommitBytes = settings.clientPendingBytes
        q.outputBytes = settings.clientOutputLimit
        return q
    }

    /// A setting that parsed but cannot be used (an unknown group, an unbuilt backend), reported where it
    /// was set: `FILE:LINE: MESSAGE` or `--key: MESSAGE`.
    static func failure(_ settings: ServerConfig, _ key: ConfigKey, _ message: String) -> ExitCode {
        switch settings.origin(of: key) {
        case let .file(path, line)?: report(ConfigError(location: "\(path):\(line)", message: message), exit: configExit)
        case .commandLine?: report(ConfigError(location: "--\(key.rawValue)", message: message), exit: usageExit)
        case nil: report(ConfigError(location: key.rawValue, message: message), exit: configExit)
        }
    }

    private static func report(_ error: ConfigError, exit code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("strata-server: \(error)\n".utf8))
        return ExitCode(code)
    }
}
