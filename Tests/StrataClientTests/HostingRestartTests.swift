import Foundation
import Strata
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// Hosting across a server restart (issue 56): the server is SIGKILLed and started again; the exporting
/// app (a `strata-input-demo` process) and the host (this process) both restore their sessions by
/// themselves, the app replaying its context under the same token and the host its binding, and the app's
/// pad shows under the same host layer again. On the wall clock: a restart is real processes reconnecting
/// with their real backoff, so the test waits for the frame rather than stepping to it.
@Suite struct HostingRestartTests {
    @Test func bothSidesComeBackUnderTheSameHostLayer() throws {
        let server = try RestartableServer(socketActivated: false, size: "160x120")
        defer { _ = server.stop() }
        let app = try InputDemoProcess(socketPath: server.socketPath, ["--name", "a", "--frame", "0,0,80,60", "--color", "#3366cc",
                                                                      "--export", "--seconds", "60"])
        guard let hex = app.wait(for: { $0["token"] != nil })?["token"] as? String else {
            Issue.record("the app did not export: \(app.lines)")
            return
        }
        let host = try StrataConnection.connect(socketPath: server.socketPath)
        defer { host.close() }
        let layer = StrataLayerHost()
        layer.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
        layer.backgroundColor = CGColor(red: 0, green: 0.4, blue: 0, alpha: 1)
        layer.contextToken = StrataContextToken(hex)
        host.attach(layer)
        CATransaction.flush()
        let blue = [0x33, 0x66, 0xcc, 255]
        #expect(try eventually { pixel(try host.snapshotAsInspector(server), width: 160, 80, 60) == blue })

        server.kill()
        try server.start()
        // Both reconnect with their backoff (at most 1 s between attempts) and replay.
        #expect(try eventually(10) { pixel(try host.snapshotAsInspector(server), width: 160, 80, 60) == blue }, "log: \(server.log)")
        #expect(eventually { layer.hostingState == .shown })
        #expect(app.lines.filter { $0["token"] != nil }.count == 1, "the app kept its context: \(app.lines)")
        app.process.terminate()
    }
}
}

extension StrataConnection {
    /// The server's screen read by an inspector connection of this test process (the host shows another
    /// client, so its own snapshot is refused unless it is an inspector; the test runs as the server's user).
    func snapshotAsInspector(_ server: RestartableServer) throws -> [UInt8] {
        let client = try InspectorClient(socketPath: server.socketPath)
        let (reply, fds) = try client.request { .snapshotRequest(requestID: $0) }
        guard case let .snapshot(_, w, h) = reply, let fd = fds.first else { return [] }
        return try SharedPixelBuffer(mapping: fd, byteCount: Int(w * h * 4)).bytes()
    }
}
