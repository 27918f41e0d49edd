import Foundation
import Testing
import StrataCore

@Suite("Presentation (animations applied in order over the model)")
struct PresentationTests {
    static func anim(_ key: String, _ path: String, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                     by: AnimatableValue? = nil, begin: Double = 0, duration: Double = 1,
                     additive: Bool = false) -> AttachedAnimation {
        var timing = MediaTiming()
        timing.beginTime = begin
        timing.duration = duration
        let spec = AnimationSpec(keyPath: try! LayerKeyPath(parsing: path), kind: .basic(from: from, to: to, by: by),
                                 timing: timing, isAdditive: additive)
        return AttachedAnimation(key: key, spec: spec)
    }

    @Test func noAnimationsLeavesModel() {
        var model = LayerModel()
        model.opacity = 0.3
        #expect(Presentation.apply([], to: model, at: 5) == model)
    }

    @Test func laterAnimationSeesValueBeneath() {
        var model = LayerModel()
        model.opacity = 1
        let first = Self.anim("a", "opacity", from: .scalar(0), to: .scalar(1))   // 0.5 at t = 0.5
        let second = Self.anim("b", "opacity", by: .scalar(0.2))                 // 0.5 → 0.7
        let out = Presentation.apply([first, second], to: model, at: 0.5)
        #expect(abs(Double(out.opacity) - 0.6) <= 1e-15)
        // Order matters: the by-animation first sees the model (1 → 1.2), then from/to overrides it.
        let reversed = Presentation.apply([second, first], to: model, at: 0.5)
        #expect(reversed.opacity == 0.5)
        #expect(model.opacity == 1) // the model is untouched
    }

    @Test func additiveStacksAndNonAdditiveOverrides() {
        var model = LayerModel()
        model.position = CGPoint(x: 100, y: 100)
        let move = Self.anim("move", "position", from: .point(CGPoint(x: 0, y: 0)), to: .point(CGPoint(x: 200, y: 0)))
        let shake = Self.anim("shake", "position.y", from: .scalar(-10), to: .scalar(10), additive: true)
        let out = Presentation.apply([move, shake], to: model, at: 0.25)
        #expect(out.position == CGPoint(x: 50, y: -5))
        let override = Self.anim("x", "position.x", from: .scalar(7), to: .scalar(7))
        #expect(Presentation.apply([move, shake, override], to: model, at: 0.25).position == CGPoint(x: 7, y: -5))
    }

    @Test func inactiveAnimationsHaveNoEffect() {
        var model = LayerModel()
        model.opacity = 0.8
        let late = Self.anim("late", "opacity", from: .scalar(0), to: .scalar(1), begin: 10)
        let done = Self.anim("done", "opacity", from: .scalar(0), to: .scalar(1), begin: 0, duration: 1)
        #expect(Presentation.apply([late, done], to: model, at: 5).opacity == 0.8)
        #expect(Presentation.apply([late, done], to: model, at: 10.5).opacity == 0.5)
    }

    @Test func componentAnimationsCombineIntoWholeValue() throws {
        var model = LayerModel()
        model.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let w = Self.anim("w", "bounds.size.width", to: .scalar(200))
        let h = Self.anim("h", "bounds.size.height", from: .scalar(0), to: .scalar(50))
        let out = Presentation.apply([w, h], to: model, at: 0.5)
        #expect(out.bounds == CGRect(x: 0, y: 0, width: 150, height: 25))
        let spin = Self.anim("spin", "transform.rotation.z", from: .scalar(0), to: .scalar(CGFloat.pi))
        let rotated = Presentation.apply([spin], to: model, at: 0.5)
        #expect(maxDifference(rotated.transform, .rotation(CGFloat.pi / 2, 0, 0, 1)) <= 1e-15)
    }

    @Test func isAnimatingAndNextTransition() {
        let a = Self.anim("a", "opacity", to: .scalar(0), begin: 1, duration: 2)
        let b = Self.anim("b", "opacity", to: .scalar(0), begin: 5, duration: 1)
        #expect(!Presentation.isAnimating([a, b], at: 0.5))
        #expect(Presentation.isAnimating([a, b], at: 1))
        #expect(!Presentation.isAnimating([a, b], at: 3))
        #expect(Presentation.isAnimating([a, b], at: 5.5))
        #expect(Presentation.nextTransition([a, b], after: 0) == 1)
        #expect(Presentation.nextTransition([a, b], after: 1) == 3)
        #expect(Presentation.nextTransition([a, b], after: 3) == 5)
        #expect(Presentation.nextTransition([a, b], after: 5.5) == 6)
        #expect(Presentation.nextTransition([a, b], after: 6) == nil)
        #expect(Presentation.nextTransition([], after: 0) == nil)
    }
}

@Suite struct LayerTimingCoreTests {
    @Test func localTimeComposesDownTheChain() {
        let space = TimeSpace(chain: [LayerTiming(beginTime: 1, speed: 2, timeOffset: 0), LayerTiming(speed: 2, timeOffset: 5)])
        #expect(space.rate == 4)
        #expect(space.local(fromGlobal: 3) == ((3 - 1) * 2) * 2 + 5)
        #expect(space.global(fromLocal: 13) == 3)
        let paused = TimeSpace(chain: [LayerTiming(speed: 0, timeOffset: 7)])
        #expect(paused.local(fromGlobal: 1000) == 7)
        #expect(paused.global(fromLocal: 7) == nil)
        #expect(paused.rate == 0)
    }

    /// A cycling layer (duration > 0) maps its parent's time like an animation group's.
    @Test func aCyclingLayersTimeRepeatsReversesAndFills() {
        var t = LayerTiming(beginTime: 1)
        t.duration = 2; t.repeatCount = 2; t.autoreverses = true
        #expect(t.activeLocal(fromParent: 0) == nil)            // before, fill removed: inactive
        #expect(t.activeLocal(fromParent: 1) == 0)
        #expect(t.activeLocal(fromParent: 2.5) == 1.5)
        #expect(t.activeLocal(fromParent: 3.5) == 1.5)          // reversing: 2 − 0.5
        #expect(t.activeLocal(fromParent: 5.25) == 0.25)        // second cycle forwards
        #expect(t.activeLocal(fromParent: 9) == nil)            // active for 2 · 2 · 2 = 8 s, then inactive
        t.fillMode = .both
        #expect(t.activeLocal(fromParent: 0) == 0)
        #expect(t.activeLocal(fromParent: 100) == 0)            // held at the end of the last (reversed) cycle
        #expect(t.phase(atParent: 0) == .before && t.phase(atParent: 4) == .active && t.phase(atParent: 9) == .after)
        t.speed = 2
        #expect(t.activeLocal(fromParent: 1.75) == 1.5)
        #expect(t.local(fromParent: 1.75) == 1.5)               // the linear map ignores cycles
        let plain = LayerTiming(beginTime: 1)
        #expect(plain.activeLocal(fromParent: -5) == -6 && plain.phase(atParent: -5) == .active)
        let space = TimeSpace(chain: [t, LayerTiming(speed: 3)])
        #expect(space.cycles && space.activeLocal(fromGlobal: 1.75) == 4.5)
        #expect(TimeSpace(chain: [LayerTiming(), t]).activeLocal(fromGlobal: 50) == 0)
    }
}

/// Paths interpolate point by point when their structures match, and switch half-way otherwise.
@Suite struct PathInterpolationTests {
    func square(_ side: CGFloat) -> Path { var p = Path(); p.addRect(CGRect(x: 0, y: 0, width: side, height: side)); return p }

    @Test func sameStructurePathsInterpolatePointByPoint() {
        let v = Interpolation.interpolate(.path(square(10)), .path(square(30)), 0.25)
        #expect(v == .path(square(15)))
        #expect(Interpolation.add(.path(square(10)), .path(square(5))) == .path(square(15)))
        #expect(Interpolation.scale(.path(square(10)), 3) == .path(square(30)))
    }

    @Test func differentStructuresSwitchHalfWay() {
        var line = Path()
        line.move(to: .zero); line.addLine(to: CGPoint(x: 5, y: 5))
        #expect(Interpolation.interpolate(.path(square(10)), .path(line), 0.49) == .path(square(10)))
        #expect(Interpolation.interpolate(.path(square(10)), .path(line), 0.5) == .path(line))
    }
}

@Suite struct ChangedPropertiesTests {
    @Test func anAnimationNamesWhatItChanges() {
        let move = AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .basic(from: nil, to: .point(CGPoint(x: 1, y: 1)), by: nil))
        let fade = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(1), to: .scalar(0), by: nil))
        let width = AnimationSpec(keyPath: LayerKeyPath(property: .bounds, component: .width), kind: .basic(from: .scalar(1), to: .scalar(2), by: nil))
        #expect(PreparedAnimation(move).changedProperties == [.position])
        #expect(PreparedAnimation(width).changedProperties == [.bounds])
        // A group: its children's, at any depth.
        let inner = AnimationSpec(keyPath: nil, kind: .group([fade]))
        #expect(PreparedAnimation(AnimationSpec(keyPath: nil, kind: .group([move, inner]))).changedProperties == [.position, .opacity])
        // Along a path that turns the layer: the transform too.
        let turning = AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                    kind: .keyframe(Keyframes(values: [.point(.zero), .point(CGPoint(x: 10, y: 0))], rotationMode: .auto)))
        #expect(PreparedAnimation(turning).changedProperties == [.position, .transform])
        // A transition changes how the layer is drawn, no property.
        let transition = PreparedAnimation(AnimationSpec(keyPath: nil, kind: .transition(Transition())))
        #expect(transition.changedProperties.isEmpty && transition.isTransition)
        #expect(!PreparedAnimation(move).isTransition)
    }
}
