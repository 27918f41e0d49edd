import Foundation
import StrataCore
@testable import StrataServer
import Testing

/// A scroll view's offset rounded to the pixel grid (`AnimationSpec.valueStep`) moves its sublayers by whole
/// pixels: they are not drawn as moving content (glyphs off the grid, shadows as bitmaps), so nothing changes
/// how they are drawn when the motion starts or ends.
@Suite struct PixelGridScrollTests {
    static func scroll(step: Double, keyPath: String = "bounds.origin", additive: Bool = false) throws -> RenderNode {
        let n = RenderNode(id: 1)
        let spec = AnimationSpec(keyPath: try LayerKeyPath(parsing: keyPath),
                                 kind: .basic(from: .point(.zero), to: .point(CGPoint(x: 0, y: 90)), by: nil),
                                 isAdditive: additive, valueStep: step)
        n.attach(AttachedAnimation(key: "s", spec: spec))
        return n
    }

    @Test func anOffsetOnThePixelGridDoesNotMoveWhatIsDrawnOffIt() throws {
        #expect(try !Self.scroll(step: 1).animatesPlacement)
        #expect(try !Self.scroll(step: 0.5).animatesPlacement)
        // Unrounded, additive, or of the whole bounds (which also resizes the layer): the layer's drawing moves.
        #expect(try Self.scroll(step: 0).animatesPlacement)
        #expect(try Self.scroll(step: 1, additive: true).animatesPlacement)
        let bounds = RenderNode(id: 2)
        bounds.attach(AttachedAnimation(key: "b", spec: AnimationSpec(
            keyPath: try LayerKeyPath(parsing: "bounds"),
            kind: .basic(from: .rect(.zero), to: .rect(CGRect(x: 0, y: 0, width: 10, height: 10)), by: nil), valueStep: 1)))
        #expect(bounds.animatesPlacement)
    }
}
