import Foundation
import StrataCore
import StrataOffline
import StrataPNG
import StrataScene
@testable import StrataRender
import Testing

/// Layer shadows: the alpha of the layer's background, contents and sublayers, moved by shadowOffset,
/// blurred (σ = shadowRadius / 2) and drawn beneath the layer in shadowColor × shadowOpacity.
@Suite struct ShadowTests {
    static let scene = (try? Golden.sceneText("shadows/scene.json")) ?? ""

    func render(_ json: String) throws -> RGBAImage { try Golden.render(json) }

    @Test func aHardShadowIsTheLayersShapeMovedByItsOffset() throws {
        let img = try render(Self.scene)
        // Layer a spans x 15…45, y 20…50; its shadow x 21…51, y 26…56, beneath it.
        expectPixel(img.pixels, width: 120, x: 48, y: 53, [0, 0, 0, 255])
        expectPixel(img.pixels, width: 120, x: 22, y: 53, [0, 0, 0, 255])
        expectPixel(img.pixels, width: 120, x: 30, y: 35, [255, 0, 0, 255])   // the layer covers its shadow
        expectPixel(img.pixels, width: 120, x: 48, y: 23, [255, 255, 255, 255]) // above the offset shadow
        expectPixel(img.pixels, width: 120, x: 52, y: 53, [255, 255, 255, 255])
    }

    @Test func aBlurredShadowFadesOutAcrossItsEdgeAndFollowsSublayers() throws {
        let img = try render(Self.scene)
        func red(_ x: Int, _ y: Int) -> Int { Int(img.pixels[(y * 120 + x) * 4]) }
        // Below layer b (x 70…100, bottom y 50) the shadow (bottom edge y 58) lightens monotonically
        // towards white, symmetric about the edge: 0.8 opacity at most, half of it at the edge.
        let column = (50..<70).map { red(85, $0) }
        #expect(zip(column, column.dropFirst()).allSatisfy { $0 <= $1 }, "\(column)")
        #expect(column.first.map { $0 >= 51 && $0 < 70 } == true, "\(column)")  // ≈ 255 · (1 − 0.8)
        #expect(column.last == 255)
        let edge = (red(85, 57) + red(85, 58)) / 2
        #expect(abs(edge - 153) <= 3, "\(edge)")                              // 255 · (1 − 0.8 / 2)
        // The blue sublayer sticking out at the top right casts its part of the shadow too.
        #expect(red(103, 30) < 200 && red(103, 30) > 51, "\(red(103, 30))") // its shadow: x 95…105, y 23…33
        // Without shadowOpacity (default 0) there is none.
        let none = try render(Self.scene.replacingOccurrences(of: "\"shadowOpacity\":0.8,", with: ""))
        #expect(none.pixels[(55 * 120 + 85) * 4] == 255)
    }

    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try render(Self.scene), "shadows/shadows.png")
    }

    @Test func theKernelIsANormalisedGaussian() {
        let k = ShadowKernel(sigma: 2).weights
        #expect(k.count == 7)                                    // centre + 3σ = 6 taps
        #expect(abs(k[0] + 2 * k.dropFirst().reduce(0, +) - 1) < 1e-12)
        #expect(abs(k[1] / k[0] - exp(-1.0 / 8)) < 1e-12)
        #expect(ShadowKernel(sigma: 0).weights == [1])
    }
}
