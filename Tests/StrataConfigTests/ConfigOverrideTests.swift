import StrataConfig
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
        ]
        #expect(Set(values.keys) == Set(ConfigKey.allCases))
        try c.apply(commandLine: ConfigKey.allCases.compactMap { k in values[k].map { (k, $0) } })
        #expect(c.backend == .headless && c.size == PixelSize(width: 10, height: 20) && c.refresh == 30)
        #expect(c.background == .white && c.socketMode == 0o666 && c.socketGroup == "video")
        #expect(c.socket == "rel.sock" && c.shaderCache == "cache", "relative paths are fine on the command line")
        #expect(c.maxClients == 3 && c.clientOutputLimit == 1 << 20 && c.clientMessagesPerTurn == 4 && c.logLevel == .trace)
        #expect(c.drmDevice == "card1")
        #expect(ConfigKey.allCases.allSatisfy { c.origin(of: $0) == .commandLine })
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
