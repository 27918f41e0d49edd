import Strata

/// The kiosk's one screen: a full-screen root with a button in the middle that turns green and spins
/// once when tapped. Main-actor code, as a UIKit app's is.
@MainActor
public final class KioskScreen {
    public let root = CALayer()
    public let button = CALayer()
    public let label = CATextLayer()
    /// Taps so far.
    public private(set) var taps = 0
    /// Called when a tap's spin is over, with the taps so far.
    public var onSpun: (Int) -> Void = { _ in }

    /// `bounds`: the screen's, in points (`connection.screenBounds`); `scale`: its pixels per point.
    public init(bounds: CGRect, scale: CGFloat) {
        // 1. A full-screen root.
        root.frame = bounds
        root.backgroundColor = CGColor(red: 0.10, green: 0.12, blue: 0.16, alpha: 1)

        // 2. A button in the middle that takes touches.
        button.bounds = CGRect(x: 0, y: 0, width: 160, height: 160)
        button.position = CGPoint(x: bounds.midX, y: bounds.midY)
        button.cornerRadius = 24
        button.backgroundColor = CGColor(red: 0.20, green: 0.45, blue: 0.95, alpha: 1)
        button.isInteractive = true
        root.addSublayer(button)

        // 3. A label on it, drawn at the screen's scale (UIScreen.main.scale).
        label.frame = CGRect(x: 0, y: 60, width: 160, height: 40)
        label.string = "Tap me"
        label.fontSize = 28
        label.alignmentMode = .center
        label.contentsScale = scale
        button.addSublayer(label)

        // 4. A tap turns the button green (an implicit animation) and spins it once (an explicit one).
        //    Handlers run on the main actor; what they change is committed at the end of the run-loop turn.
        button.inputHandler = { [unowned self] event in
            guard event.kind == .touchDown else { return }
            tapped()
        }
    }

    private func tapped() {
        taps += 1
        label.string = "Tapped \(taps)"
        button.backgroundColor = CGColor(red: 0.15, green: 0.70, blue: 0.35, alpha: 1)

        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = Double.pi * 2
        spin.duration = 0.6
        CATransaction.begin()
        CATransaction.setCompletionBlock { [unowned self] in MainActor.assumeIsolated { onSpun(taps) } }
        button.add(spin, forKey: "spin")
        CATransaction.commit()
    }
}
