import Foundation
import StrataCore
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Clients that die in every state leave nothing behind: descriptors, layers and memory return to the
/// baseline.
extension ClientProcessSuite {
    @Suite struct DepartedClientTests {
        /// One client's life, cut short in one of five states. Closing the socket is what the kernel does
        /// for a process killed with SIGKILL; real killed processes follow below.
        static func live(_ state: Int, server: ServerProcess) throws -> MessageSocket {
            if state == 0 { return try MessageSocket.connect(path: server.socketPath) } // before hello
            let s = try RawSession(server)
            let image = try SharedPixelBuffer(byteCount: 32 * 32 * 4)
            image.write([UInt8](repeating: 200, count: 32 * 32 * 4))
            image.seal()
            let fade = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil),
                                     timing: { var t = MediaTiming(); t.duration = 60; t.beginTime = MonotonicClock.now(); return t }())
            let square = rootSquare(1, side: 10, center: CGPoint(x: 20, y: 80), color: Color(red: 0, green: 0, blue: 1, alpha: 1))
            switch state {
            case 1: // images, shown
                try s.commit(square + [.defineImage(1, width: 32, height: 32, fdIndex: 0), .setContents(1, 1)], fds: [image.fd])
            case 2: // masks holding an image, and a detached masked pair holding one too
                try s.commit(square + [.createLayer(2), .createLayer(3), .createLayer(4), .defineImage(1, width: 32, height: 32, fdIndex: 0),
                                       .setContents(2, 1), .setMask(1, mask: 2), .setContents(4, 1), .setMask(3, mask: 4), .releaseImage(1)],
                             fds: [image.fd])
            case 3: // animations, attached and detached
                try s.commit(square + [.createLayer(2), .addAnimation(1, key: "fade", fade), .addAnimation(2, key: "fade", fade)])
            default: // mid-message, with a descriptor in flight
                let frame = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: square, fdCount: 1)))
                try s.client.socket.send(Array(frame.prefix(frame.count / 2)), fds: [image.fd])
            }
            return s.client.socket
        }

        @Test func aThousandDeadClientsLeaveNothingBehind() throws {
            let server = try ServerProcess()
            defer { _ = server.stop() }
            let pid = server.process.processIdentifier
            let witness = try Witness(server)
            // The witness and the connection asking.
            func settled() -> Bool {
                guard let stats = try? server.stats() else { return false }
                return stats["layers"] as? Int == Witness.layers && stats["clients"] as? Int == 2
            }
            // A first round warms up what the server keeps for good (textures' GL state, log buffers).
            func round(_ count: Int, batch: Int = 50) throws {
                var i = 0
                while i < count {
                    let sockets = try (i..<min(count, i + batch)).map { try Self.live($0 % 5, server: server) }
                    usleep(20_000)
                    sockets.forEach { $0.close() }
                    i += batch
                }
            }
            try round(100)
            #expect(eventually(10) { settled() })
            usleep(200_000) // the asking connection's close reaches the server
            let fds = openDescriptors(of: pid)
            let rss = residentBytes(of: pid)

            try round(1000)
            // Real processes killed with SIGKILL while they play a scene with masks and sublayers.
            let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("StrataRenderTests/Golden/mask/scene.json").path
            let strata = ServerProcess.binDirectory.appendingPathComponent("strata")
            let players = try (0..<20).map { _ in
                let p = Process()
                p.executableURL = strata
                p.arguments = ["play", scene, "--socket", server.socketPath, "--duration", "60"]
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle.nullDevice
                try p.run()
                return p
            }
            #expect(eventually(10) { ((try? server.stats())?["clients"] as? Int ?? 0) >= 22 })
            for p in players { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }

            #expect(eventually(10) { settled() })
            usleep(200_000)
            #expect(eventually(5) { openDescriptors(of: pid) == fds }, "descriptors \(fds) → \(openDescriptors(of: pid))")
            let after = residentBytes(of: pid)
            #expect(abs(after - rss) < 10 << 20, "resident \(rss) → \(after) bytes")
            #expect(witness.isIntact)
        }
    }
}
