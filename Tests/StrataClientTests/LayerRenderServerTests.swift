import Foundation
@testable import Strata
import StrataPNG
import StrataTesting
import Testing

extension ClientProcessSuite {
/// `CALayer.render(in:)` (Cairo, on the client) against the server's drawing of the same tree (GLES): the
/// same pixels but where edges are anti-aliased differently.
@Suite struct LayerRenderServerTests {
    /// Rounded corners, a border, a turned and scaled sublayer, a clipped one, an opacity group, a shape, an
    /// axial and a conic gradient, on a 100 × 60 root.
    static func tree() -> CALayer {
        func layer(_ frame: CGRect, _ rgb: (CGFloat, CGFloat, CGFloat), in parent: CALayer? = nil) -> CALayer {
            let l = CALayer()
            l.frame = frame
            l.backgroundColor = CGColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: 1)
            parent?.addSublayer(l)
            return l
        }
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 60), (0.1, 0.1, 0.4))
        root.cornerRadius = 12
        root.borderWidth = 3
        root.borderColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
        let turned = layer(CGRect(x: 8, y: 8, width: 20, height: 10), (0, 0.8, 0.2), in: root)
        turned.setAffineTransform(CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 1.2, y: 1))
        let clip = layer(CGRect(x: 40, y: 6, width: 30, height: 20), (0.9, 0.1, 0.1), in: root)
        clip.masksToBounds = true
        clip.cornerRadius = 6
        _ = layer(CGRect(x: 15, y: 10, width: 30, height: 30), (1, 1, 1), in: clip)
        let faded = layer(CGRect(x: 6, y: 32, width: 28, height: 22), (0.2, 0.5, 1), in: root)
        faded.opacity = 0.6
        _ = layer(CGRect(x: 8, y: 6, width: 14, height: 10), (1, 0.5, 0), in: faded)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 38, y: 30, width: 20, height: 24)
        shape.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 16, height: 18), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0.4, blue: 0.7, alpha: 1)
        shape.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        shape.lineWidth = 2
        root.addSublayer(shape)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 60, y: 30, width: 14, height: 24)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 1, blue: 1, alpha: 1)]
        root.addSublayer(gradient)
        let conic = CAGradientLayer()
        conic.frame = CGRect(x: 76, y: 28, width: 18, height: 26)
        conic.type = .conic
        conic.colors = [CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 0.3, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1)]
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 0.5, y: 0)
        root.addSublayer(conic)
        return root
    }

    @Test func renderInMatchesTheServersDrawing() throws {
        let server = try StrataTestServer(.init(width: 100, height: 60))
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let root = Self.tree()
        connection.attach(root)
        CATransaction.flush()
        try server.advance(frames: 2)
        let screen = try server.snapshot()
        let ctx = try #require(CGContext(width: 100, height: 60))
        root.render(in: ctx)
        let drawn = try #require(ctx.makeImage()).premultipliedPixels
        // Over the server's black background a premultiplied pixel keeps its colour. Where the server's
        // pixel and its eight neighbours agree within 12 (inside a piece, gradients included) the two agree
        // within 2; at edges, anti-aliased differently (rotated, rounded, curved), within 80.
        func colour(_ p: [UInt8], _ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(p[(y * 100 + x) * 4 + $0]) } }
        func apart(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).map { abs($0 - $1) }.max() ?? 0 }
        var inside = 0, worstInside = 0, worst = 0
        for y in 0..<60 {
            for x in 0..<100 {
                let shown = colour(screen.pixels, x, y), d = apart(shown, colour(drawn, x, y))
                worst = max(worst, d)
                let neighbours = (max(0, y - 1)...min(59, y + 1)).flatMap { ny in (max(0, x - 1)...min(99, x + 1)).map { (ny, $0) } }
                guard neighbours.allSatisfy({ apart(shown, colour(screen.pixels, $0.1, $0.0)) <= 12 }) else { continue }
                inside += 1
                worstInside = max(worstInside, d)
            }
        }
        #expect(inside > 2500, "\(inside) pixels inside pieces")
        #expect(worstInside <= 2, "inside pieces the pixels differ by up to \(worstInside)")
        #expect(worst <= 80, "at edges the pixels differ by up to \(worst)")
    }
}
}
