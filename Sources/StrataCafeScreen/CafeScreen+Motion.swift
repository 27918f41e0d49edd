import Strata

/// What moves on the café screen: the ring and the spinner run from a start time on, and a tap on the
/// button bounces it and swaps the card's page.
extension CafeScreen {
    /// The ring fills twice and the spinner turns five times in a `loop`-second cycle from `start` (media
    /// time), so a recording of `loop` seconds from `start` plays on seamlessly.
    public func startMotion(at start: CFTimeInterval, loop: CFTimeInterval) {
        startRing(at: start, loop: loop)
        startSpinner(at: start, loop: loop)
    }

    /// The ring fills in half a `loop`, again and again, from `start` (media time).
    public func startRing(at start: CFTimeInterval, loop: CFTimeInterval) {
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0.0
        fill.toValue = 1.0
        fill.duration = loop / 2
        fill.repeatCount = .infinity
        fill.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        fill.beginTime = ring.convertTime(start, from: nil)
        ring.add(fill, forKey: "progress")
    }

    /// The spinner's 12 bars fade one after the other, five turns a `loop`, turning at `start` (media time).
    public func startSpinner(at start: CFTimeInterval, loop: CFTimeInterval) {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.2
        fade.duration = loop / 5
        fade.repeatCount = .infinity
        // A cycle earlier, so every copy (each `instanceDelay` later than the one before) is turning at `start`.
        fade.beginTime = spinnerBar.convertTime(start - loop, from: nil)
        spinnerBar.add(fade, forKey: "fade")
    }

    /// Routes touches on the button to `tapped()`, on the main queue.
    @MainActor
    public func handleTaps() {
        button.inputHandler = { [weak self] event in
            guard event.kind == .touchDown, let self else { return }
            self.tapped()
            CATransaction.flush()
        }
    }

    /// The app's answer to a tap: the button springs back from 80 % (overshooting past full size) and the
    /// order card turns to its other page.
    @discardableResult
    public func tapped() -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.8
        spring.toValue = 1.0
        spring.stiffness = 200
        spring.damping = 8
        spring.duration = spring.settlingDuration
        button.add(spring, forKey: "bounce")
        card.flip()
        return spring
    }
}
