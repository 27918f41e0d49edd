import Foundation
import Strata
import StrataCore
import StrataPNG
import Testing

extension ClientProcessSuite {
/// A 2× output (issue 34's acceptance 4): the app learns the scale (`screenScale`, each output's `scale`
/// and size in points), layer geometry stays in points, text, a shape and 2× contents are drawn at the
/// panel's density (sharper than the same scene at 1× magnified), and input arrives in points.
@Suite(.serialized) struct OutputScaleTests {
    /// A white 160 × 120-point screen with a label, a stroked circle and a checkerboard image, each drawn
    /// at `scale` pixels per point (`contentsScale`).
    static func scene(scale: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.isInteractive = true
        let label = CATextLayer()
        label.frame = CGRect(x: 6, y: 6, width: 150, height: 30)
        label.string = "Strata 2x"
        label.fontSize = 20
        label.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        label.contentsScale = scale
        root.addSublayer(label)
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 10, y: 44, width: 64, height: 64)
        ring.path = CGPath(ellipseIn: CGRect(x: 4, y: 4, width: 56, height: 56), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 1)
        ring.lineWidth = 3
        root.addSublayer(ring)
        // 4-point squares: 8 pixels of the 2× image, 4 of the 1× one.
        let side = Int(32 * scale), square = Int(4 * scale)
        var rgba: [UInt8] = []
        for y in 0..<side { for x in 0..<side { rgba += (x / square + y / square) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] } }
        let picture = CALayer()
        picture.frame = CGRect(x: 100, y: 60, width: 32, height: 32)
        picture.contents = CGImage(width: side, height: side, rgba: rgba)
        picture.contentsScale = scale
        root.addSublayer(picture)
        return root
    }

    /// Σ of squared luminance differences between neighbours: how much fine edge a picture holds.
    static func edgeEnergy(_ image: RGBAImage) -> Double {
        func lum(_ x: Int, _ y: Int) -> Double {
            let p = image.pixel(x: x, y: y)
            return 0.3 * Double(p.r) + 0.59 * Double(p.g) + 0.11 * Double(p.b)
        }
        var e = 0.0
        for y in 0..<(image.height - 1) {
            for x in 0..<(image.width - 1) {
                let (dx, dy) = (lum(x + 1, y) - lum(x, y), lum(x, y + 1) - lum(x, y))
                e += dx * dx + dy * dy
            }
        }
        return e
    }

    /// `image` magnified twice with bilinear filtering (pixel centres mapped as a GPU samples them).
    static func magnified(_ image: RGBAImage) -> RGBAImage {
        let (w, h) = (image.width * 2, image.height * 2)
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let sx = max(0, min(Double(image.width - 1), (Double(x) + 0.5) / 2 - 0.5))
                let sy = max(0, min(Double(image.height - 1), (Double(y) + 0.5) / 2 - 0.5))
                let (x0, y0) = (Int(sx), Int(sy)), (fx, fy) = (sx - Double(Int(sx)), sy - Double(Int(sy)))
                let (x1, y1) = (min(x0 + 1, image.width - 1), min(y0 + 1, image.height - 1))
                for c in 0..<4 {
                    func v(_ px: Int, _ py: Int) -> Double { Double(image.pixels[(py * image.width + px) * 4 + c]) }
                    let top = v(x0, y0) * (1 - fx) + v(x1, y0) * fx, bottom = v(x0, y1) * (1 - fx) + v(x1, y1) * fx
                    out[(y * w + x) * 4 + c] = UInt8((top * (1 - fy) + bottom * fy).rounded())
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: out, isPremultiplied: true)
    }

    /// The scene on a server of `size` pixels at `scale`, once drawn.
    static func shown(size: String, scale: CGFloat) throws -> (RGBAImage, CGFloat, CGRect?) {
        let server = try ServerProcess(size: size, arguments: ["--scale", "\(scale)"])
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        #expect(eventually { connection.outputs.first != nil })
        let root = scene(scale: connection.screenScale)
        connection.attach(root)
        CATransaction.flush()
        var shot = try server.snapshot()
        // Drawn once the label's glyphs are there (its text is laid out off the frame thread).
        #expect(eventually(10) { shot = (try? server.snapshot()) ?? shot; return Self.dark(shot) > 40 })
        usleep(300_000)
        shot = try server.snapshot()
        return (RGBAImage(width: shot.width, height: shot.pixels.count / (shot.width * 4), pixels: shot.pixels, isPremultiplied: true),
                connection.screenScale, connection.outputs.first?.bounds)
    }

    static func dark(_ shot: (width: Int, pixels: [UInt8])) -> Int {
        stride(from: 0, to: shot.pixels.count, by: 4).filter { shot.pixels[$0] < 100 && shot.pixels[$0 + 1] < 100 }.count
    }

    @Test func aTwoTimesOutputDrawsAtItsDensity() throws {
        let (sharp, scale, bounds) = try Self.shown(size: "320x240", scale: 2)
        #expect(scale == 2)
        #expect(bounds == CGRect(x: 0, y: 0, width: 160, height: 120))
        let (plain, plainScale, _) = try Self.shown(size: "160x120", scale: 1)
        #expect(plainScale == 1)
        #expect(sharp.width == 320 && plain.width == 160)
        // Geometry in points: the checkerboard's first black square is at points 100…104 × 60…64 on both.
        #expect(sharp.pixel(x: 203, y: 123).r < 40 && plain.pixel(x: 101, y: 61).r < 40)
        #expect(sharp.pixel(x: 211, y: 123).r > 215 && plain.pixel(x: 105, y: 61).r > 215)
        // Sharper than the 1× screen magnified: twice the edge energy or more (measured about 2.4×).
        let (e2, e1) = (Self.edgeEnergy(sharp), Self.edgeEnergy(Self.magnified(plain)))
        #expect(e2 > 1.6 * e1, "edge energy \(e2) at 2×, \(e1) magnified from 1×")
    }

    @Test func contentsScaleKeepsAnImageTheAppSetInEitherOrder() throws {
        let image = try #require(CGImage(width: 4, height: 4, rgba: [UInt8](repeating: 200, count: 64)))
        let after = CALayer()
        after.contents = image
        after.contentsScale = 2
        #expect(!after.needsDisplay())
        let before = CALayer()
        before.contentsScale = 2
        #expect(before.needsDisplay())                 // nothing shown yet: it may draw at the new scale
        before.contents = image
        #expect(!before.needsDisplay())                // the image is what it shows
        CATransaction.flush()
        #expect((after.contents as? CGImage) === image && (before.contents as? CGImage) === image)
    }

    @Test func inputOnATwoTimesOutputArrivesInPoints() throws {
        let server = try ServerProcess(size: "320x240", arguments: ["--scale", "2"])
        defer { _ = server.stop() }
        let connection = try StrataConnection.connect(socketPath: server.socketPath)
        defer { connection.close() }
        let queue = DispatchQueue.main // Strata's callbacks run there
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        let target = CALayer()
        target.frame = CGRect(x: 80, y: 40, width: 40, height: 40)
        target.isInteractive = true
        root.addSublayer(target)
        nonisolated(unsafe) var taps: [CGPoint] = [] // the handler's, on the main queue
        target.inputHandler = { e in if e.kind == .touchDown { taps.append(e.location) } }
        connection.attach(root)
        CATransaction.flush()
        usleep(300_000)
        // Output pixel (210, 110) is point (105, 55): (25, 15) in the target layer. Pixel (150, 110) is
        // point (75, 55), left of the target: not its.
        try strataInput(server, ["tap", "210", "110"])
        try strataInput(server, ["tap", "150", "110"])
        #expect(eventually { queue.sync { taps.count } >= 1 })
        usleep(200_000)
        #expect(queue.sync { taps } == [CGPoint(x: 25, y: 15)])
    }
}
}
