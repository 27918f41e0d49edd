import StrataConfig
import StrataCore
import Testing

@Suite struct ConfigOverrideTests {
    @Test func commandLineOptionsWinOverTheFile() throws {
        var c = try parse("size = 1280x720\nrefresh = 50\nlog-level = debug\nmax-clients = 4")
        try c.apply(commandLine: [(.size, "320x240"), (.maxClients, "2")])
        #expect(c.size == PixelSize(width: 320, height: 240))
        #expect(c.maxClients == 2)
        #expect(c.refresh == 50, "not given on the command line: the file's value stays")
        #expect(c.logLevel == .debug)
        #expect(c.origin(of: .size) == .commandLine)
        #expect(c.origin(of: .refresh) == .file(path: "t.conf", line: 2))
        #expect(c.origin(of: .backend) == nil, "a default has no origin")
    }

    @Test func everyKeyCanBeGivenOnTheCommandLine() throws {
        var c = ServerConfig()
        let values: [ConfigKey: String] = [
            .backend: "headless", .size: "10x20", .refresh: "30", .background: "#FFFFFF", .socket: "rel.sock",
            .socketMode: "0666", .socketGroup: "video", .shaderCache: "cache", .maxClients: "3",
            .clientOutputLimit: "1M", .clientMessagesPerTurn: "4", .logLevel: "trace", .drmDevice: "card1",
            .clientMaxLayers: "10", .clientMaxAnimations: "11", .clientMaxParticles: "13", .clientModelBytes: "1M", .clientImageBytes: "2M",
            .clientSharedMemory: "3M", .clientPendingCommits: "12", .clientPendingBytes: "4M", .handshakeTimeout: "0.5",
            .inspectorGroup: "adm", .allowUsers: "kiosk, 1000", .allowGroups: "video",
            .shellUsers: "shell, 1001", .shellGroups: "strata-shell",
            .input: "off", .inputDevices: "event5", .touchOutput: "DSI-1", .inputInjection: "on",
            .keymapRules: "evdev", .keymapModel: "pc105", .keymapLayout: "de", .keymapVariant: "nodeadkeys",
            .keymapOptions: "ctrl:nocaps", .gpuAnimations: "off", .textWorker: "bin/worker", .textLayoutTimeout: "0.5",
            .recordFrames: "frames", .recordFramesLimit: "30", .maxTextureSize: "512", .scale: "1.5", .frameNice: "-5", .frameRealtime: "7",
            .safeAreaInsets: "0,0,48,0", .clock: "virtual",
        ]
        #expect(Set(values.keys) == Set(ConfigKey.allCases))
        try c.apply(commandLine: ConfigKey.allCases.compactMap { k in values[k].map { (k, $0) } })
        #expect(c.backend == .headless && c.size == PixelSize(width: 10, height: 20) && c.refresh == 30)
        #expect(c.background == .white && c.socketMode == 0o666 && c.socketGroup == "video")
        #expect(c.socket == "rel.sock" && c.shaderCache == "cache", "relative paths are fine on the command line")
        #expect(c.maxClients == 3 && c.clientOutputLimit == 1 << 20 && c.clientMessagesPerTurn == 4 && c.logLevel == .trace)
        #expect(c.drmDevice == "card1")
        #expect(c.clientMaxLayers == 10 && c.clientMaxAnimations == 11 && c.clientMaxParticles == 13 && c.clientModelBytes == 1 << 20)
        #expect(c.clientImageBytes == 2 << 20 && c.clientSharedMemory == 3 << 20 && c.clientPendingCommits == 12)
        #expect(c.clientPendingBytes == 4 << 20 && c.handshakeTimeout == 0.5 && c.inspectorGroup == "adm")
        #expect(c.allowUsers == ["kiosk", "1000"] && c.allowGroups == ["video"])
        #expect(c.shellUsers == ["shell", "1001"] && c.shellGroups == ["strata-shell"])
        #expect(c.input == .off && c.inputDevices == ["event5"] && c.touchOutput == TouchOutputs(output: "DSI-1"))
        #expect(c.inputInjection == .on && c.keymapRules == "evdev" && c.keymapModel == "pc105" && c.keymapLayout == "de")
        #expect(c.gpuAnimations == .off)
        #expect(c.textWorker == .path("bin/worker") && c.textLayoutTimeout == 0.5)
        #expect(c.recordFrames == "frames" && c.recordFramesLimit == 30 && c.frameNice == -5 && c.frameRealtime == 7)
        #expect(c.maxTextureSize == 512 && c.scale == 1.5 && c.clock == .virtual)
        #expect(c.safeAreaInsets == SafeAreaInsets(top: 0, left: 0, bottom: 48, right: 0))
        #expect(c.keymapVariant == "nodeadkeys" && c.keymapOptions == "ctrl:nocaps")
        #expect(ConfigKey.allCases.allSatisfy { c.origin(of: $0) == .commandLine })
    }

    @Test func listsAndSecondsAreChecked() {
        var c = ServerConfig()
        for bad in ["5", "-21", "--3", "-", "ten"] {
            #expect(throws: ConfigError(location: "--frame-nice", message: "frame-nice must be a whole number from -20 to 0, got \(bad)")) {
                try c.apply(commandLine: [(.frameNice, bad)])
            }
        }
        #expect(ServerConfig().frameRealtime == 1)
        for bad in ["100", "-1", "rr"] {
            #expect(throws: ConfigError(location: "--frame-realtime", message: "frame-realtime must be a whole number from 0 to 99, got \(bad)")) {
                try c.apply(commandLine: [(.frameRealtime, bad)])
            }
        }
        #expect(throws: ConfigError(location: "--allow-users", message: "allow-users must be user or group names or numbers separated by commas, got kiosk,,x")) {
            try c.apply(commandLine: [(.allowUsers, "kiosk,,x")])
        }
        #expect(throws: ConfigError(location: "--handshake-timeout", message: "handshake-timeout must be a number of seconds from 0.1 to 600.0, got 0")) {
            try c.apply(commandLine: [(.handshakeTimeout, "0")])
        }
    }

    @Test func aBadOptionNamesTheOption() {
        var c = ServerConfig()
        #expect(throws: ConfigError(location: "--refresh", message: "refresh must be a rate in Hz above 0 and at most 1000, got -1")) {
            try c.apply(commandLine: [(.refresh, "-1")])
        }
        #expect(throws: ConfigError(location: "--backend", message: "backend must be auto, headless or kms, got gbm")) {
            try c.apply(commandLine: [(.backend, "gbm")])
        }
    }

    @Test func socketPathPrecedence() throws {
        let fallback = { "/run/strata/strata.sock" }
        let file = try parse("socket = /srv/file.sock")
        #expect(ServerConfig().socketPath(environment: [:], fallback: fallback) == "/run/strata/strata.sock")
        #expect(file.socketPath(environment: [:], fallback: fallback) == "/srv/file.sock")
        #expect(file.socketPath(environment: ["STRATA_SOCKET": "/tmp/env.sock"], fallback: fallback) == "/tmp/env.sock")
        #expect(file.socketPath(environment: ["STRATA_SOCKET": ""], fallback: fallback) == "/srv/file.sock")
        var cli = file
        try cli.apply(commandLine: [(.socket, "/tmp/cli.sock")])
        #expect(cli.socketPath(environment: ["STRATA_SOCKET": "/tmp/env.sock"], fallback: fallback) == "/tmp/cli.sock")
    }
}
