import Foundation
import StrataCore
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// UIViewPropertyAnimator on a real server's virtual clock (60 Hz): what the model, the client's
/// presentation and the server's pixels show at exact frame times after scrubbing, continuing, reversing
/// and re-timing, and where completions say the animations ended.
@MainActor
@Suite struct UIViewPropertyAnimatorTests {
    /// A white 100 × 100 box at the top left of a black 320 × 240 screen, shown.
    static func session() async throws -> (ExampleSession, UIView) {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        box.backgroundColor = UIColor.white
        let session = try ExampleSession(controller: UIViewController(), size: "320x240", virtualClock: true) { c in
            c.view.backgroundColor = UIColor.black
            c.view.addSubview(box)
        }
        try await session.advance(frames: 1)
        return (session, box)
    }

    /// The box's opacity as the client presents it now.
    static func presented(_ box: UIView) -> Double { Double(box.layer.presentation()?.opacity ?? -1) }

    /// The box's opacity as the server drew it (white over black: the red channel is 255 × opacity).
    static func drawn(_ session: ExampleSession) throws -> Double { Double(try session.pixel(50, 50)[0]) / 255 }

    /// Whether the client and the server both show `expected` (the server to its 8-bit rounding, at `x`, 50).
    static func shows(_ session: ExampleSession, _ box: UIView, _ expected: Double, x: Int = 50) throws -> Bool {
        let drawn = Double(try session.pixel(x, 50)[0]) / 255
        let ok = abs(presented(box) - expected) < 1e-6 && abs(drawn - expected) <= 0.6 / 255
        if !ok { print("expected \(expected): presented \(presented(box)), drawn \(drawn)") }
        return ok
    }

    @Test func scrubContinueReverseAndRetimeFollowTheirCurves() async throws {
        let (session, box) = try await Self.session()
        defer { session.close() }
        var ended: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { box.alpha = 0 }
        animator.addCompletion { ended.append($0) }
        #expect(animator.state == .inactive && box.alpha == 1) // the block waits for the animator to start

        // Paused and scrubbed to 0.3: linearly (scrubsLinearly), so the box shows 0.7; the model is the end.
        animator.pauseAnimation()
        animator.fractionComplete = 0.3
        try await session.advance(frames: 1)
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(animator.fractionComplete - 0.3) < 1e-12)
        #expect(box.alpha == 0)
        #expect(try Self.shows(session, box, 0.7))
        try await session.advance(frames: 30) // paused: nothing moves
        #expect(try Self.shows(session, box, 0.7))

        // Continued: from 0.7 to 0 over the remaining 0.7 s, ease-in-ease-out (symmetric: half way at 0.35 s).
        animator.startAnimation()
        #expect(animator.isRunning)
        try await session.advance(frames: 21)
        #expect(abs(animator.fractionComplete - 0.65) < 1e-9)
        #expect(try Self.shows(session, box, 0.35))
        try await session.advance(frames: 6) // 0.45 s of 0.7
        #expect(try Self.shows(session, box, 0.7 - 0.7 * CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.45 / 0.7)))

        // Paused, reversed, continued linearly over twice the remaining time: from what shows back to 1.
        animator.pauseAnimation()
        CATransaction.flush() // presentation() shows committed animations
        let fraction = Double(animator.fractionComplete), shown = Self.presented(box)
        #expect(abs(shown - (0.7 - 0.7 * CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.45 / 0.7))) < 1e-6)
        #expect(abs(fraction - 0.75) < 1e-9)
        animator.isReversed = true
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 2)
        #expect(box.alpha == 1) // the model heads for the start
        try await session.advance(frames: 45) // 0.75 s of 1.5 s
        #expect(abs(animator.fractionComplete - fraction / 2) < 1e-9)
        #expect(try Self.shows(session, box, shown + (1 - shown) / 2))
        #expect(ended.isEmpty)
        try await session.advance(frames: 46)
        #expect(ended == [.start])
        #expect(animator.state == .inactive && box.alpha == 1)
        #expect(try Self.shows(session, box, 1))
    }

    @Test func aRunningAnimatorEndsAtTheEndAndAStoppedOneWhereItIsFinished() async throws {
        let (session, box) = try await Self.session()
        defer { session.close() }
        var ended: [UIViewAnimatingPosition] = []
        let running = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0, options: .curveLinear,
                                                                     animations: { box.alpha = 0.5 },
                                                                     completion: { ended.append($0) })
        #expect(running.state == .active && running.isRunning && box.alpha == 0.5)
        try await session.advance(frames: 15)
        #expect(try Self.shows(session, box, 0.75))
        try await session.advance(frames: 16)
        #expect(ended == [.end])
        #expect(running.state == .inactive && box.alpha == 0.5)
        #expect(try Self.shows(session, box, 0.5))

        // Stopped a quarter of the way (linear 0.5 → 0.1 over 1 s: 0.4 shows), then finished there.
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0.1 }
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        try await session.advance(frames: 15)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && !animator.isRunning)
        #expect(abs(box.alpha - 0.4) < 1e-6) // the model takes what shows
        try await session.advance(frames: 1)
        #expect(try Self.shows(session, box, Double(box.alpha)))
        animator.finishAnimation(at: .current)
        #expect(ended == [.end, .current])
        #expect(animator.state == .inactive && abs(box.alpha - 0.4) < 1e-6)

        // Stopped and finished at the start: the model goes back; stopped without finishing: no completion.
        let back = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 1 }
        back.addCompletion { ended.append($0) }
        back.startAnimation()
        try await session.advance(frames: 10)
        back.stopAnimation(false)
        back.finishAnimation(at: .start)
        #expect(ended == [.end, .current, .start] && abs(box.alpha - 0.4) < 1e-6)
        let dropped = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0 }
        dropped.addCompletion { ended.append($0) }
        dropped.startAnimation()
        try await session.advance(frames: 30)
        dropped.stopAnimation(true)
        #expect(dropped.state == .inactive && abs(box.alpha - 0.2) < 1e-6)
        try await session.advance(frames: 60)
        #expect(ended.count == 3)
        #expect(try Self.shows(session, box, Double(box.alpha)))
    }

    /// iOS 17's spring block on the server: the opacity at exact frames is CASpringAnimation's closed form.
    @Test func aSpringDurationBounceBlockShowsThePerceptualSpring() async throws {
        let (session, box) = try await Self.session()
        defer { session.close() }
        box.alpha = 0.2
        var finished: [Bool] = []
        UIView.animate(springDuration: 0.5, bounce: 0.3, animations: { box.alpha = 0.8 }, completion: { finished.append($0) })
        let reference = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        let spring = Spring(mass: Double(reference.mass), stiffness: Double(reference.stiffness),
                            damping: Double(reference.damping), initialVelocity: 0)
        for frame in [6, 12, 18, 24] {
            try await session.advance(frames: 6)
            #expect(try Self.shows(session, box, 0.2 + 0.6 * spring.progress(at: Double(frame) / 60)), "frame \(frame)")
        }
        #expect(finished.isEmpty)
        try await session.advance(frames: Int((reference.settlingDuration - 0.4) * 60) + 2)
        #expect(finished == [true])
    }

    @Test func turningRoundAddingScrubbingOnTheCurveAndDelaying() async throws {
        let (session, box) = try await Self.session()
        defer { session.close() }
        var ended: [UIViewAnimatingPosition] = []
        // Reversed while running, half way: back from 0.5 to 1 in the 0.5 s it took to get there.
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0 }
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        try await session.advance(frames: 30)
        animator.isReversed = true
        #expect(animator.isRunning && box.alpha == 1)
        try await session.advance(frames: 15)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
        #expect(try Self.shows(session, box, 0.75))
        try await session.advance(frames: 16)
        #expect(ended == [.start] && animator.state == .inactive)

        // Animations added while running move from where they are over the remaining time.
        let adding = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0 }
        adding.startAnimation()
        try await session.advance(frames: 30)
        adding.addAnimations { box.center.x += 100 }
        #expect(box.center.x == 150)
        try await session.advance(frames: 15)
        #expect(try Self.shows(session, box, 0.25, x: 99))
        #expect(abs((box.layer.presentation()?.position.x ?? 0) - 100) < 1e-9)
        try await session.advance(frames: 16)
        #expect(adding.state == .inactive && box.alpha == 0 && box.center.x == 150)

        // Scrubbed on its curve (scrubsLinearly false): ease-in at 0.3.
        box.alpha = 1
        box.center.x = 50
        let eased = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { box.alpha = 0 }
        eased.scrubsLinearly = false
        eased.fractionComplete = 0.3 // an inactive animator becomes active and paused
        #expect(eased.state == .active && !eased.isRunning)
        try await session.advance(frames: 1)
        #expect(try Self.shows(session, box, 1 - CAMediaTimingFunction(name: .easeIn).progress(at: 0.3)))
        eased.stopAnimation(true)

        // Started after a delay: it shows where it was until the delay is over.
        box.alpha = 1
        let late = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { box.alpha = 0.5 }
        late.startAnimation(afterDelay: 0.25)
        #expect(late.delay == 0.25 && late.isRunning)
        try await session.advance(frames: 12)
        #expect(try Self.shows(session, box, 1))
        try await session.advance(frames: 18)
        #expect(try Self.shows(session, box, 0.75))

        // Not interruptible: pausing is refused (logged), it runs on.
        late.stopAnimation(true)
        let steady = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 1 }
        steady.isInterruptible = false
        steady.startAnimation()
        steady.pauseAnimation()
        #expect(steady.isRunning)
        try await session.advance(frames: 61)
        #expect(steady.state == .inactive)
    }

    @Test func pausesOnCompletionHoldsAtTheEndAndADelayFactorWaits() async throws {
        let (session, box) = try await Self.session()
        defer { session.close() }
        var ended: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
        animator.addAnimations({ box.alpha = 0 }, delayFactor: 0.5)
        animator.addCompletion { ended.append($0) }
        animator.pausesOnCompletion = true
        animator.startAnimation()
        try await session.advance(frames: 24) // 0.4 s: still waiting for its half
        #expect(try Self.shows(session, box, 1))
        try await session.advance(frames: 21) // 0.75 s: half of its 0.5 s
        #expect(try Self.shows(session, box, 0.5))
        try await session.advance(frames: 20)
        #expect(ended.isEmpty && animator.state == .active && !animator.isRunning && animator.fractionComplete == 1)
        #expect(try Self.shows(session, box, 0))
        animator.isReversed = true
        animator.startAnimation()
        try await session.advance(frames: 61)
        #expect(ended.isEmpty && animator.fractionComplete == 0)
        #expect(try Self.shows(session, box, 1))
        animator.pausesOnCompletion = false
        animator.stopAnimation(false)
        animator.finishAnimation(at: .current)
        #expect(ended == [.current])
    }
}
}

/// The animator's and the spring block's timing, as the animations they add (no server needed).
@MainActor
@Suite struct UIViewPropertyAnimatorTimingTests {
    @Test func animateSpringDurationBounceIsCASpringAnimationsPerceptualSpring() throws {
        let (_, view) = ClientProcessSuite.UIKitBlockAnimationTests.committedView()
        UIView.animate(springDuration: 0.6, bounce: 0.3, initialSpringVelocity: 2, delay: 0, options: [],
                       animations: { view.center = CGPoint(x: 300, y: 200) })
        let added = try #require(view.layer.animation(forKey: "position") as? CASpringAnimation)
        let reference = CASpringAnimation(perceptualDuration: 0.6, bounce: 0.3)
        #expect(added.mass == reference.mass && added.stiffness == reference.stiffness && added.damping == reference.damping)
        #expect(added.initialVelocity == 2)
        #expect(added.duration == added.settlingDuration)
        #expect(abs(added.perceptualDuration - 0.6) < 1e-12 && abs(added.bounce - 0.3) < 1e-12)
        #expect(added.fromValue as? CGPoint == CGPoint(x: 60, y: 45))
        CATransaction.flush()
    }

    @Test func springTimingParametersMakeTheSpringsTheyDescribe() throws {
        let (_, view) = ClientProcessSuite.UIKitBlockAnimationTests.committedView()
        let bounce = UIViewPropertyAnimator(duration: 5, timingParameters: UISpringTimingParameters(duration: 0.6, bounce: 0.3))
        bounce.addAnimations { view.alpha = 0 }
        bounce.startAnimation()
        let spring = try #require(view.layer.animation(forKey: "opacity") as? CASpringAnimation)
        let reference = CASpringAnimation(perceptualDuration: 0.6, bounce: 0.3)
        #expect(spring.stiffness == reference.stiffness && spring.damping == reference.damping)
        #expect(spring.duration == reference.settlingDuration) // a physical spring: the animator's 5 s is ignored
        bounce.stopAnimation(true)

        // (Stopped at once, it held about 1: the next block goes elsewhere, so it animates whatever the clock.)
        let fitted = UIViewPropertyAnimator(duration: 2, dampingRatio: 0.4) { view.alpha = 0.5 }
        fitted.startAnimation()
        let fit = try #require(view.layer.animation(forKey: "opacity") as? CASpringAnimation)
        #expect(fit.duration == 2 && abs(fit.settlingDuration - 2) < 1e-6)
        #expect(abs(fit.damping / (2 * (fit.stiffness * fit.mass).squareRoot()) - 0.4) < 1e-9)
        fitted.stopAnimation(true)

        let standard = UISpringTimingParameters()
        #expect(standard.timingCurveType == .spring && standard.initialVelocity == .zero)
        let cubic = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.42, y: 0), controlPoint2: CGPoint(x: 1, y: 1))
        #expect(cubic.animationCurve == .easeIn && cubic.timingCurveType == .cubic)
        #expect(UICubicTimingParameters().animationCurve == .easeInOut)
        CATransaction.flush()
    }

    @Test func anAnimatorThatTakesNoTouchesHidesItsViewsFromHitTesting() {
        let (container, view) = ClientProcessSuite.UIKitBlockAnimationTests.committedView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0.5 }
        #expect(animator.isUserInteractionEnabled && animator.isInterruptible && animator.scrubsLinearly && !animator.pausesOnCompletion)
        animator.isUserInteractionEnabled = false
        animator.startAnimation()
        #expect(container.hitTest(CGPoint(x: 20, y: 30), with: nil) === container)
        animator.isUserInteractionEnabled = true // refused while active (logged)
        #expect(!animator.isUserInteractionEnabled)
        animator.stopAnimation(true)
        #expect(container.hitTest(CGPoint(x: 20, y: 30), with: nil) === view)
        CATransaction.flush()
    }
}
