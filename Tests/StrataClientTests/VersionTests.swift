import Foundation
import StrataProtocol
import Testing

/// The version is written once, in debian/changelog's first entry: the build plugin puts it in
/// `StrataVersion.current`, and the tools print it for `--version` (docs/deployment.md, *Versions*).
@Suite struct VersionTests {
    static let changelogVersion: String? = {
        let changelog = InstallScriptTests.repository.appendingPathComponent("debian/changelog")
        guard let text = try? String(contentsOf: changelog, encoding: .utf8),
              let first = text.split(separator: "\n").first,
              let open = first.firstIndex(of: "("), let close = first.firstIndex(of: ")"), open < close else { return nil }
        return String(first[first.index(after: open)..<close])
    }()

    @Test func theBuiltVersionIsTheChangelogs() throws {
        let version = try #require(Self.changelogVersion)
        #expect(StrataVersion.current == version)
        #expect(version.first?.isNumber == true)
    }

    @Test(arguments: ["strata-server", "strata", "strata-bench"])
    func eachToolPrintsIt(tool: String) throws {
        let (status, out) = try runToCompletion(ServerProcess.binDirectory.appendingPathComponent(tool), ["--version"])
        #expect(status == 0, "\(out)")
        #expect(out.trimmingCharacters(in: .whitespacesAndNewlines) == Self.changelogVersion)
    }
}
