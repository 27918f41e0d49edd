import Foundation
@testable import Strata
import StrataCore
import StrataGLES
import StrataPNG
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ClientProcessSuite {
/// Issue 32's drawable ring over a real server (docs/drawables.md): waiting for buffers, releases, whole
/// frames only, resizing, a departed client's buffers, and the protocol's bad inputs.
@Suite struct GLDrawableRingTests {
    /// A CAMetalLayer of 40×30 points at the top left of a 160×120 screen, on the server, its GL context current.
    static func metalLayer(_ connection: StrataConnection) throws -> (CAMetalLayer, EAGLContext) {
        let context = try #require(EAGLContext(api: .openGLES3))
        EAGLContext.setCurrent(context)
        let layer = CAMetalLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.context = context
        connection.attach(layer)
        CATransaction.flush()
        return (layer, context)
    }

    /// Runs `body` with a 160×120 server, a connection to it and `metalLayer`'s layer, its context current.
    static func withMetalLayer(_ body: (ServerProcess, CAMetalLayer, SessionErrors) throws -> Void) throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let (layer, context) = try metalLayer(connection)
        defer { EAGLContext.setCurrent(nil); _ = context }
        try body(server, layer, errors)
    }

    /// Clears the drawable to one colour and presents it.
    static func present(_ drawable: CAMetalDrawable, _ r: Float, _ g: Float, _ b: Float) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawable.framebuffer)
        glClearColor(r, g, b, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        drawable.present()
    }

    static func shows(_ server: ServerProcess, _ x: Int, _ y: Int, _ rgba: [Int]) -> Bool {
        eventually { (try? server.snapshot()).map { pixel($0.pixels, width: $0.width, x, y) == rgba } ?? false }
    }

    /// Every drawable in use: the next waits a second, then gives nil (allowsNextDrawableTimeout); one
    /// presented comes back once the server has copied it.
    @Test func nextDrawableWaitsASecondWhenEveryBufferIsInUse() throws {
        try Self.withMetalLayer { server, layer, errors in
            #expect(layer.maximumDrawableCount == 3)
            #expect(layer.drawableSize == CGSize(width: 40, height: 30))
            let held = (0..<3).compactMap { _ in layer.nextDrawable() }
            #expect(held.count == 3)
            #expect(Set(held.map(\.drawableID)).count == 3)
            let start = Date()
            #expect(layer.nextDrawable() == nil)
            let waited = Date().timeIntervalSince(start)
            #expect(waited >= 0.95 && waited < 3, "waited \(waited) s")

            Self.present(held[0], 1, 0, 0)
            #expect(Self.shows(server, 20, 15, [255, 0, 0, 255]))
            // Its buffer was released when the server copied it: a drawable is there at once.
            let again = Date()
            let next = try #require(layer.nextDrawable())
            #expect(Date().timeIntervalSince(again) < 0.9)
            Self.present(next, 0, 0, 1)
            #expect(Self.shows(server, 20, 15, [0, 0, 255, 255]))
            #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        }
    }

    /// A server that stops (SIGSTOP) holds every presented buffer: the app's drawables run out and
    /// `nextDrawable()` gives nil instead of blocking; when the server runs again it releases them and shows
    /// the last frame presented.
    @Test func aStoppedServerHoldsPresentedBuffersUntilItRunsAgain() throws {
        let server = try ServerProcess(size: "160x120")
        defer { kill(server.process.processIdentifier, SIGCONT); _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let (layer, context) = try Self.metalLayer(connection)
        defer { EAGLContext.setCurrent(nil); _ = context }
        layer.maximumDrawableCount = 2
        Self.present(try #require(layer.nextDrawable()), 1, 0, 0)
        #expect(Self.shows(server, 20, 15, [255, 0, 0, 255]))
        #expect(eventually { layer.drawableRing.heldCount == 0 })

        kill(server.process.processIdentifier, SIGSTOP)
        Self.present(try #require(layer.nextDrawable()), 0, 1, 0)
        Self.present(try #require(layer.nextDrawable()), 0, 0, 1)
        #expect(layer.drawableRing.heldCount == 2)
        #expect(layer.nextDrawable() == nil)
        kill(server.process.processIdentifier, SIGCONT)
        #expect(Self.shows(server, 20, 15, [0, 0, 255, 255]))
        #expect(eventually { layer.drawableRing.heldCount == 0 })
        #expect(layer.nextDrawable() != nil)
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    /// With `presentsWithTransaction` a present waits for the transaction: the frame shows with the commit
    /// that carries it (here with the layer's move), not before.
    @Test func aPresentWithTheTransactionWaitsForItsCommit() throws {
        try Self.withMetalLayer { server, layer, errors in
            Self.present(try #require(layer.nextDrawable()), 1, 0, 0)
            #expect(Self.shows(server, 20, 15, [255, 0, 0, 255]))
            layer.presentsWithTransaction = true
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            Self.present(try #require(layer.nextDrawable()), 0, 1, 0)
            layer.position = CGPoint(x: 100, y: 60)
            usleep(300_000)
            let before = try server.snapshot()
            #expect(pixel(before.pixels, width: before.width, 20, 15) == [255, 0, 0, 255], "the frame went out before its transaction")
            CATransaction.commit()
            #expect(Self.shows(server, 100, 60, [0, 255, 0, 255]))
            #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        }
    }

    /// Releases come in the order of the presents, each after its commit was applied; the frame shown is
    /// the last one presented.
    @Test func buffersAreReleasedInTheOrderTheyWerePresented() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let session = try RawSession(server)
        let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]
        let buffers = try colours.map { colour -> SharedPixelBuffer in
            let b = try SharedPixelBuffer(reusableByteCount: 8 * 8 * 4)
            b.write(Array((0..<64).map { _ in colour }.joined()))
            return b
        }
        try session.commit(rootSquare(1, side: 8, center: CGPoint(x: 4, y: 4), color: Color(red: 1, green: 1, blue: 1, alpha: 1))
                           + (0..<3).map { .defineBuffer(BufferID(10 + $0), fdIndex: UInt16($0)) }, fds: buffers.map(\.fd))
        for i in 0..<3 { try session.commit([.presentDrawable(1, buffer: BufferID(10 + i), width: 8, height: 8, format: .rgba)]) }
        var released: [BufferID] = []
        let end = Date().addingTimeInterval(10)
        while released.count < 3, Date() < end, let (message, _) = try session.client.receive() {
            if case .bufferReleased(let id) = message { released.append(id) }
        }
        #expect(released == [10, 11, 12])
        #expect(Self.shows(server, 4, 4, [0, 0, 255, 255]))
    }

    /// Frames presented as fast as the app can: every frame the server shows has the layer in one of the
    /// colours presented, whole (never part of one frame and part of another, never a buffer being written).
    @Test func everyFrameShownIsOneWholePresentedFrame() throws {
        let recording = try FrameRecordingServer(size: "160x120", frameLimit: 200)
        defer { recording.finish() }
        let (server, dir) = (recording.server, recording.directory)
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let (layer, context) = try Self.metalLayer(connection)
        defer { EAGLContext.setCurrent(nil); _ = context }
        let colours: [(Float, Float, Float)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0)]
        var presented = 0
        let end = Date().addingTimeInterval(1.5)
        while Date() < end {
            guard let drawable = layer.nextDrawable() else { continue }
            let c = colours[presented % colours.count]
            Self.present(drawable, c.0, c.1, c.2)
            presented += 1
        }
        #expect(Self.shows(server, 20, 15, { let c = colours[(presented - 1) % 4]; return [Int(c.0 * 255), Int(c.1 * 255), Int(c.2 * 255), 255] }()))
        _ = server.stop()
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(frames.count >= 10, "\(frames.count) frames recorded")
        let allowed: Set<[UInt8]> = Set(colours.map { [UInt8($0.0 * 255), UInt8($0.1 * 255), UInt8($0.2 * 255), 255] })
        var shown = Set<[UInt8]>()
        for name in frames {
            let image = try PNGCodec.read(path: dir.appendingPathComponent(name).path)
            let first = Array(image.pixels[0..<4])
            guard allowed.contains(first) else { continue } // before the first present: the screen's black
            for y in 0..<30 {
                for x in 0..<40 {
                    let i = (y * image.width + x) * 4
                    let p = Array(image.pixels[i..<i + 4])
                    guard p == first else {
                        Issue.record("\(name): pixel \(x),\(y) is \(p), the frame's first is \(first)")
                        return
                    }
                }
            }
            shown.insert(first)
        }
        #expect(shown.count >= 2, "frames showed \(shown)")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    /// A new drawableSize makes new buffers of that size: the server shows a texture of the new size, and
    /// the old buffers are released on the server.
    @Test func aNewDrawableSizeReallocatesTheBuffers() throws {
        try Self.withMetalLayer { server, layer, errors in
            layer.drawableSize = CGSize(width: 64, height: 48)
            Self.present(try #require(layer.nextDrawable()), 1, 0, 0)
            #expect(Self.shows(server, 20, 15, [255, 0, 0, 255]))
            #expect(eventually { Self.drawableContents(server) == [64, 48] })
            let memfdsBefore = Self.drawableMappings(server)
            layer.drawableSize = CGSize(width: 32, height: 24)
            Self.present(try #require(layer.nextDrawable()), 0, 1, 0)
            #expect(Self.shows(server, 20, 15, [0, 255, 0, 255]))
            #expect(eventually { Self.drawableContents(server) == [32, 24] })
            // One more present carries the release of the first size's buffer; the server unmaps it.
            Self.present(try #require(layer.nextDrawable()), 0, 0, 1)
            #expect(Self.shows(server, 20, 15, [0, 0, 255, 255]))
            #expect(eventually { Self.drawableMappings(server).filter { $0.size == 64 * 48 * 4 }.isEmpty },
                    "\(memfdsBefore) then \(Self.drawableMappings(server))")
            #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        }
    }

    /// A client that goes away (its socket closed, as when it is killed) takes its drawable buffers and
    /// texture with it.
    @Test func aDepartedClientsDrawablesAreFreed() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        server.waitUntilWarm()
        let texturesBefore = try #require(try server.stats()["resident_textures"] as? Int)
        var session: RawSession? = try RawSession(server)
        let buffer = try SharedPixelBuffer(reusableByteCount: 16 * 16 * 4, name: "strata-drawable")
        buffer.write(Array((0..<256).map { _ in [UInt8(0), 0, 255, 255] }.joined()))
        try session?.commit(rootSquare(1, side: 16, center: CGPoint(x: 8, y: 8), color: Color(red: 1, green: 1, blue: 1, alpha: 1))
                            + [.defineBuffer(5, fdIndex: 0), .presentDrawable(1, buffer: 5, width: 16, height: 16, format: .rgba)], fds: [buffer.fd])
        #expect(Self.shows(server, 8, 8, [0, 0, 255, 255]))
        #expect(!Self.drawableMappings(server).isEmpty)
        #expect(try #require(try server.stats()["resident_textures"] as? Int) == texturesBefore + 1)
        session = nil
        #expect(eventually { Self.drawableMappings(server).isEmpty })
        #expect(eventually { (try? server.stats()["resident_textures"] as? Int) == texturesBefore })
    }

    /// The server's mappings of drawable memfds (`/proc/PID/maps`), by size.
    static func drawableMappings(_ server: ServerProcess) -> [(start: String, size: Int)] {
        // Read to its end through a handle: /proc files report no size, and a read by size can come back short.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(server.process.processIdentifier)/maps") else { return [] }
        defer { try? handle.close() }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        return maps.split(separator: "\n").filter { $0.contains("memfd:strata-drawable") }.compactMap { line in
            let range = line.split(separator: " ")[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            return range.count == 2 ? (String(line.prefix(12)), range[1] - range[0]) : nil
        }
    }

    /// The size of the first drawable `strata tree` reports.
    static func drawableContents(_ server: ServerProcess) -> [Int]? {
        guard let (status, json) = try? ServerProcess.cli(["tree", "--socket", server.socketPath]), status == 0,
              let range = json.range(of: "\"drawable\"") else { return nil }
        let rest = json[range.upperBound...]
        func number(_ key: String) -> Int? {
            guard let r = rest.range(of: "\"\(key)\":") else { return nil }
            return Int(rest[r.upperBound...].prefix { $0.isNumber })
        }
        return [number("width"), number("height")].compactMap { $0 }
    }

    /// Each protocol error ends only the offending session, with a reason naming the operation; a witness
    /// client's tree stays and the server keeps answering.
    @Test func badPresentsEndTheSessionWithTheOperationNamed() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let witness = try Witness(server)
        #expect(eventually { witness.isIntact })
        let buffer = try SharedPixelBuffer(reusableByteCount: 16 * 16 * 4)
        let setup: [LayerOperation] = [.createLayer(1), .defineBuffer(5, fdIndex: 0)]
        let cases: [([LayerOperation], String)] = [
            ([.presentDrawable(1, buffer: 9, width: 16, height: 16, format: .rgba)], "operation 2 presentDrawable: unknown buffer id 9"),
            ([.presentDrawable(1, buffer: 5, width: 17, height: 16, format: .rgba)],
             "operation 2 presentDrawable: a 17x16 RGBA drawable needs 1088 bytes, buffer 5 holds 1024"),
            ([.presentDrawable(1, buffer: 5, width: 0, height: 16, format: .rgba)], "operation 2 presentDrawable: size 0x16 out of range"),
            ([.presentDrawable(2, buffer: 5, width: 16, height: 16, format: .rgba)], "operation 2 presentDrawable: unknown layer id 2"),
        ]
        for (ops, reason) in cases {
            let s = try RawSession(server)
            try s.commit(setup + ops, fds: [buffer.fd])
            let ending = s.endingError()
            #expect(ending?.contains(reason) == true, "\(ending ?? "no error")")
        }
        // A buffer presented again before the server released it: two commits in one write, so both arrive
        // before the frame that applies the first.
        let s = try RawSession(server)
        try s.commit(setup, fds: [buffer.fd])
        let present = LayerOperation.presentDrawable(1, buffer: 5, width: 16, height: 16, format: .rgba)
        let twice = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 2, operations: [present])))
            + MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 3, operations: [present])))
        try s.client.socket.send(twice)
        let ending = s.endingError()
        #expect(ending?.contains("transaction 3: presentDrawable to layer 1: buffer 5 is still held by the server (presented by transaction 2, not yet released)") == true,
                "\(ending ?? "no error")")
        #expect(server.process.isRunning)
        #expect(witness.isIntact)
    }
}
}
