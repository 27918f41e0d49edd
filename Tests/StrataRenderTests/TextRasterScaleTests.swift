import Foundation
import StrataCore
@testable import StrataRender
import Testing

/// The glyph raster size's parts without GL: the scale a matrix shows text at, size quantisation and the
/// atlas's shelf packing.
@Suite struct TextRasterScaleTests {
    let box = CGRect(x: 0, y: 0, width: 100, height: 20)

    @Test func anAffineMatrixShowsItsLargestSingularValue() throws {
        #expect(TextRasterScale.shownScale(.identity, over: box) == 1)
        #expect(TextRasterScale.shownScale(.scale(3, 1.5, 1) * .translation(40, 7, 0), over: box) == 3)
        let turned = try #require(TextRasterScale.shownScale(.scale(2, 2, 1) * .rotation(0.7, 0, 0, 1), over: box))
        #expect(abs(turned - 2) < 1e-12)
    }

    @Test func perspectiveShowsTheNearestPartLargest() throws {
        var p = Transform3D.identity
        p.m34 = -1.0 / 200
        // Turned about y: the right end comes nearer (z > 0 toward the eye at 200) and is shown larger than 1.
        let m = Transform3D.rotation(-.pi / 4, 0, 1, 0) * p
        let s = try #require(TextRasterScale.shownScale(m, over: box))
        // Against finite differences of the projected mapping: the largest singular value over the box's
        // corners and centre (the nearest corners, x = 100, give it).
        func project(_ x: Double, _ y: Double) -> (Double, Double) {
            let w = x * m.m14 + y * m.m24 + m.m44
            return ((x * m.m11 + y * m.m21 + m.m41) / w, (x * m.m12 + y * m.m22 + m.m42) / w)
        }
        var largest = 0.0
        for (x, y) in [(50.0, 10.0), (0, 0), (100, 0), (0, 20), (100, 20)] {
            let e = 1e-6
            let (x1, y1) = project(x + e, y), (x0, y0) = project(x - e, y), (x3, y3) = project(x, y + e), (x2, y2) = project(x, y - e)
            let a = (x1 - x0) / (2 * e), c = (y1 - y0) / (2 * e), b = (x3 - x2) / (2 * e), d = (y3 - y2) / (2 * e)
            // σ² are the eigenvalues of JᵀJ.
            let p = a * a + c * c, q = a * b + c * d, r = b * b + d * d
            largest = max(largest, ((p + r) / 2 + (((p - r) / 2) * ((p - r) / 2) + q * q).squareRoot()).squareRoot())
        }
        #expect(abs(s - largest) < 1e-6, "\(s) vs \(largest)")
        #expect(s > 1.7)
        // Wholly behind the eye: nothing shown.
        var behind = Transform3D.identity
        behind.m44 = -1
        #expect(TextRasterScale.shownScale(behind, over: box) == nil)
    }

    @Test func pixelSizesAreQuantisedFinerWhenSmall() {
        #expect(TextRasterScale.quantized(12.004) == 12)
        #expect(TextRasterScale.quantized(12.01) == 12 + 1.0 / 64)
        #expect(TextRasterScale.quantized(60.1) == 60)
        #expect(TextRasterScale.quantized(60.2) == 60.25)
        #expect(TextRasterScale.quantized(200.4) == 200)
        #expect(TextRasterScale.quantized(0) == 0 && TextRasterScale.quantized(.nan) == 0 && TextRasterScale.quantized(-3) == 0)
    }

    @Test func onlyUniformUnmirroredScalesAreAxisAligned() {
        #expect(TextRasterScale.axisAlignedScale(.scale(2, 2, 1) * .translation(3.5, 1, 0)) == 2)
        #expect(TextRasterScale.axisAlignedScale(.scale(2, 1, 1)) == nil)
        #expect(TextRasterScale.axisAlignedScale(.scale(-1, -1, 1)) == nil)
        #expect(TextRasterScale.axisAlignedScale(.rotation(0.1, 0, 0, 1)) == nil)
    }

    @Test func shelvesNeverOverlapAndFillUp() {
        var packer = ShelfPacker(size: 64)
        var placed: [PixelRect] = []
        let sizes = [(10, 12), (20, 12), (7, 30), (15, 12), (30, 9), (12, 12), (40, 12), (5, 5), (64, 1)]
        for (w, h) in sizes {
            guard let (x, y) = packer.insert(width: w, height: h) else { continue }
            let r = PixelRect(x: x, y: y, width: w, height: h)
            #expect(r.x >= 0 && r.y >= 0 && r.maxX <= 64 && r.maxY <= 64)
            #expect(placed.allSatisfy { !$0.intersects(r) }, "\(r) overlaps")
            placed.append(r)
        }
        #expect(placed.count == sizes.count)
        #expect(packer.insert(width: 65, height: 1) == nil)
        // Fill until nothing fits, then clearing makes room again.
        while packer.insert(width: 16, height: 16) != nil {}
        #expect(packer.insert(width: 16, height: 16) == nil)
        packer.removeAll()
        #expect(packer.insert(width: 16, height: 16).map { $0 == (0, 0) } == true)
    }
}
