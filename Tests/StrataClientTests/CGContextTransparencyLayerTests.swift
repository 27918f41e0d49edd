import Foundation
@testable import Strata
import Testing

/// CGContext transparency layers: the drawing composited once with the begin's alpha and shadow.
@Suite struct CGContextTransparencyLayerTests {
    typealias Pixels = CGContextTests.Pixels

    /// Two overlapping opaque squares at alpha 0.5: in a layer the overlap is the top square at half alpha,
    /// not the two blended; the layer's inside draws at full alpha.
    @Test func theLayerCompositesOnceWithTheBeginsAlpha() throws {
        let c = try #require(CGContext(width: 20, height: 10))
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(CGColor.red)
        c.fill(CGRect(x: 0, y: 0, width: 12, height: 10))
        c.setFillColor(CGColor.green)
        c.fill(CGRect(x: 8, y: 0, width: 12, height: 10))
        c.endTransparencyLayer()
        let p = try Pixels(c)
        #expect(p[2, 5] == [128, 0, 0, 128] && p[10, 5] == [0, 128, 0, 128] && p[18, 5] == [0, 128, 0, 128])
    }

    /// The begin's shadow is cast by the layer's combined drawing, once; inside the layer there is none.
    /// States saved inside end with the layer, and an end without a begin does nothing.
    @Test func theShadowIsTheLayersAndStatesInsideEndWithIt() throws {
        let c = try #require(CGContext(width: 20, height: 20))
        c.setShadow(offset: CGSize(width: 0, height: 10), blur: 0, color: CGColor.blue)
        c.beginTransparencyLayer(in: .null, auxiliaryInfo: nil)
        c.saveGState()
        c.setFillColor(CGColor.red)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        c.setFillColor(CGColor.green)
        c.fill(CGRect(x: 5, y: 0, width: 10, height: 10))
        c.endTransparencyLayer()
        c.endTransparencyLayer()
        c.restoreGState() // nothing saved outside the layer: ignored
        let p = try Pixels(c)
        #expect(p[2, 5] == [255, 0, 0, 255] && p[7, 5] == [0, 255, 0, 255])
        #expect(p[2, 15] == [0, 0, 255, 255] && p[12, 15] == [0, 0, 255, 255] && p[17, 15] == [0, 0, 0, 0])
        // The shadow was restored with the layer's end: a fill now casts it again.
        c.setFillColor(CGColor.red)
        c.fill(CGRect(x: 16, y: 0, width: 2, height: 2))
        #expect(try Pixels(c)[16, 10] == [0, 0, 255, 255])
    }
}
