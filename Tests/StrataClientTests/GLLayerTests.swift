import Foundation
@testable import Strata
import StrataCore
import StrataGLES
import StrataPNG
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// Issue 32: an app's own OpenGL ES in a layer, over a real server (docs/drawables.md).
@Suite struct GLLayerTests {
    /// A white container filling the 160×120 screen, attached: D20's `glView`.
    static func container(_ connection: StrataConnection) -> CALayer {
        let view = CALayer()
        view.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        view.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        connection.attach(view)
        return view
    }

    /// D20 ported: the first frame clears to transparent black (the clear colour is set after the clear), so
    /// the white view shows around the triangle; the second clears to opaque black. The triangle's vertices
    /// keep their colours where the listing puts them (blue bottom left, green top, red bottom right: GL's
    /// rows, bottom first, land the right way up).
    @Test func d20DrawsItsTriangleWithTheFirstFrameQuirk() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let view = Self.container(connection)
        let controller = D20TriangleController(glView: view)
        controller.viewDidLoad()
        CATransaction.flush()
        #expect(controller.framebufferWidth == 160 && controller.framebufferHeight == 120)

        var shot = try server.snapshot()
        #expect(eventually { shot = (try? server.snapshot()) ?? shot; return pixel(shot.pixels, width: shot.width, 2, 2) == [255, 255, 255, 255] })
        let first = shot
        #expect(pixel(first.pixels, width: 160, 80, 110) == [255, 255, 255, 255])
        Self.expectTriangle(first)
        try GLGolden.expectMatches(first, "d20-first.png")

        controller.drawFrame()
        #expect(eventually { shot = (try? server.snapshot()) ?? shot; return pixel(shot.pixels, width: shot.width, 2, 2) == [0, 0, 0, 255] })
        Self.expectTriangle(shot)
        try GLGolden.expectMatches(shot, "d20-second.png")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        // The server reports the drawable and how it travels.
        let (status, tree) = try ServerProcess.cli(["tree", "--socket", server.socketPath])
        #expect(status == 0)
        #expect(tree.contains("\"transport\":\"shared-memory\""), "\(tree)")
        controller.viewDidUnload()
    }

    /// A GL layer composites like any other: turned in 3D under a perspective, its corners rounded and
    /// clipped, with a border, at half opacity over a blue view. Golden image, and pixels that hold each part.
    @Test func aGLLayerCompositesLikeAnyLayer() throws {
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let view = Self.container(connection)
        view.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        view.sublayerTransform = perspective
        let controller = D20TriangleController(glView: view)
        controller.viewDidLoad()
        let layer = try #require(controller.glLayer)
        layer.cornerRadius = 24
        layer.masksToBounds = true
        layer.borderWidth = 4
        layer.borderColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        layer.opacity = 0.5
        layer.transform = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
        CATransaction.flush()
        controller.drawFrame() // the second frame: opaque black around the triangle
        var shot = try server.snapshot()
        // Black at half opacity over blue inside; the border's yellow at half opacity over blue at the top left;
        // the view's blue where the turned layer's far side drew in.
        #expect(eventually { shot = (try? server.snapshot()) ?? shot; return pixel(shot.pixels, width: shot.width, 80, 100) == [0, 0, 127, 255] },
                "\(pixel(shot.pixels, width: shot.width, 80, 100))")
        #expect(pixel(shot.pixels, width: 160, 10, 2) == [128, 128, 127, 255], "the border")
        #expect(pixel(shot.pixels, width: 160, 150, 60) == [0, 0, 255, 255], "the far side, turned away")
        #expect(pixel(shot.pixels, width: 160, 1, 1) == [0, 0, 255, 255], "outside the rounded corner")
        try GLGolden.expectMatches(shot, "gl-layer-composited.png")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        // Hit testing sees it as any layer.
        #expect(view.hitTest(CGPoint(x: 80, y: 60)) === layer)
    }

    /// D20's triangle spun by a display link, as the seed says real apps drive it: each tick turns it a
    /// further 45° and presents. The frames the server presented (`--record-frames`) show the triangle at
    /// those angles, in order, at least four different ones.
    @Test func d20SpinsFrameByFrameFromADisplayLink() throws {
        let recording = try FrameRecordingServer(size: "160x120", frameLimit: 400)
        defer { recording.finish() }
        let (server, dir) = (recording.server, recording.directory)
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let view = Self.container(connection)
        let controller = D20TriangleController(glView: view)
        controller.viewDidLoad()
        CATransaction.flush()
        // The display link's queue may run on any thread: the context goes with each tick.
        EAGLContext.setCurrent(nil)
        nonisolated(unsafe) let spun = controller
        let ticks = LockedCount()
        let done = DispatchSemaphore(value: 0)
        let link = CADisplayLink { link in
            let tick = ticks.increment()
            EAGLContext.setCurrent(spun.glContext)
            spun.effect.transform.modelviewMatrix = GLKMatrix4MakeZRotation(GLKMathDegreesToRadians(Float(45 * tick)))
            spun.drawFrame()
            EAGLContext.setCurrent(nil)
            if tick == 7 { link.invalidate(); done.signal() }
        }
        link.add(to: connection)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(eventually { (try? server.snapshot()).map { pixel($0.pixels, width: $0.width, 2, 2) == [0, 0, 0, 255] } ?? false })
        usleep(200_000)
        _ = server.stop()
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")

        var angles: [Int] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).filter({ $0.hasSuffix(".png") }).sorted() {
            let image = try PNGCodec.read(path: dir.appendingPathComponent(name).path)
            guard let angle = Self.triangleAngle(image) else { continue }
            let step = Int((angle / 45).rounded())
            #expect(abs(angle - Double(step * 45)) < 6, "\(name): the triangle is turned \(angle)°")
            if angles.last != step { angles.append((step + 8) % 8) }
        }
        #expect(angles == angles.sorted(), "angles (in 45° steps) frame by frame: \(angles)")
        #expect(Set(angles).count >= 4, "angles (in 45° steps) frame by frame: \(angles)")
        #expect(angles.last == 7)
    }

    /// How far the triangle is turned, in degrees (0…360): the direction from its centroid to the centroid
    /// of its green-dominated part (the green vertex's corner), less 90° (at 0° the green vertex is at the
    /// top). In clip coordinates, where the rotation happens. Nil when no triangle is drawn.
    static func triangleAngle(_ image: RGBAImage) -> Double? {
        var all = (x: 0.0, y: 0.0, n: 0.0), green = (x: 0.0, y: 0.0, n: 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let (r, g, b) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
                guard !(r >= 250 && g >= 250 && b >= 250), !(r <= 5 && g <= 5 && b <= 5) else { continue }
                let nx = (Double(x) + 0.5) / Double(image.width) * 2 - 1, ny = 1 - (Double(y) + 0.5) / Double(image.height) * 2
                all = (all.x + nx, all.y + ny, all.n + 1)
                if g > r, g > b { green = (green.x + nx, green.y + ny, green.n + 1) }
            }
        }
        guard all.n > 100, green.n > 10 else { return nil }
        let direction = atan2(green.y / green.n - all.y / all.n, green.x / green.n - all.x / all.n) * 180 / .pi - 90
        return (direction + 720).truncatingRemainder(dividingBy: 360)
    }

    /// Near each vertex its own colour dominates: blue at the bottom left (40, 90), green at the top (80, 30),
    /// red at the bottom right (120, 90) of the 160×120 screen.
    static func expectTriangle(_ shot: (width: Int, pixels: [UInt8]), sourceLocation: SourceLocation = #_sourceLocation) {
        func dominant(_ x: Int, _ y: Int) -> Int? {
            let p = pixel(shot.pixels, width: shot.width, x, y).channels
            let rgb = Array(p.prefix(3))
            guard let m = rgb.max(), rgb.filter({ $0 == m }).count == 1 else { return nil }
            return rgb.firstIndex(of: m)
        }
        #expect(dominant(44, 88) == 2, "bottom left should be blue", sourceLocation: sourceLocation)
        #expect(dominant(80, 34) == 1, "top should be green", sourceLocation: sourceLocation)
        #expect(dominant(116, 88) == 0, "bottom right should be red", sourceLocation: sourceLocation)
    }
}
}

/// A counter the display link's queue and the test share.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int { lock.withLock { value += 1; return value } }
}

/// Golden snapshots of GL layers, in Tests/StrataClientTests/Golden/gl, compared with the snapshot
/// tolerance (exact on the pinned llvmpipe; STRATA_PIXEL_TOLERANCE elsewhere). `STRATA_UPDATE_GOLDEN=1`
/// rewrites them.
enum GLGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/gl")

    static func expectMatches(_ shot: (width: Int, pixels: [UInt8]), _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let height = shot.width > 0 ? shot.pixels.count / (shot.width * 4) : 0
        let tolerance = Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0
        try GoldenImage.expectMatches(RGBAImage(width: shot.width, height: height, pixels: shot.pixels, isPremultiplied: true),
                                      directory.appendingPathComponent(name), tolerance: tolerance, sourceLocation: sourceLocation)
    }
}
