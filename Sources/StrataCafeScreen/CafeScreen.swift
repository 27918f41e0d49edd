import Strata

/// The café kiosk screen that `strata-demo` shows and `strata-bench --scenario kiosk` measures, 800×480
/// points (`fit` scales it to another output), written with the client library as an app would: a
/// gradient background, text in Latin, Chinese and Arabic with emoji, an order card whose pages swap
/// with a push transition, a progress ring (`strokeEnd`), a replicator spinner (`instanceDelay`) and a
/// shadowed Pay button that takes taps (`isInteractive`, `inputHandler`) and bounces with a spring.
public final class CafeScreen {
    public static let size = CGSize(width: 800, height: 480)
    /// The button's frame, in screen points: where a tap lands on it.
    public static let buttonFrame = CGRect(x: 520, y: 368, width: 248, height: 80)
    /// The progress ring's box, in screen points (its stroke lies inside it).
    public static let ringBox = CGRect(x: 572, y: 122, width: 144, height: 144)

    public let root = CALayer()
    let card = OrderCard(frame: CGRect(x: 32, y: 112, width: 456, height: 336))
    public let ring = CAShapeLayer()
    public let spinner = CAReplicatorLayer()
    public let spinnerBar = CALayer()
    public let button = CALayer()

    public init() {
        root.bounds = CGRect(origin: .zero, size: Self.size)
        root.position = CGPoint(x: Self.size.width / 2, y: Self.size.height / 2)
        root.masksToBounds = true

        let background = CAGradientLayer()
        background.frame = root.bounds
        background.colors = [Palette.backgroundTop, Palette.backgroundMiddle, Palette.backgroundBottom]
        background.locations = [0, 0.45, 1]
        background.startPoint = CGPoint(x: 0, y: 0)
        background.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(background)

        root.addSublayer(label("Strata Café", frame: CGRect(x: 32, y: 18, width: 420, height: 44), size: 32, bold: true))
        root.addSublayer(label("Welcome · 欢迎光临 · أهلاً وسهلاً 👋", frame: CGRect(x: 32, y: 62, width: 560, height: 32),
                               size: 20, color: Palette.dimText))
        root.addSublayer(card.layer)
        addProgress()
        addButton()
    }

    /// The ring (a faint track under the progress stroke) with the spinner inside it, and its caption.
    private func addProgress() {
        let box = Self.ringBox
        let circle = CGMutablePath()
        circle.addArc(center: CGPoint(x: 72, y: 72), radius: 64, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        let track = CAShapeLayer()
        track.frame = box
        track.path = circle
        track.fillColor = nil
        track.strokeColor = Palette.ringTrack
        track.lineWidth = 12
        root.addSublayer(track)

        ring.frame = box
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = Palette.accent
        ring.lineWidth = 12
        ring.lineCap = .round
        ring.strokeEnd = 0
        root.addSublayer(ring)

        spinner.frame = CGRect(x: box.midX - 30, y: box.midY - 30, width: 60, height: 60)
        spinner.instanceCount = 12
        spinner.instanceDelay = 1.0 / 12
        spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        spinnerBar.bounds = CGRect(x: 0, y: 0, width: 6, height: 17)
        spinnerBar.position = CGPoint(x: 30, y: 9)
        spinnerBar.cornerRadius = 3
        spinnerBar.backgroundColor = Palette.text
        spinnerBar.opacity = 0.2
        spinner.addSublayer(spinnerBar)
        root.addSublayer(spinner)

        root.addSublayer(label("Brewing · 制作中 · قيد التحضير", frame: CGRect(x: 508, y: 280, width: 272, height: 30),
                               size: 17, color: Palette.dimText, alignment: .center))
    }

    private func addButton() {
        button.frame = Self.buttonFrame
        button.cornerRadius = 22
        button.backgroundColor = Palette.button
        button.borderColor = Palette.buttonEdge
        button.borderWidth = 2
        button.shadowColor = Palette.shadow
        button.shadowOpacity = 0.55
        button.shadowRadius = 12
        button.shadowOffset = CGSize(width: 0, height: 7)
        button.isInteractive = true
        let w = Self.buttonFrame.width
        button.addSublayer(label("Pay · 支付 · ادفع", frame: CGRect(x: 0, y: 13, width: w, height: 36), size: 25, bold: true,
                                 alignment: .center))
        button.addSublayer(label("tap to order", frame: CGRect(x: 0, y: 48, width: w, height: 22), size: 14,
                                 color: Palette.rgb(0xFFE4E6), alignment: .center))
        root.addSublayer(button)
    }

    /// Centres the screen on an output of `bounds`, scaled to fit it whole (a root transform: the screen's
    /// layout stays 800×480 points).
    public func fit(in bounds: CGRect) {
        guard bounds.width > 0, bounds.height > 0 else { return }
        root.position = CGPoint(x: bounds.midX, y: bounds.midY)
        let scale = Self.scale(toFit: bounds)
        if abs(scale - 1) > 0.001 { root.transform = CATransform3DMakeScale(scale, scale, 1) }
    }

    /// The scale `fit` gives the screen on an output of `bounds`.
    public static func scale(toFit bounds: CGRect) -> CGFloat {
        min(bounds.width / size.width, bounds.height / size.height)
    }

    /// `rect`, in screen points, where `fit` shows it on an output of `bounds`.
    public static func shown(_ rect: CGRect, fittedIn bounds: CGRect) -> CGRect {
        let scale = scale(toFit: bounds)
        return CGRect(x: bounds.midX + (rect.minX - size.width / 2) * scale, y: bounds.midY + (rect.minY - size.height / 2) * scale,
                      width: rect.width * scale, height: rect.height * scale)
    }
}
