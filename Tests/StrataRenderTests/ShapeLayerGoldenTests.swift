import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// CAShapeLayer drawing, from the scene files in Golden/shape-layers: fill rules, caps and joins, the
/// miter limit, dashes, partial strokes, and shapes drawn at screen resolution after zooming and 3D
/// rotation.
@Suite struct ShapeLayerGoldenTests {
    static let white = [255, 255, 255, 255], black = [0, 0, 0, 255]

    func render(_ name: String) throws -> RGBAImage {
        try Golden.render(Golden.sceneText("shape-layers/\(name).json"))
    }

    /// A five-pointed star drawn in one stroke, and two nested squares going the same way: non-zero
    /// fills the middle, even-odd leaves it empty.
    @Test func fillRules() throws {
        let img = try render("fill-rules")
        let imgAt = img.rgba
        try Golden.expectMatches(img, "shape-layers/fill-rules-t0.png")
        let blue = [0x20, 0x60, 0xE0, 255], red = [0xE0, 0x40, 0x20, 255]
        #expect(imgAt(50, 50) == blue)
        #expect(imgAt(150, 50) == Self.white)
        #expect(imgAt(150, 25) == blue)          // a point of the even-odd star
        #expect(imgAt(50, 150) == red)
        #expect(imgAt(150, 150) == Self.white)
        #expect(imgAt(115, 150) == red)          // the even-odd ring
    }

    /// Butt, round and square caps on 16-wide lines over a 1-wide guide of the path; miter, round and
    /// bevel joins on 12-wide V shapes; a sharp join under miterLimit 10 (kept) and 4 (bevelled).
    @Test func capsJoinsAndMiterLimit() throws {
        let img = try render("caps-joins")
        let imgAt = img.rgba
        try Golden.expectMatches(img, "shape-layers/caps-joins-t0.png")
        // Lines end at x = 110: a butt cap stops there, round and square ones go 8 further.
        #expect(imgAt(112, 20) == Self.white)
        #expect(imgAt(115, 50) == Self.black)
        #expect(imgAt(115, 80) == Self.black)
        #expect(imgAt(117, 43) == Self.white)    // a round cap's corner is empty…
        #expect(imgAt(117, 73) == Self.black)    // …a square cap's is not
        // Apexes at y = 20: the miter reaches about 16 above it, the round join 6, the bevel about 2.
        #expect(imgAt(180, 8) == Self.black)
        #expect(imgAt(240, 8) == Self.white && imgAt(240, 15) == Self.black)
        #expect(imgAt(300, 15) == Self.white && imgAt(300, 19) == Self.black)
        // The sharp V (miter about 5.1 widths): pointed under limit 10, cut under limit 4.
        #expect(imgAt(200, 80) == Self.black)
        #expect(imgAt(260, 80) == Self.white)
    }

    /// Dash patterns with and without a phase, zero-length dashes with round caps (dots), a dashed
    /// circle, the bottom half of a circle (strokeStart 0.25, strokeEnd 0.75 from the top, clockwise),
    /// and a dashed polyline cut at strokeEnd 0.6 (the dashes keep their place along the whole path).
    @Test func dashesAndPartialStrokes() throws {
        let img = try render("dashes-strokes")
        let imgAt = img.rgba
        try Golden.expectMatches(img, "shape-layers/dashes-strokes-t0.png")
        #expect(imgAt(30, 20) == Self.black && imgAt(45, 20) == Self.white && imgAt(60, 20) == Self.black)
        #expect(imgAt(25, 40) == Self.black && imgAt(35, 40) == Self.white && imgAt(45, 40) == Self.black)
        #expect(imgAt(32, 60) == [0x20, 0x60, 0xE0, 255] && imgAt(26, 60) == Self.white)
        #expect(imgAt(140, 165) == Self.black)   // the bottom of the half-stroked circle
        #expect(imgAt(140, 93) == Self.white)    // its top: not stroked
        #expect(imgAt(140, 130) == [0xDD, 0xDD, 0xDD, 255])
        let green = [0, 0x90, 0x40, 255]
        #expect(imgAt(205, 95) == green && imgAt(215, 95) == Self.white)
        #expect(imgAt(260, 130) == green || imgAt(260, 125) == green)
        #expect(imgAt(260, 160) == Self.white && imgAt(230, 165) == Self.white)
    }

    /// A 12-point circle zoomed 8× by its transform, and a star turned about y under perspective: both
    /// are flattened and rasterised at the size they are shown, so edges stay one pixel wide.
    @Test func zoomedAndRotatedShapesStaySharp() throws {
        let img = try render("zoom-3d")
        let imgAt = img.rgba
        try Golden.expectMatches(img, "shape-layers/zoom-3d-t0.png")
        // Across the zoomed circle's outer edge (x = 18 on row 70) and the stroke's inner edge (x = 26):
        // at most two pixels between background and stroke, or stroke and fill. A bitmap zoomed 8× would
        // blur each edge over about eight.
        func partial(_ c: [Int], between a: [Int], and b: [Int]) -> Bool { c != a && c != b }
        let outer = (10..<22).filter { partial(imgAt($0, 70), between: Self.white, and: Self.black) }
        let inner = (22..<32).filter { partial(imgAt($0, 70), between: Self.black, and: [0x20, 0x60, 0xE0, 255]) }
        #expect(outer.count <= 2, "outer edge pixels \(outer)")
        #expect(inner.count <= 2, "inner edge pixels \(inner)")
        #expect(imgAt(14, 70) == Self.white && imgAt(21, 70) == Self.black && imgAt(30, 70) == [0x20, 0x60, 0xE0, 255])
        // The turned star: filled at its centre, narrower than it is tall.
        #expect(imgAt(210, 70) == [0xE0, 0x40, 0x20, 255])
        let rows = (0..<140).filter { y in (140..<280).contains { img.rgba($0, y)[1] < 200 } }
        let columns = (140..<280).filter { x in (0..<140).contains { img.rgba(x, $0)[1] < 200 } }
        #expect(columns.count < rows.count - 20, "star \(columns.count) wide, \(rows.count) tall")
    }
}
