import Foundation
import Testing

/// scripts/install.sh, the installation step of docs/deployment.md, into a scratch DESTDIR.
@Suite struct InstallScriptTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func install(into root: String, prefix: String) throws -> (Int32, String) {
        try runToCompletion(Self.repository.appendingPathComponent("scripts/install.sh"), [ServerProcess.binDirectory.path],
                            environment: ["DESTDIR": root, "PREFIX": prefix])
    }

    @Test func installsBinariesShadersUnitsSceneAndAConfigurationItNeverOverwrites() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-install-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, out) = try install(into: root, prefix: "/opt/strata")
        #expect(status == 0, "\(out)")
        let fm = FileManager.default
        for exe in ["strata-server", "strata-text-worker", "strata", "strata-demo"] {
            #expect(fm.isExecutableFile(atPath: "\(root)/opt/strata/bin/\(exe)"), "\(exe)")
        }
        // Bundle.module finds the GLSL sources beside the executable; without them the server cannot start.
        #expect(fm.fileExists(atPath: "\(root)/opt/strata/bin/Strata_StrataShaders.resources/glsl/layer.vert"))
        #expect(fm.fileExists(atPath: "\(root)/opt/strata/share/strata/kiosk-demo.json"))
        let service = try String(contentsOfFile: "\(root)/etc/systemd/system/strata.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=/opt/strata/bin/strata-server\n"), "the prefix is written into the unit")
        let demo = try String(contentsOfFile: "\(root)/etc/systemd/system/strata-demo.service", encoding: .utf8)
        #expect(demo.contains("ExecStart=/opt/strata/bin/strata play /opt/strata/share/strata/kiosk-demo.json"))
        #expect(fm.fileExists(atPath: "\(root)/etc/systemd/system/strata.socket"))
        let conf = "\(root)/etc/strata/strata.conf"
        #expect(fm.contents(atPath: conf) == fm.contents(atPath: Self.repository.appendingPathComponent("packaging/strata.conf.example").path))

        try Data("size = 1280x720\n".utf8).write(to: URL(fileURLWithPath: conf))
        let (again, out2) = try install(into: root, prefix: "/opt/strata")
        #expect(again == 0, "\(out2)")
        #expect(try String(contentsOfFile: conf, encoding: .utf8) == "size = 1280x720\n", "an edited configuration is kept")
        #expect(out2.contains("kept the existing"))
    }
}
