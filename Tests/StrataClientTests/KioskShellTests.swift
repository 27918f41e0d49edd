import Foundation
import Strata
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ClientProcessSuite {
/// The example kiosk shell (examples/kiosk-shell) with two `strata-input-demo` apps, on a real server on
/// the virtual clock: both apps hosted on a track, the first shown; a swipe over it reaches the app (the
/// shell only observes) and slides the track to the second; a killed app is started again by the shell and
/// reclaims its place.
@Suite struct KioskShellTests {
    @Test func aSwipeSwitchesBetweenTwoHostedApps() throws {
        let server = try ServerProcess(size: "320x160", refresh: 60, virtualClock: true)
        defer { _ = server.stop() }
        let demo = ServerProcess.binDirectory.appendingPathComponent("strata-input-demo").path
        func app(_ name: String, _ color: String) -> [String] {
            ["--", demo, "--name", name, "--frame", "0,0,320,160", "--color", color, "--export", "--seconds", "120"]
        }
        let shell = try ShellProcess(server: server, app("a", "#3366cc") + app("b", "#cc3333"))
        defer { shell.stop() }
        // Both contexts bound, then shown once a frame applies the commits.
        #expect(shell.wait { $0["token"] != nil && $0["app"] as? Int == 1 } != nil, "\(shell.lines)")
        #expect(shell.wait { $0["token"] != nil && $0["app"] as? Int == 0 } != nil, "\(shell.lines)")
        try server.advance(frames: 2)
        #expect(eventually(10) { (try? server.advance(frames: 1)) != nil && shell.lines.filter { $0["state"] as? String == "shown" }.count == 2 },
                "\(shell.lines)")
        var shot = try server.snapshot().pixels
        #expect(pixel(shot, width: 320, 160, 80) == [0x33, 0x66, 0xcc, 255])
        // The card is scaled by 0.9 and rounded: the corner shows the shell's background.
        #expect(pixel(shot, width: 320, 17, 9) == [26, 26, 31, 255])

        // A swipe to the left over app a: a gets the touches, the shell slides to b.
        try strataInput(server, ["swipe", "260", "80", "60", "80", "--duration", "0.05", "--steps", "4"])
        #expect(shell.wait { $0["shown"] as? Int == 1 } != nil, "\(shell.lines)")
        let touches = shell.lines.compactMap { ($0["line"] as? [String: Any])?["kind"] as? String }
        #expect(touches.first == "touchDown" && touches.contains("touchMoved"), "\(touches)")
        try server.advance(by: 1)
        shot = try server.snapshot().pixels
        #expect(pixel(shot, width: 320, 160, 80) == [0xcc, 0x33, 0x33, 255])

        // b is killed: the shell starts it again, and it reclaims its context under the same host layer.
        guard let pid = shell.appPID(named: "b") else { Issue.record("no pid for b"); return }
        kill(pid, SIGKILL)
        #expect(shell.wait { $0["app"] as? Int == 1 && $0["exited"] != nil } != nil)
        #expect(eventually(10) { (try? server.advance(frames: 1)) != nil && shell.lines.contains { $0["app"] as? Int == 1 && $0["state"] as? String == "exporterGone" } })
        shot = try server.snapshot().pixels
        #expect(pixel(shot, width: 320, 160, 80) == [64, 64, 71, 255], "the card's own grey stands in for b")
        #expect(eventually(10) {
            (try? server.advance(frames: 1)) != nil && shell.lines.filter { $0["app"] as? Int == 1 && $0["state"] as? String == "shown" }.count == 2
        }, "\(shell.lines)")
        shot = try server.snapshot().pixels
        #expect(pixel(shot, width: 320, 160, 80) == [0xcc, 0x33, 0x33, 255])
    }
}
}

/// The `strata-kiosk-shell` process, its JSON lines parsed.
final class ShellProcess: JSONLineProcess, @unchecked Sendable {
    init(server: ServerProcess, _ arguments: [String]) throws {
        try super.init("strata-kiosk-shell", socketPath: server.socketPath, arguments)
    }

    /// The pid of the app whose `--name` is `name` (a child of the shell's).
    func appPID(named name: String) -> Int32? {
        let children = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children", encoding: .utf8)) ?? ""
        for pid in children.split(separator: " ").compactMap({ Int32($0) }) {
            let cmdline = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            if cmdline.split(separator: "\0").contains(Substring(name)) { return pid }
        }
        return nil
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
