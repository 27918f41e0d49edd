import Foundation
import Strata
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ClientProcessSuite {
/// A kiosk of several apps (issue 56): a host app in this process (the Strata library's `StrataLayerHost`)
/// shows two `strata-input-demo` processes' exported pads side by side, scaled and rounded, on a real
/// server on the virtual clock. A tap reaches the right app in its coordinates; one app is killed, its
/// host layer's placeholder shows in the next frame, and the app started again reclaims its context under
/// the same host layer; the other app's sliding knob is where its animation puts it in every frame drawn.
@Suite struct KioskHostingEndToEndTests {
    /// Where an app's point lies on the output: host layers are 100 × 80, scaled by 1.2 about their centre.
    static func onScreen(_ p: CGPoint, hostCentre: CGPoint) -> CGPoint {
        CGPoint(x: hostCentre.x + 1.2 * (p.x - 50), y: hostCentre.y + 1.2 * (p.y - 40))
    }

    static let centreA = CGPoint(x: 80, y: 80), centreB = CGPoint(x: 240, y: 80)
    static let colorA = [0x33, 0x66, 0xcc, 255], colorB = [0xcc, 0x33, 0x33, 255]
    static let placeholder = [0, 102, 0, 255], background = [64, 64, 64, 255]

    /// The inspector's view of the host layers' states, by host layer order in the tree.
    static func hostStates(_ server: ServerProcess) -> [String] {
        guard let (status, out) = try? ServerProcess.cli(["tree", "--socket", server.socketPath]), status == 0 else { return [] }
        return out.components(separatedBy: #""state":""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func twoHostedAppsTapKillReclaimAndNoMissedFrame() throws {
        let server = try ServerProcess(size: "320x160", refresh: 60, virtualClock: true)
        defer { _ = server.stop() }
        // A: blue pad, a white 20 × 20 knob at (10, 30) sliding 60 points right every 0.5 s.
        let a = try InputDemoProcess(server: server, ["--name", "a", "--frame", "0,0,100,80", "--color", "#3366cc", "--knob", "10,30,20,20",
                                                      "--slide", "60,0.5", "--export", "--seconds", "120"])
        let bArguments = ["--name", "b", "--frame", "0,0,100,80", "--color", "#cc3333", "--seconds", "120"]
        var b = try InputDemoProcess(server: server, bArguments + ["--export"])
        guard let tokenA = a.wait(for: { $0["token"] != nil })?["token"] as? String,
              let tokenB = b.wait(for: { $0["token"] != nil })?["token"] as? String,
              let start = a.wait(for: { $0["ready"] != nil })?["start"] as? Double else {
            Issue.record("the apps did not export: \(a.lines) \(b.lines)")
            return
        }

        // The host: a grey root with two host layers, scaled, rounded and clipping, dark green beneath.
        let (host, errors) = try SessionErrors.connect(server)
        defer { host.close() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 160)
        root.backgroundColor = CGColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 1)
        func hostLayer(_ centre: CGPoint, _ token: String) -> StrataLayerHost {
            let h = StrataLayerHost()
            h.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
            h.position = centre
            h.transform = CATransform3DMakeScale(1.2, 1.2, 1)
            h.cornerRadius = 16
            h.masksToBounds = true
            h.backgroundColor = CGColor(red: 0, green: 0.4, blue: 0, alpha: 1)
            h.contextToken = StrataContextToken(token)
            root.addSublayer(h)
            return h
        }
        let hostA = hostLayer(Self.centreA, tokenA), hostB = hostLayer(Self.centreB, tokenB)
        // On the virtual clock every commit sent so far is applied by the first step's frame.
        host.attach(root)

        /// Steps one frame and checks A's knob is where its animation puts it at that frame's time: its
        /// left edge, on the row through its middle, within a pixel (one frame's slide is 2.4 pixels).
        var frames = 0
        func step() throws -> [UInt8] {
            let now = try server.advance(frames: 1, app: host)
            frames += 1
            let shot = try server.snapshot().pixels
            let phase = ((now - start) / 0.5).truncatingRemainder(dividingBy: 1)
            let left = Self.onScreen(CGPoint(x: 10 + 60 * phase, y: 40), hostCentre: Self.centreA).x
            let row = Int(Self.centreA.y)
            let found = (20..<140).first { x in shot[(row * 320 + x) * 4] > 153 }
            #expect(found.map { abs(Double($0) - (left - 0.5).rounded(.up)) <= 1 } == true,
                    "frame \(frames) at \(now): the knob's left edge at \(found.map(String.init) ?? "none"), expected \(left)")
            return shot
        }

        var shot = try step()
        #expect(hostA.hostingState == .shown && hostB.hostingState == .shown)
        // Both apps, scaled and rounded: a corner outside the radius shows the root.
        #expect(pixel(shot, width: 320, 80, 44) == Self.colorA)
        #expect(pixel(shot, width: 320, 240, 44) == Self.colorB)
        #expect(pixel(shot, width: 320, 21, 33) == Self.background)
        #expect(pixel(shot, width: 320, 181, 33) == Self.background)

        // A tap on B's pad reaches B, in its pad's coordinates: (250, 100) is (58.3, 56.7) there.
        try strataInput(server, ["tap", "250", "100"])
        _ = try step()
        let events = b.waitForEvents(2)
        #expect(events.map { $0["kind"] as? String } == ["touchDown", "touchUp"], "\(events)")
        if let x = events.first?["x"] as? Double, let y = events.first?["y"] as? Double {
            #expect(abs(x - 58.333) < 0.01 && abs(y - 56.667) < 0.01, "(\(x), \(y))")
        }
        #expect(a.events.isEmpty)

        // B is killed: the next frame shows its host layer's own background in its place.
        kill(b.process.processIdentifier, SIGKILL)
        b.process.waitUntilExit()
        #expect(eventually(10) { Self.hostStates(server) == ["shown", "exporter-gone"] }, "\(Self.hostStates(server))")
        shot = try step()
        #expect(pixel(shot, width: 320, 240, 44) == Self.placeholder)
        #expect(hostB.hostingState == .exporterGone)
        for _ in 0..<3 { _ = try step() }

        // B again, reclaiming its context: it shows under the same host layer, which did nothing.
        b = try InputDemoProcess(server: server, bArguments + ["--reclaim", tokenB])
        #expect(b.wait(for: { $0["token"] != nil })?["token"] as? String == tokenB, "\(b.lines)")
        // Taken over at once (the host is told it waits); B's layer comes with its commit, in the next frame.
        #expect(eventually(10) { Self.hostStates(server) == ["shown", "waiting"] }, "\(Self.hostStates(server))")
        shot = try step()
        #expect(pixel(shot, width: 320, 240, 44) == Self.colorB)
        #expect(hostB.hostingState == .shown)
        for _ in 0..<3 { _ = try step() }
        #expect(errors.reasons.isEmpty)
        #expect(frames == 10)
        b.process.terminate()
        a.process.terminate()
    }

    /// A shell (`--shell-users`) shows an app that exported nothing: `rootContexts(ofProcess:)` gives a token
    /// for its root, which is then drawn only under the shell's host layer. A client that is not a shell is
    /// refused.
    @Test func aShellHostsAnAppsRootByItsProcess() throws {
        let server = try ServerProcess(size: "320x160", refresh: 60, virtualClock: true, arguments: ["--shell-users", "\(getuid())"])
        defer { _ = server.stop() }
        let app = try InputDemoProcess(server: server, ["--name", "a", "--frame", "0,0,100,80", "--color", "#3366cc", "--seconds", "60"])
        #expect(app.wait(for: { $0["ready"] != nil }) != nil)
        try server.advance(frames: 1)
        #expect(pixel(try server.snapshot().pixels, width: 320, 50, 40) == Self.colorA)
        let (shell, _) = try SessionErrors.connect(server)
        defer { shell.close() }
        let tokens = try shell.rootContexts(ofProcess: app.process.processIdentifier)
        #expect(tokens.count == 1)
        let h = StrataLayerHost()
        h.frame = CGRect(x: 200, y: 40, width: 100, height: 80)
        h.contextToken = tokens.first
        shell.attach(h)
        try server.advance(frames: 1, app: shell)
        let shot = try server.snapshot().pixels
        #expect(pixel(shot, width: 320, 50, 40) == [0, 0, 0, 255], "no longer at its own place")
        #expect(pixel(shot, width: 320, 250, 80) == Self.colorA, "under the shell's host layer")
        #expect(h.hostingState == .shown)
        app.process.terminate()
    }

    @Test func onlyAShellMayAskForRootContexts() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let (client, _) = try SessionErrors.connect(server)
        defer { client.close() }
        #expect(throws: StrataConnection.ConnectionError.self) { try client.rootContexts(ofProcess: getpid()) }
        do { _ = try client.rootContexts(ofProcess: getpid()) } catch {
            #expect("\(error)".hasPrefix("permission denied: rootContexts: only shells may"), "\(error)")
        }
    }
}
}
