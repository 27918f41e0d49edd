import Foundation
import StrataConfig
import Testing

@Suite struct ConfigFileTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-conf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func write(_ text: String, _ name: String = "strata.conf") throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func theOptionWinsOverTheEnvironmentWhichWinsOverTheDefault() {
        #expect(ConfigFile.choose(option: "/a.conf", environment: ["STRATA_CONFIG": "/b.conf"]) == .init(path: "/a.conf", explicit: true))
        #expect(ConfigFile.choose(option: nil, environment: ["STRATA_CONFIG": "/b.conf"]) == .init(path: "/b.conf", explicit: true))
        #expect(ConfigFile.choose(option: nil, environment: ["STRATA_CONFIG": ""]) == .init(path: "/etc/strata/strata.conf", explicit: false))
        #expect(ConfigFile.choose(option: nil, environment: [:]) == .init(path: "/etc/strata/strata.conf", explicit: false))
    }

    @Test func aMissingDefaultFileGivesTheDefaults() throws {
        let missing = dir.appendingPathComponent("none.conf").path
        #expect(try ConfigFile.load(.init(path: missing, explicit: false)) == ServerConfig())
    }

    @Test func aMissingNamedFileIsAnError() {
        let missing = dir.appendingPathComponent("none.conf").path
        #expect(throws: ConfigError(location: missing, message: "cannot read the configuration file: No such file or directory")) {
            try ConfigFile.load(.init(path: missing, explicit: true))
        }
    }

    @Test func anUnreadableDefaultFileIsAnError() {
        // A directory where the file should be: only "does not exist" falls back to the defaults.
        #expect(throws: ConfigError(location: dir.path, message: "cannot read the configuration file: Is a directory")) {
            try ConfigFile.load(.init(path: dir.path, explicit: false))
        }
    }

    @Test func aFileIsParsedWithItsPathInErrors() throws {
        let good = try write("size = 100x50\n")
        #expect(try ConfigFile.load(.init(path: good, explicit: true)).size == PixelSize(width: 100, height: 50))
        let bad = try write("size = 100x50\n[output HDMI-A-1]\nrotation = 45\n", "bad.conf")
        #expect(throws: ConfigError(location: "\(bad):3", message: "rotation must be 0, 90, 180 or 270, got 45")) {
            try ConfigFile.load(.init(path: bad, explicit: true))
        }
    }

    @Test func devNullIsAnEmptyConfiguration() throws {
        #expect(try ConfigFile.load(.init(path: "/dev/null", explicit: true)) == ServerConfig())
    }

    @Test func bytesThatAreNotUTF8AreRejected() throws {
        let url = dir.appendingPathComponent("latin1.conf")
        try Data([0x73, 0x3D, 0xE9, 0x0A]).write(to: url)
        #expect(throws: ConfigError(location: url.path, message: "the configuration file is not UTF-8 text")) {
            try ConfigFile.load(.init(path: url.path, explicit: true))
        }
    }

    @Test func aHugeFileIsRejected() throws {
        let path = try write(String(repeating: "# padding\n", count: 120_000), "huge.conf")
        #expect(throws: ConfigError(location: path, message: "the configuration file is larger than 1 MiB")) {
            try ConfigFile.load(.init(path: path, explicit: true))
        }
    }
}
