import Foundation
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A socket file the server binds itself gets the configured mode and group (`socket-mode`, `socket-group`).
@Suite struct SocketPermissionTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("strata-perm-\(UUID().uuidString.prefix(8)).sock").path
    }

    func fileStat(_ path: String) -> stat? {
        var st = stat()
        return stat(path, &st) == 0 ? st : nil
    }

    @Test func theModeIsExactWhateverTheUmask() throws {
        for mode: UInt32 in [0o600, 0o660, 0o666] {
            let path = temporaryPath()
            let listener = try ListeningSocket(path: path, permissions: (mode: mode, group: nil))
            let st = try #require(fileStat(path))
            #expect(UInt32(st.st_mode) & 0o777 == mode)
            #expect(st.st_gid == getegid())
            // Clients can still connect (as the owner).
            let client = try MessageSocket.connect(path: path)
            client.close()
            withExtendedLifetime(listener) {}
        }
    }

    @Test func theGroupIsSet() throws {
        // A group this process belongs to (chown to another needs privileges).
        let group = getegid()
        let path = temporaryPath()
        let listener = try ListeningSocket(path: path, permissions: (mode: 0o640, group: UInt32(group)))
        #expect(fileStat(path)?.st_gid == group)
        #expect(fileStat(path).map { UInt32($0.st_mode) & 0o777 } == 0o640)
        withExtendedLifetime(listener) {}
    }

    @Test func aFailureNamesTheCall() {
        let path = "/nonexistent-strata-dir/s.sock"
        #expect(throws: SocketError.self) { try ListeningSocket(path: path, permissions: (mode: 0o660, group: nil)) }
        do { _ = try ListeningSocket(path: path, permissions: (mode: 0o660, group: nil)) } catch {
            #expect("\(error)" == "bind \(path): No such file or directory")
        }
    }

    @Test(.enabled(if: getuid() != 0, "root may give a socket file any group"))
    func aFailedChownLeavesNoFile() {
        let path = temporaryPath()
        // Group 0 (root): an unprivileged process that is not a member cannot hand its file to it.
        do { _ = try ListeningSocket(path: path, permissions: (mode: 0o660, group: 0)); Issue.record("chown succeeded") } catch {
            #expect("\(error)".hasPrefix("chown \(path): "))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theFileIsRemovedWhenTheListenerGoes() throws {
        let path = temporaryPath()
        do {
            let listener = try ListeningSocket(path: path, permissions: (mode: 0o600, group: nil))
            #expect(FileManager.default.fileExists(atPath: path))
            withExtendedLifetime(listener) {}
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
