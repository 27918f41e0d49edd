import Foundation
import StrataCore
import Testing

@Suite struct TransitionModelTests {
    let bounds = CGRect(x: 0, y: 0, width: 40, height: 30)

    func point(_ p: CGPoint, through m: Transform3D) -> CGPoint { m.apply(to: p) }

    @Test func typesOutsideTheRenderedSetAreNamedInTheError() {
        #expect(throws: StrataError.unsupportedTransition("rippleEffect")) { try Transition.Kind(name: "rippleEffect") }
        #expect(StrataError.unsupportedTransition("pageCurl").description == "unsupported transition: pageCurl")
        #expect(Transition.Kind.allCases.map(\.name) == ["fade", "moveIn", "push", "reveal", "cube", "oglFlip"])
    }

    @Test func progressRunsFromStartToEndProgressOverTheEasedFraction() throws {
        let t = Transition(kind: .push, startProgress: 0.2, endProgress: 0.6)
        #expect(t.progress(atEased: 0) == 0.2 && t.progress(atEased: 0.5) == 0.4 && t.progress(atEased: 1) == 0.6)
        var timing = MediaTiming()
        timing.duration = 2
        let spec = AnimationSpec(keyPath: nil, kind: .transition(t), timing: timing)
        #expect(spec.transitionProgress(at: 1) == 0.4)
        #expect(spec.transitionProgress(at: 2) == nil) // removed on completion
        #expect(throws: (any Error).self) { try Transition(startProgress: 0.5, endProgress: 0.4).validate() }
        // A transition changes no property value.
        var model = LayerModel()
        model.opacity = 0.5
        spec.apply(to: &model, at: 1)
        #expect(model.opacity == 0.5)
        #expect(Presentation.activeTransition([AttachedAnimation(key: "transition", spec: spec)], at: 0.5)?.progress == 0.3)
    }

    @Test func pushMoveInAndRevealTranslateByTheLayersExtent() {
        let push = TransitionFrame(Transition(kind: .push, direction: .fromRight), progress: 0.25, bounds: bounds)
        #expect(push.pieces.map(\.source) == [.old, .new])
        #expect(point(.zero, through: push.pieces[0].transform) == CGPoint(x: -10, y: 0))
        #expect(point(.zero, through: push.pieces[1].transform) == CGPoint(x: 30, y: 0))
        let down = TransitionFrame(Transition(kind: .push, direction: .fromTop), progress: 0.5, bounds: bounds)
        #expect(point(.zero, through: down.pieces[0].transform) == CGPoint(x: 0, y: 15))
        #expect(point(.zero, through: down.pieces[1].transform) == CGPoint(x: 0, y: -15))
        let moveIn = TransitionFrame(Transition(kind: .moveIn, direction: .fromBottom), progress: 0.5, bounds: bounds)
        #expect(moveIn.pieces.map(\.source) == [.old, .new] && moveIn.pieces[0].transform == .identity)
        #expect(point(.zero, through: moveIn.pieces[1].transform) == CGPoint(x: 0, y: 15))
        let reveal = TransitionFrame(Transition(kind: .reveal), progress: 0.5, bounds: bounds) // default: fromLeft
        #expect(reveal.pieces.map(\.source) == [.new, .old])
        #expect(point(.zero, through: reveal.pieces[1].transform) == CGPoint(x: 20, y: 0))
        let fade = TransitionFrame(Transition(kind: .fade), progress: 0.3, bounds: bounds)
        #expect(fade.crossfade == 0.3 && fade.pieces.allSatisfy { $0.transform == .identity })
    }

    @Test func cubeFacesMeetAtTheirSharedEdgeAndOglFlipShowsOneFace() {
        // Half way through a cube turn from the right, the old face's right edge and the new face's left
        // edge coincide (the cube's front edge), and the two faces are mirror images about it.
        let cube = TransitionFrame(Transition(kind: .cube, direction: .fromRight), progress: 0.5, bounds: bounds)
        let old = cube.pieces.first { $0.source == .old }?.transform ?? .identity
        let new = cube.pieces.first { $0.source == .new }?.transform ?? .identity
        let oldRight = point(CGPoint(x: 40, y: 15), through: old), newLeft = point(CGPoint(x: 0, y: 15), through: new)
        #expect(abs(oldRight.x - newLeft.x) < 1e-9 && abs(oldRight.y - newLeft.y) < 1e-9)
        let oldLeft = point(CGPoint(x: 0, y: 15), through: old), newRight = point(CGPoint(x: 40, y: 15), through: new)
        #expect(abs((oldRight.x - oldLeft.x) - (newRight.x - newLeft.x)) < 1e-9)
        #expect(abs(oldRight.x - 20) < 1e-9) // the shared edge is at the centre, half way
        // …and nearer the viewer than the layer's plane, so it is drawn longer than the layer is high.
        let top = point(CGPoint(x: 40, y: 0), through: old), bottom = point(CGPoint(x: 40, y: 30), through: old)
        #expect(bottom.y - top.y > 30)
        let flip = TransitionFrame(Transition(kind: .oglFlip, direction: .fromRight), progress: 0.2, bounds: bounds)
        #expect(flip.pieces.map(\.source) == [.old])
        #expect(TransitionFrame(Transition(kind: .oglFlip), progress: 0.8, bounds: bounds).pieces.map(\.source) == [.new])
    }
}
