import Foundation
import StrataCore
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Who may see what: a client of another user reads only its own tree and stats and cannot read pixels
/// that show another client's layers; a member of the inspector group can. Needs root, to run the CLI as
/// another user (setpriv).
extension ClientProcessSuite {
    @Suite(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    struct InspectorAccessTests {
        /// Runs `strata ARGS` as nobody:nogroup (uid and gid 65534, no supplementary groups).
        func asNobody(_ args: [String]) throws -> (Int32, String) {
            let strata = ServerProcess.binDirectory.appendingPathComponent("strata").path
            return try runToCompletion(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                       ["--reuid=65534", "--regid=65534", "--clear-groups", strata] + args)
        }

        func serverWithAClient(_ extra: [String]) throws -> (ServerProcess, RawSession) {
            let server = try ServerProcess(arguments: ["--socket-mode", "0666"] + extra)
            let owner = try RawSession(server)
            try owner.commit(rootSquare(1, side: 40, center: CGPoint(x: 80, y: 60), color: Color(red: 1, green: 0, blue: 0, alpha: 1)))
            #expect(eventually { (try? owner.layerCount()) == 1 })
            return (server, owner)
        }

        @Test func anotherUserSeesOnlyItsOwnContent() throws {
            let (server, owner) = try serverWithAClient([])
            defer { _ = server.stop() }
            let (treeStatus, tree) = try asNobody(["tree", "--socket", server.socketPath])
            #expect(treeStatus == 0, "\(tree)")
            let o = try JSONSerialization.jsonObject(with: Data(tree.utf8)) as? [String: Any]
            let clients = o?["clients"] as? [[String: Any]] ?? []
            #expect(clients.count == 1, "only its own entry: \(tree)")
            #expect(clients.first?["client"] as? Int != Int(owner.clientID) && clients.first?["layers"] as? Int == 0)

            let (_, stats) = try asNobody(["stats", "--socket", server.socketPath])
            let s = try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any]
            #expect(s?["layers"] as? Int == 0 && s?["clients"] == nil, "\(stats)")

            let png = FileManager.default.temporaryDirectory.appendingPathComponent("strata-nobody-\(getpid()).png").path
            let (shotStatus, shot) = try asNobody(["snapshot", "--out", png, "--socket", server.socketPath])
            #expect(shotStatus != 0)
            #expect(shot.contains("permission denied: snapshot: the output shows other clients' layers"), "\(shot)")
            #expect(!FileManager.default.fileExists(atPath: png))
        }

        @Test func theInspectorGroupSeesEverything() throws {
            let (server, owner) = try serverWithAClient(["--inspector-group", "nogroup"])
            defer { _ = server.stop() }
            let (_, tree) = try asNobody(["tree", "--socket", server.socketPath])
            let o = try JSONSerialization.jsonObject(with: Data(tree.utf8)) as? [String: Any]
            let clients = o?["clients"] as? [[String: Any]] ?? []
            #expect(clients.contains { $0["client"] as? Int == Int(owner.clientID) && $0["layers"] as? Int == 1 }, "\(tree)")
            let png = FileManager.default.temporaryDirectory.appendingPathComponent("strata-inspector-\(getpid()).png").path
            defer { unlink(png) }
            let (status, out) = try asNobody(["snapshot", "--out", png, "--socket", server.socketPath])
            #expect(status == 0, "\(out)")
        }

        @Test func onlyAllowedUsersConnect() throws {
            let server = try ServerProcess(arguments: ["--socket-mode", "0666", "--allow-users", "daemon"])
            defer { _ = server.stop() }
            let (status, out) = try asNobody(["stats", "--socket", server.socketPath])
            #expect(status != 0)
            #expect(out.contains("user 65534 is not allowed to connect"), "\(out)")
            // Root (and the server's own user) always may.
            #expect((try? server.stats())?["frames_rendered"] != nil)
        }
    }
}
