import Strata

/// A small kiosk screen as an app would build it: a dark full-screen root and a rounded blue button that
/// turns green when touched and bounces on a spring.
final class KioskScreen {
    static let blue = CGColor(red: 0.20, green: 0.45, blue: 0.95, alpha: 1)
    static let green = CGColor(red: 0.15, green: 0.70, blue: 0.35, alpha: 1)

    let root = CALayer()
    let button = CALayer()

    init(bounds: CGRect) {
        root.frame = bounds
        root.backgroundColor = CGColor(red: 0.10, green: 0.12, blue: 0.16, alpha: 1)
        button.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        button.position = CGPoint(x: bounds.midX, y: bounds.midY)
        button.cornerRadius = 20
        button.backgroundColor = Self.blue
        button.isInteractive = true
        // Handlers run on the main queue; the event names its layer, so the closure captures none.
        button.inputHandler = { event in
            guard event.kind == .touchDown, let button = event.layer else { return }
            // The colour changes at once; the bounce joins the main queue's implicit transaction, which
            // the run loop commits in an app (and StrataTesting's steps in a test).
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            button.backgroundColor = KioskScreen.green
            CATransaction.commit()
            button.add(KioskScreen.bounce(), forKey: "bounce")
        }
        root.addSublayer(button)
    }

    /// The press's bounce: from 85 % back to full size on an underdamped spring.
    static func bounce() -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.85
        spring.toValue = 1
        spring.stiffness = 300
        spring.damping = 12
        spring.duration = spring.settlingDuration
        return spring
    }
}
