import Foundation
import StrataCore
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Each per-client quota, exceeded by one client: it gets an error naming the key, and the others keep
/// their trees and their service.
extension ClientProcessSuite {
    @Suite struct QuotaTests {
        /// Starts a server with `arguments`, runs `overQuota` in a fresh session, and checks the error
        /// names `key` while a witness stays whole.
        func expectQuota(_ key: String, arguments: [String], _ overQuota: (RawSession) throws -> Void) throws {
            let server = try ServerProcess(arguments: arguments)
            defer { _ = server.stop() }
            let witness = try Witness(server)
            let session = try RawSession(server)
            // The server may end the session before the client has written everything (a send then fails
            // with a broken pipe): that is the quota working, in either order. The error it sent decides.
            var sendError: Error?
            do { try overQuota(session) } catch { sendError = error }
            let reason = session.endingError()
            #expect(reason?.contains("quota exceeded: \(key) is") == true,
                    "\(reason ?? "no error")\(sendError.map { "; sending failed: \($0)" } ?? "")")
            #expect(server.process.isRunning)
            #expect(eventually { witness.isIntact })
            // What the client held is gone.
            #expect(eventually { (try? server.stats())?["layers"] as? Int == Witness.layers })
        }

        @Test func layers() throws {
            try expectQuota("client-max-layers", arguments: ["--client-max-layers", "100"]) { s in
                try s.commit(creates(1...100))
                try s.commit([.createLayer(101)])
            }
        }

        @Test func transitionCopiesCountAsLayers() throws {
            try expectQuota("client-max-layers", arguments: ["--client-max-layers", "100"]) { s in
                // A transition keeps a copy of the layer's subtree as it looked: 60 layers, twice, are over 100.
                let fade = AnimationSpec(keyPath: nil, kind: .transition(Transition(kind: .fade)))
                try s.commit(creates(1...60) + (2...60).map { .insertSublayer(parent: 1, child: $0, index: 0) } + [.attachRoot(1)])
                try s.commit([.addAnimation(1, key: "transition", fade)])
            }
        }

        @Test func animations() throws {
            try expectQuota("client-max-animations", arguments: ["--client-max-animations", "3"]) { s in
                let fade = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil))
                // Replacing under the same key does not add one.
                try s.commit([.createLayer(1)] + ["a", "b", "c", "c"].map { .addAnimation(1, key: $0, fade) })
                try s.commit([.addAnimation(1, key: "d", fade)])
            }
        }

        @Test func modelBytes() throws {
            try expectQuota("client-model-bytes", arguments: ["--client-model-bytes", "64K"]) { s in
                // 4096 points are about 160 KB in memory.
                let path = Path(elements: [.move(CGPoint(x: 0, y: 0))] + (1..<4096).map { .line(CGPoint(x: $0, y: $0)) })
                try s.commit([.createLayer(1, kind: .shape), .setProperty(1, .path, .path(path))])
            }
        }

        @Test func imageBytes() throws {
            try expectQuota("client-image-bytes", arguments: ["--client-image-bytes", "1M"]) { s in
                let buffer = try SharedPixelBuffer(byteCount: 1024 * 1024)
                buffer.seal()
                // 512x512 is exactly 1 MiB: the second image goes over.
                try s.commit([.defineImage(1, width: 512, height: 512, fdIndex: 0)], fds: [buffer.fd])
                try s.commit([.defineImage(2, width: 1, height: 1, fdIndex: 0)], fds: [buffer.fd])
            }
        }

        @Test func drawablesCountAsImages() throws {
            try expectQuota("client-image-bytes", arguments: ["--client-image-bytes", "1M"]) { s in
                let buffers = try [1024 * 1024, 4096, 4096].map { try SharedPixelBuffer(reusableByteCount: $0) }
                // A 512x512 drawable's texture is exactly 1 MiB; a 512x2 one replaces it (its bytes credited),
                // then the 512x512 again; a second layer's 1x1 goes over.
                try s.commit([.createLayer(1), .createLayer(2), .attachRoot(1), .defineBuffer(1, fdIndex: 0), .defineBuffer(2, fdIndex: 1),
                              .defineBuffer(3, fdIndex: 2), .presentDrawable(1, buffer: 1, width: 512, height: 512, format: .rgba)], fds: buffers.map(\.fd))
                #expect(eventually { (try? s.layerCount()) == 2 })
                try s.commit([.presentDrawable(1, buffer: 2, width: 512, height: 2, format: .rgba)])
                #expect(eventually { (try? s.drawableSize(1)) == [512, 2] })
                try s.commit([.presentDrawable(1, buffer: 1, width: 512, height: 512, format: .rgba)])
                #expect(eventually { (try? s.drawableSize(1)) == [512, 512] })
                try s.commit([.presentDrawable(2, buffer: 3, width: 1, height: 1, format: .rgba)])
            }
        }

        @Test func sharedMemory() throws {
            try expectQuota("client-shared-memory", arguments: ["--client-shared-memory", "1M"]) { s in
                // A sealed but sparse 64 MiB memfd: nothing written, but mapping it would count its size.
                let buffer = try SharedPixelBuffer(byteCount: 64 << 20)
                buffer.seal()
                try s.commit([.createLayer(1)], fds: [buffer.fd])
            }
        }

        @Test func pendingCommits() throws {
            // A slow display: commits pile up between frames.
            try expectQuota("client-pending-commits", arguments: ["--client-pending-commits", "8", "--refresh", "1"]) { s in
                for i in 1...40 { try s.commit([.createLayer(LayerID(i))]) }
            }
        }

        @Test func pendingBytes() throws {
            try expectQuota("client-pending-bytes", arguments: ["--client-pending-bytes", "64K", "--refresh", "1"]) { s in
                for i in 0..<10 { try? s.commit(creates(LayerID(i * 5000 + 1)...LayerID(i * 5000 + 5000))) }
            }
        }

        /// With the default quotas one client's memory stays under the documented bound, and goes when it does.
        @Test func theDefaultBoundHolds() throws {
            let server = try ServerProcess()
            defer { _ = server.stop() }
            let pid = server.process.processIdentifier
            let witness = try Witness(server)
            #expect(eventually { (try? server.stats())?["layers"] as? Int == Witness.layers })
            server.waitUntilWarm()
            let baseline = residentBytes(of: pid)
            let s = try RawSession(server)
            // Layers until the quota stops it.
            for start in stride(from: 1, to: 40_000, by: 5000) {
                try? s.commit(creates(LayerID(start)...LayerID(start + 4999)))
            }
            #expect(s.endingError()?.contains("client-max-layers") == true)
            #expect(eventually { (try? server.stats())?["layers"] as? Int == Witness.layers })
            let after = residentBytes(of: pid)
            #expect(after - baseline < 10 << 20, "resident \(baseline) → \(after) bytes after the client left")
            #expect(witness.isIntact)
        }
    }
}
