import Foundation
import Strata
import StrataCore
import StrataProtocol
import Testing

/// Every test that touches the client library's process-wide state runs under this suite, one at a time.
@Suite(.serialized) enum ClientProcessSuite {}

extension ClientProcessSuite {
/// A client in this process (the Strata library) and a server in another, over a real socket.
@Suite struct EndToEndTests {
    @Test func nestedTreeIsCompositedRemovedLayerDisappearsAndTwoClientsShare() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }

        // root 100x80 dark grey at the centre; card rotated 90° (a square, so the footprint is the same),
        // with opacity 0.5 over a sublayer showing image contents.
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        root.position = CGPoint(x: 80, y: 60)
        root.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        card.position = CGPoint(x: 30, y: 40)
        card.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let picture = CALayer()
        picture.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        picture.position = CGPoint(x: 20, y: 20)
        picture.contents = CGImage(width: 1, height: 1, rgba: [0, 255, 0, 255])
        picture.opacity = 0.5
        card.addSublayer(picture)
        root.addSublayer(card)
        let marker = CALayer()
        marker.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        marker.position = CGPoint(x: 80, y: 40)
        marker.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(marker)
        connection.attach(root)
        CATransaction.flush()

        // Screen: root spans 30…130 × 20…100; card centred at (60,60); picture centred there too.
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 110, 60) == [0, 0, 255, 255] })
        let px = try server.snapshot().pixels
        #expect(pixel(px, width: 160, 35, 25) == [51, 51, 51, 255])     // root background
        #expect(pixel(px, width: 160, 45, 45) == [255, 0, 0, 255])      // card outside the picture
        // picture: green at 50 % over red (127.5 rounds to 127 and 128 on llvmpipe; exact there).
        #expect(pixel(px, width: 160, 60, 60) == [127, 128, 0, 255])
        #expect(pixel(px, width: 160, 5, 5) == [0, 0, 0, 255])          // display background

        // A removed layer disappears.
        CATransaction.setDisableActions(true)
        marker.removeFromSuperlayer()
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 110, 60) == [51, 51, 51, 255] })

        // A second client (the strata CLI in its own process) is composited beside the first.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("second.json")
        try Data(##"{"strata":1,"layers":[{"id":"s","bounds":[0,0,20,20],"position":[145,110],"backgroundColor":"#FFFF00"}]}"##.utf8).write(to: scene)
        let player = Process()
        player.executableURL = ServerProcess.binDirectory.appendingPathComponent("strata")
        player.arguments = ["play", scene.path, "--socket", server.socketPath, "--duration", "3"]
        try player.run()
        defer { player.terminate(); player.waitUntilExit() }
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 145, 110) == [255, 255, 0, 255] })
        let both = try server.snapshot().pixels
        #expect(pixel(both, width: 160, 60, 60) == [127, 128, 0, 255])
        #expect(try server.stats()["clients"] as? Int ?? 0 >= 2)
    }

    @Test func badClientsAreDisconnectedWhileOthersContinue() throws {
        let server = try ServerProcess()
        var log = ""
        defer { if log.isEmpty { log = server.stop() } }
        let good = try InspectorClient(socketPath: server.socketPath)
        try good.send(.commit(Commit(transactionID: 1, operations:
            rootSquare(side: 40, center: CGPoint(x: 80, y: 60), color: Color(red: 0, green: 1, blue: 0, alpha: 1)))))
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [0, 255, 0, 255] })
        let before = try server.snapshot().pixels

        // 1. Garbage bytes instead of a handshake (read as an absurd frame length).
        let garbage = try MessageSocket.connect(path: server.socketPath)
        try garbage.send(Array("GET / HTTP/1.1\r\n\r\n".utf8))
        #expect(try receivesErrorThenClose(garbage))
        // 1b. A well-formed frame with the wrong magic.
        let badMagic = try MessageSocket.connect(path: server.socketPath)
        try badMagic.send([8, 0, 0, 0, 1, 0] + Array("HTTP".utf8) + [1, 0, 0, 0])
        #expect(try receivesErrorThenClose(badMagic))
        // 2. A truncated commit, then end of stream.
        let truncated = try InspectorClient(socketPath: server.socketPath)
        let frame = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [.createLayer(7)])))
        try truncated.socket.send(Array(frame.dropLast(3)))
        shutdown(truncated.socket.fd, Int32(SHUT_WR))
        #expect(try receivesErrorThenClose(truncated.socket))
        // 3. An unknown layer id.
        let unknown = try InspectorClient(socketPath: server.socketPath)
        try unknown.send(.commit(Commit(transactionID: 1, operations: [.setProperty(999, .opacity, .scalar(0.5))])))
        #expect(try receivesErrorThenClose(unknown.socket))

        // The good client's frame is unchanged and it is still served.
        #expect(try server.snapshot().pixels == before)
        let (reply, _) = try good.request { .statsRequest(requestID: $0) }
        guard case .stats = reply else { Issue.record("good client lost its session"); return }
        log = server.stop()
        #expect(log.contains("exceeds the 16777216-byte limit"))
        #expect(log.contains("bad handshake magic"))
        #expect(log.contains("truncated"))
        #expect(log.contains("unknown layer id 999"))
    }

    /// Reads until the server's error message and the end of the stream.
    func receivesErrorThenClose(_ socket: MessageSocket) throws -> Bool {
        var sawError = false
        while let f = try socket.receiveFrame() {
            if case .error = try MessageCoding.decodeServer(type: f.type, body: f.body) { sawError = true }
        }
        return sawError
    }

    /// Commits a 40-point square at the top-left as layer 1, fading in from transparent over `lasting`
    /// seconds starting `after` seconds from now; returns the client that sent it.
    /// `now`: the server's media time (its virtual clock's, on one; else this process's, the same monotonic clock).
    static func squareWithFadeIn(_ server: ServerProcess, color: Color, after: Double, lasting: Double,
                                 now: Double = CACurrentMediaTime()) throws -> InspectorClient {
        let client = try InspectorClient(socketPath: server.socketPath)
        var t = MediaTiming()
        t.duration = lasting
        t.beginTime = now + after
        try client.send(.commit(Commit(transactionID: 1, operations:
            rootSquare(side: 40, center: CGPoint(x: 20, y: 20), color: color) + [
            .addAnimation(1, key: "fade", AnimationSpec(keyPath: LayerKeyPath(property: .opacity),
                                                       kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: t)),
        ])))
        return client
    }

    @Test func aCommitIsNotHeldBackByAFramePlannedForALaterAnimation() throws {
        // An animation starting in 30 s plans a frame for then; a change committed meanwhile must still
        // show at the next vblank, not wait for that frame.
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let client = try Self.squareWithFadeIn(server, color: Color(red: 1, green: 0, blue: 0, alpha: 1), after: 30, lasting: 1)
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 20, 20) == [255, 0, 0, 255] })
        try client.send(.commit(Commit(transactionID: 2, operations: [
            .setProperty(1, .backgroundColor, .color(Color(red: 0, green: 0, blue: 1, alpha: 1)))])))
        #expect(try eventually(3) { pixel(try server.snapshot().pixels, width: 160, 20, 20) == [0, 0, 255, 255] })
    }

    /// On the virtual clock: after the animation's end, however slowly the machine drew it, no frame is drawn
    /// while nothing changes (on the wall clock a loaded server was still drawing the fade 1 s later).
    @Test func serverRendersNothingWhileIdle() throws {
        let server = try ServerProcess(virtualClock: true)
        defer { _ = server.stop() }
        let client = try Self.squareWithFadeIn(server, color: Color(red: 1, green: 1, blue: 1, alpha: 1), after: 0.3, lasting: 0.3,
                                               now: try server.advance(by: 0))
        try withExtendedLifetime(client) { // the session (and its tree) lasts while the client is connected
            try server.advance(by: 1) // the animation has ended
            let first = try server.stats()["frames_rendered"] as? Int ?? -1
            #expect(first >= 2, "the commit and the animation were rendered (\(first) frames)")
            try server.advance(by: 2)
            let second = try server.stats()["frames_rendered"] as? Int ?? -2
            #expect(second == first)
        }
    }
}
}


@Suite struct SocketActivationTests {
    @Test func serverUsesTheListeningSocketSystemdPasses() throws {
        let server = try ServerProcess(socketActivated: true)
        var log = ""
        defer { if log.isEmpty { log = server.stop() } }
        // The first connection makes systemd-socket-activate start the server with the socket as fd 3.
        let client = try InspectorClient(socketPath: server.socketPath)
        try client.send(.commit(Commit(transactionID: 1, operations:
            rootSquare(side: 20, center: CGPoint(x: 30, y: 30), color: Color(red: 1, green: 0, blue: 1, alpha: 1)))))
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 30, 30) == [255, 0, 255, 255] })
        log = server.stop()
        #expect(log.contains("using the socket passed by systemd"))
    }
}
