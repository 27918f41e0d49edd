import Foundation
import StrataConfig
import Testing

/// packaging/strata.conf.example lists every key with its default, commented out.
@Suite struct ExampleFileTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging/strata.conf.example")

    /// The example with its commented-out settings and section headers switched on ("#key = …", "#[output …]").
    static func uncommented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#") && line.dropFirst().first.map { $0.isLowercase || $0 == "[" } == true ? String(line.dropFirst()) : String(line)
        }.joined(separator: "\n")
    }

    @Test func asShippedItChangesNothing() throws {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        #expect(try ConfigParser.parse(text, path: "example") == ServerConfig())
    }

    @Test func everyKeyIsThereWithItsDefault() throws {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        let c = try ConfigParser.parse(Self.uncommented(text), path: "example")
        for key in ConfigKey.allCases { #expect(c.origin(of: key) != nil, "\(key.rawValue) is missing from the example") }
        let d = ServerConfig()
        #expect(c.backend == d.backend && c.size == d.size && c.refresh == d.refresh && c.background == d.background)
        #expect(c.socketMode == d.socketMode && c.maxClients == d.maxClients && c.clientOutputLimit == d.clientOutputLimit)
        #expect(c.clientMessagesPerTurn == d.clientMessagesPerTurn && c.logLevel == d.logLevel)
        #expect(c.clientMaxLayers == d.clientMaxLayers && c.clientMaxAnimations == d.clientMaxAnimations && c.clientMaxParticles == d.clientMaxParticles)
        #expect(c.clientModelBytes == d.clientModelBytes && c.clientImageBytes == d.clientImageBytes)
        #expect(c.clientSharedMemory == d.clientSharedMemory && c.clientPendingCommits == d.clientPendingCommits)
        #expect(c.clientPendingBytes == d.clientPendingBytes && c.handshakeTimeout == d.handshakeTimeout)
        #expect(c.inspectorGroup == "strata-inspect" && c.allowUsers == ["kiosk"] && c.allowGroups == ["strata"])
        #expect(c.shellUsers == ["kiosk-shell"] && c.shellGroups == ["strata-shell"])
        #expect(c.socket == "/run/strata/strata.sock", "the path strata.socket uses")
        #expect(c.drmDevice == "/dev/dri/card0")
        #expect(c.input == d.input && c.inputInjection == d.inputInjection)
        #expect(c.inputDevices == ["ILITEK ILITEK-TP", "event7"])
        #expect(c.touchOutput == TouchOutputs(output: "HDMI-A-1", devices: ["ILITEK ILITEK-TP": "DSI-1"]))
        #expect(c.keymapRules == "evdev" && c.keymapModel == "pc105" && c.keymapLayout == "us")
        #expect(c.keymapVariant == "altgr-intl" && c.keymapOptions == "ctrl:nocaps")
        #expect(c.frameNice == d.frameNice && c.frameRealtime == d.frameRealtime)
        #expect(c.outputs.count == 1)
        #expect(c.outputs.first?.mode == OutputMode(width: 1920, height: 1080, refresh: 60))
        #expect(c.outputs.first?.rotation == .normal && c.outputs.first?.scale == 1)
    }
}
