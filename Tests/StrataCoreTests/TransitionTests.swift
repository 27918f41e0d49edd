import Foundation
import StrataCore
import Testing

@Suite struct TransitionModelTests {
    let bounds = CGRect(x: 0, y: 0, width: 40, height: 30)

    func point(_ p: CGPoint, through m: Transform3D) -> CGPoint { m.apply(to: p) }

    @Test func typesOutsideTheRenderedSetAreNamedInTheError() {
        #expect(throws: StrataError.unsupportedTransition("cameraIris")) { try Transition.Kind(name: "cameraIris") }
        #expect(StrataError.unsupportedTransition("cameraIris").description == "unsupported transition: cameraIris")
        // The wire carries the raw values: Apple's private effects come after the original six.
        #expect(Transition.Kind.allCases.map(\.name) == ["fade", "moveIn", "push", "reveal", "cube", "oglFlip", "pageCurl", "pageUnCurl",
                                                         "rippleEffect", "suckEffect", "cameraIrisHollowOpen", "cameraIrisHollowClose"])
        #expect(Transition.Kind.allCases.map(\.rawValue) == Array(0...11))
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

/// Strata's look-alikes of Apple's private effects (`TransitionWarp`), on a 40 × 30 layer: exact numbers.
@Suite struct TransitionWarpTests {
    let bounds = CGRect(x: 0, y: 0, width: 40, height: 30)

    func warp(_ kind: Transition.Kind, _ direction: Transition.Direction? = nil, _ p: Double) -> TransitionWarp? {
        TransitionWarp(Transition(kind: kind, direction: direction), progress: p, bounds: bounds)
    }

    func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func theEndsDrawPlainlyWithoutAWarp() {
        for kind in [Transition.Kind.pageCurl, .pageUnCurl, .rippleEffect, .suckEffect, .cameraIrisHollowOpen, .cameraIrisHollowClose] {
            let start = TransitionFrame(Transition(kind: kind), progress: 0, bounds: bounds)
            let end = TransitionFrame(Transition(kind: kind), progress: 1, bounds: bounds)
            #expect(start.warp == nil && start.pieces.map(\.source) == [.old] && start.pieces[0].transform == .identity)
            #expect(end.warp == nil && end.pieces.map(\.source) == [.new] && end.pieces[0].transform == .identity)
            #expect(TransitionFrame(Transition(kind: kind), progress: 0.5, bounds: bounds).warp != nil)
        }
        #expect(warp(.push, .fromLeft, 0.5) == nil)
    }

    @Test func pageCurlRollsTheOldPageOverACylinderFromTheSubtypesEdge() throws {
        // fromRight at 0.5: radius 40 / 8 = 5, the cylinder touches the page at c = 0.5 × 45 = 22.5 from the
        // right edge (x = 17.5), its footprint reaching x = 22.5.
        let w = try #require(warp(.pageCurl, .fromRight, 0.5))
        #expect(w.effect == .curl && w.primary == .old && w.secondary == .new && w.b == SIMD4(22.5, 5, 40, 0))
        // Still flat (u = 30 ≥ c) with the page's back folded over it: the back of the point at distance
        // 2c − πr − u from the edge.
        let flat = w.taps(at: CGPoint(x: 15, y: 7))
        #expect(flat.map(\.source) == [.new, .old, .old] && flat.map(\.isBack) == [false, false, true])
        #expect(flat[1].point == CGPoint(x: 15, y: 7) && close(flat[2].point, CGPoint(x: 20 + 5 * Double.pi, y: 7)))
        // On the cylinder (u = 20: sin θ = 0.5): the front at arc r·θ from the contact line, shaded; the
        // back at arc r·(π − θ).
        let round = w.taps(at: CGPoint(x: 20, y: 7))
        #expect(round.count == 3 && round[1].shade == 0.875 && round[2].isBack)
        #expect(close(round[1].point, CGPoint(x: 17.5 + 5 * Double.pi / 6, y: 7)))
        #expect(close(round[2].point, CGPoint(x: 17.5 + 25 * Double.pi / 6, y: 7)))
        // Beyond the footprint the page has lifted: only the new appearance.
        #expect(w.taps(at: CGPoint(x: 25, y: 7)) == [.init(source: .new, point: CGPoint(x: 25, y: 7))])
        // Colours: red old, blue new; the back is lighter and greyed.
        let red = SIMD4<Double>(1, 0, 0, 1), blue = SIMD4<Double>(0, 0, 1, 1)
        let back = w.color(at: CGPoint(x: 15, y: 7)) { source, _ in source == .old ? red : blue }
        #expect(abs(back.x - 0.9) < 1e-12 && abs(back.y - 0.55) < 1e-12 && abs(back.z - 0.55) < 1e-12 && back.w == 1)
        // fromBottom runs up from the bottom edge: the same numbers along y.
        let up = try #require(warp(.pageCurl, .fromBottom, 0.5))
        #expect(up.a == SIMD4(0, 30, 0, -1) && up.b == SIMD4(16.875, 3.75, 30, 0))
    }

    @Test func pageUnCurlIsPageCurlBackwardsWithTheAppearancesExchanged() throws {
        let un = try #require(warp(.pageUnCurl, .fromRight, 0.75)), curl = try #require(warp(.pageCurl, .fromRight, 0.25))
        #expect(un.a == curl.a && un.b == curl.b && un.primary == .new && un.secondary == .old)
    }

    @Test func rippleRefractsAlongTheRadiusBehindATravellingFront() throws {
        // At 0.5: wavelength 30 / 4 = 7.5, amplitude 30 / 16 = 1.875, front 0.5 × (25 + 7.5) = 16.25.
        let w = try #require(warp(.rippleEffect, .fromLeft, 0.5))
        #expect(w.a == SIMD4(20, 15, 1.875, 7.5) && w.b == SIMD4(16.25, 0.5, 0, 0))
        // On the front the sine is 0; a quarter wavelength behind it, the full amplitude outwards.
        #expect(w.taps(at: CGPoint(x: 36.25, y: 15)).map(\.point) == [CGPoint(x: 36.25, y: 15), CGPoint(x: 36.25, y: 15)])
        let crest = w.taps(at: CGPoint(x: 38.125, y: 15))
        #expect(crest.map(\.point) == [CGPoint(x: 40, y: 15), CGPoint(x: 40, y: 15)] && crest.map(\.weight) == [0.5, 0.5] && w.sums)
        // The subtype changes nothing; the amplitude is 0 at both ends.
        #expect(warp(.rippleEffect, .fromTop, 0.5) == w)
        #expect(abs(try #require(warp(.rippleEffect, nil, 1e-9)).a.z) < 1e-6)
    }

    @Test func suckSquashesTheOldAppearanceIntoAFunnelAtTheBottomCentre() throws {
        // At 0.5: vertical scale 0.5 towards y = 30, the funnel complete (q = 1).
        let w = try #require(warp(.suckEffect, .fromRight, 0.5))
        #expect(w.a == SIMD4(20, 30, 0.5, 1) && w == warp(.suckEffect, nil, 0.5))
        // 15 above the sink: t = 0.5, width 1 − 0.5² = 0.75.
        #expect(w.taps(at: CGPoint(x: 20, y: 15)).map(\.point) == [CGPoint(x: 20, y: 15), CGPoint(x: 20, y: 0)])
        #expect(w.taps(at: CGPoint(x: 26, y: 15))[1].point == CGPoint(x: 28, y: 0))
        // At the sink the funnel has no width: only the new appearance.
        #expect(w.taps(at: CGPoint(x: 20, y: 30)).map(\.source) == [.new])
        // Its content lands between where it was and the sink.
        #expect(w.reach(of: CGRect(x: 0, y: 0, width: 40, height: 10), source: .old) == CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test func theIrisIsATurningHexagon() throws {
        // HollowOpen at 0.5: inradius 25 / 2 = 12.5, turned π/12; the new appearance inside, the old outside.
        let open = try #require(warp(.cameraIrisHollowOpen, .fromBottom, 0.5))
        #expect(open.a.z == 12.5 && abs(open.a.w - Double.pi / 12) < 1e-15 && open == warp(.cameraIrisHollowOpen, nil, 0.5))
        // 12 right of the centre: 12 · cos 15° = 11.59 < 12.5; 13 right: 12.56 > 12.5.
        #expect(open.taps(at: CGPoint(x: 32, y: 15)).map(\.weight) == [0, 1])
        #expect(open.taps(at: CGPoint(x: 33, y: 15)).map(\.weight) == [1, 0])
        #expect(open.taps(at: CGPoint(x: 33, y: 15)).map(\.source) == [.old, .new])
        // Soft over a pixel: 0.06 outside the edge, 0.44 of it covered.
        let soft = open.taps(at: CGPoint(x: 20 + 12.5 / cos(Double.pi / 12) + 0.06 / cos(Double.pi / 12), y: 15), pixel: 1)
        #expect(abs(soft[1].weight - 0.44) < 1e-9)
        // HollowClose closes on the old appearance (nothing outside), is shut half way, then opens on the new.
        let closing = try #require(warp(.cameraIrisHollowClose, nil, 0.25))
        #expect(closing.a.z == 12.5 && closing.taps(at: CGPoint(x: 20, y: 15)) == [.init(source: .old, point: CGPoint(x: 20, y: 15))])
        let shut = try #require(warp(.cameraIrisHollowClose, nil, 0.5))
        #expect(shut.color(at: CGPoint(x: 20, y: 15)) { _, _ in SIMD4(1, 1, 1, 1) } == .zero)
        #expect(try #require(warp(.cameraIrisHollowClose, nil, 0.75)).taps(at: CGPoint(x: 20, y: 15)).map(\.source) == [.new])
    }
}
