import Foundation
import StrataCore
import StrataRender
@testable import StrataServer
import Testing

/// `MotionEligibility`'s rules on their own, without a renderer or a frame: the reason each gives, in the
/// order they are asked (docs/animation.md's reason table).
@Suite struct MotionEligibilityTests {
    static func node(_ kind: LayerKind = .layer, animating keyPath: String = "position.x") throws -> RenderNode {
        let n = RenderNode(id: 1, kind: kind)
        let spec = AnimationSpec(keyPath: try LayerKeyPath(parsing: keyPath), kind: .basic(from: nil, to: nil, by: .scalar(1)))
        n.attach(AttachedAnimation(key: "a", spec: spec))
        return n
    }

    static func plan(_ property: MotionSlots.Property = .position) -> MotionPlanner.Plan {
        var plan = MotionPlanner.Plan()
        plan.add(0, property, nil)
        return plan
    }

    @Test func timingRefusesCyclingBackwardsTransitionsAndPropertiesWithoutChannels() throws {
        let n = try Self.node()
        #expect(MotionEligibility.timing(n, clock: .global(1)) == nil)
        #expect(MotionEligibility.timing(n, clock: SubtreeClock(time: 1, rate: 1, affine: false)) == .timeNotAffine)
        #expect(MotionEligibility.timing(n, clock: SubtreeClock(time: 1, rate: -1, affine: true)) == .timeRunsBackwards)
        #expect(MotionEligibility.timing(try Self.node(animating: "contentsCenter"), clock: .global(1)) == .propertyOffSlots)
        let fade = RenderNode(id: 2)
        fade.attach(AttachedAnimation(key: "t", spec: AnimationSpec(keyPath: nil, kind: .transition(Transition(kind: .fade)))))
        #expect(MotionEligibility.timing(fade, clock: .global(1)) == .transition)
    }

    @Test func drawingAsksTheKindThenTintOneSidednessShadowAndSublayerSpace() throws {
        let plain = try Self.node()
        #expect(MotionEligibility.drawing(plain, plain.model, Self.plan(), tint: .white, shapesMove: true, underAnimatedTransform: false) == nil)
        // The kind answers first: a transform layer draws nothing of its own; a shape only where shapes move.
        let transform = try Self.node(.transform)
        #expect(MotionEligibility.drawing(transform, transform.model, Self.plan(), tint: .white, shapesMove: true, underAnimatedTransform: false) == .kindContent)
        let shape = try Self.node(.shape)
        #expect(MotionEligibility.drawing(shape, shape.model, Self.plan(), tint: .white, shapesMove: false, underAnimatedTransform: false) == .kindContent)
        #expect(MotionEligibility.drawing(shape, shape.model, Self.plan(), tint: .white, shapesMove: true, underAnimatedTransform: false) == nil)
        // A tint over an animated colour.
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(MotionEligibility.drawing(plain, plain.model, Self.plan(.backgroundColor), tint: red, shapesMove: true, underAnimatedTransform: false) == .tintedColours)
        #expect(MotionEligibility.drawing(plain, plain.model, Self.plan(), tint: red, shapesMove: true, underAnimatedTransform: false) == nil)
        // A shadow under an animated transform, or with a shadowPath.
        var shadowed = plain.model
        shadowed.shadowOpacity = 1
        #expect(MotionEligibility.drawing(plain, shadowed, Self.plan(), tint: .white, shapesMove: true, underAnimatedTransform: true) == .shadow)
        var square = Path()
        square.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        shadowed.shadowPath = square
        #expect(MotionEligibility.drawing(plain, shadowed, Self.plan(), tint: .white, shapesMove: true, underAnimatedTransform: false) == .shadow)
        // Animated bounds under a sublayer transform.
        var flipped = plain.model
        flipped.isGeometryFlipped = true
        #expect(MotionEligibility.drawing(plain, flipped, Self.plan(.bounds), tint: .white, shapesMove: true, underAnimatedTransform: false) == .sublayerSpace)
        #expect(MotionEligibility.drawing(plain, flipped, Self.plan(), tint: .white, shapesMove: true, underAnimatedTransform: false) == nil)
    }

    @Test func aRasterizedLayerMovesAsOneBitmapOnly() throws {
        let n = try Self.node()
        #expect(MotionEligibility.raster(n.model, Self.plan()) == nil)
        #expect(MotionEligibility.raster(n.model, Self.plan(.backgroundColor)) == .drawnIntoBitmap)
        var oneSided = n.model
        oneSided.isDoubleSided = false
        #expect(MotionEligibility.raster(oneSided, Self.plan()) == .oneSided)
    }

    @Test func everyReasonHasAStableNameAndASentence() {
        let names = MotionCPUReason.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(MotionCPUReason.allCases.allSatisfy { !$0.description.isEmpty && $0.name == $0.name.lowercased() })
        #expect(MotionVerdict.cpu(.shadow).description == "cpu: its shadow cannot move with the slot")
    }
}
