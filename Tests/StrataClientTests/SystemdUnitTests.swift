import Foundation
import Testing

/// The shipped units (systemd/) pass `systemd-analyze verify`. verify also checks that each ExecStart=
/// binary exists, and the units name the installed paths under /usr/local/bin, so the test verifies
/// copies whose /usr/local/bin/ is replaced with the directory of the binaries just built.
@Suite struct SystemdUnitTests {
    static let analyze = "/usr/bin/systemd-analyze"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let units = ["strata.socket", "strata.service", "strata-demo.service"]

    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-units-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    /// Copies the units into `dir` with ExecStart= pointing at the built binaries; `edit` may change a copy.
    func copyUnits(edit: (String, String) -> String = { _, text in text }) throws -> [String] {
        try Self.units.map { name in
            let text = try String(contentsOf: Self.repository.appendingPathComponent("systemd/\(name)"), encoding: .utf8)
            let built = text.replacingOccurrences(of: "/usr/local/bin/", with: ServerProcess.binDirectory.path + "/")
            let path = dir.appendingPathComponent(name).path
            try Data(edit(name, built).utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// systemd-analyze's status and everything it printed (it reports unknown keys and bad values as
    /// warnings with status 0, so a clean result is status 0 and no output).
    func verify(_ paths: [String]) throws -> (Int32, String) {
        // --man=no: the units' Documentation= names strata-server(1), which the Debian package installs and a
        // build tree has not.
        try runToCompletion(URL(fileURLWithPath: Self.analyze), ["verify", "--man=no"] + paths)
    }

    @Test func theServicesStartTheInstalledBinaries() throws {
        let service = try String(contentsOf: Self.repository.appendingPathComponent("systemd/strata.service"), encoding: .utf8)
        #expect(service.contains("\nExecStart=/usr/local/bin/strata-server\n"))
        #expect(service.contains("\nType=notify\n"))
        #expect(service.contains("\nWatchdogSec="))
        let demo = try String(contentsOf: Self.repository.appendingPathComponent("systemd/strata-demo.service"), encoding: .utf8)
        #expect(demo.contains("\nExecStart=/usr/local/bin/strata play /usr/local/share/strata/kiosk-demo.json "))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is not installed (Debian package systemd)"))
    func theUnitsPassSystemdAnalyzeVerify() throws {
        let (status, output) = try verify(try copyUnits())
        #expect(status == 0)
        #expect(output.isEmpty, "systemd-analyze verify: \(output)")
    }

    /// The check above can fail: a misspelt key and a bad value are reported.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is not installed (Debian package systemd)"))
    func aBrokenUnitIsReported() throws {
        let paths = try copyUnits { name, text in
            name == "strata.service" ? text.replacingOccurrences(of: "WatchdogSec=10s", with: "WatchdogSecs=10s\nRestartSec=soon") : text
        }
        let (_, output) = try verify(paths)
        #expect(output.contains("WatchdogSecs"), "\(output)")
        #expect(output.contains("soon"), "\(output)")
    }

    @Test func theDemoSceneIsAValidSceneThatNeverEnds() throws {
        let scene = Self.repository.appendingPathComponent("packaging/kiosk-demo.json").path
        let (status, out) = try ServerProcess.cli(["sample", scene, "--layer", "spinner", "--key", "transform.rotation.z", "--times", "0,0.75,3600.75"])
        #expect(status == 0, "\(out)")
        // A quarter turn at 0.75 s, and again an hour later: the animation repeats forever.
        #expect(out.contains(#"{"t":0.75,"value":1.5707963267948966}"#), "\(out)")
        #expect(out.contains(#"{"t":3600.75,"value":1.5707963267948966}"#), "\(out)")
    }
}
