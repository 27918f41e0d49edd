import Foundation
import Strata

/// A café order screen at 1280×800, written with the client library as an app would (issue 28): a
/// gradient background, about 30 text layers in three scripts (Latin, Cyrillic, Arabic), three shadowed,
/// rounded buttons that bounce with a spring when tapped, a `strokeEnd` progress ring, a replicator
/// spinner, and a 24-row menu in a rounded, clipped `CAScrollLayer`.
final class KioskScreen {
    let root = CALayer()
    let ring = CAShapeLayer()
    let spinner = CAReplicatorLayer()
    let spinnerBar = CALayer()
    private(set) var buttons: [CALayer] = []
    let list = CAScrollLayer()

    /// The ring's frame on screen: its layer's 150×150 box (its stroke lies inside it).
    static let ringFrame = CGRect(x: 825, y: 170, width: 150, height: 150)

    static let dishes = [
        "Croissant au beurre", "Борщ с пампушками", "قهوة عربية بالهيل", "Pain au chocolat", "Пельмени домашние",
        "شاي بالنعناع", "Tarte Tatin", "Блины со сметаной", "كنافة بالجبن", "Quiche lorraine", "Сырники", "فلافل مع طحينة",
    ]

    /// Kept whole (over 60 lines): the screen's layers, top to bottom, as an app would write them.
    init(width: CGFloat, height: CGFloat) {
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.position = CGPoint(x: width / 2, y: height / 2)

        let background = CAGradientLayer()
        background.frame = root.bounds
        background.colors = [CGColor(red: 0.98, green: 0.94, blue: 0.88, alpha: 1), CGColor(red: 0.90, green: 0.80, blue: 0.70, alpha: 1)]
        root.addSublayer(background)

        root.addSublayer(Self.label("Café Lumière · Кафе · مقهى", frame: CGRect(x: 40, y: 30, width: 800, height: 48), size: 34))
        root.addSublayer(Self.label("Choose, pay, enjoy", frame: CGRect(x: 40, y: 80, width: 600, height: 28), size: 20))

        list.frame = CGRect(x: 40, y: 130, width: 520, height: 620)
        list.cornerRadius = 18
        list.masksToBounds = true
        list.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        for i in 0..<24 {
            let row = CALayer()
            row.frame = CGRect(x: 0, y: CGFloat(i) * 64, width: 520, height: 63)
            row.backgroundColor = i % 2 == 0 ? CGColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 1) : CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            row.addSublayer(Self.label(Self.dishes[i % Self.dishes.count], frame: CGRect(x: 20, y: 16, width: 380, height: 30), size: 22))
            list.addSublayer(row)
        }
        list.scroll(to: CGPoint(x: 0, y: 64))
        root.addSublayer(list)

        ring.frame = Self.ringFrame
        ring.path = CGPath(ellipseIn: CGRect(x: 7, y: 7, width: 136, height: 136))
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.85, green: 0.35, blue: 0.2, alpha: 1)
        ring.lineWidth = 14
        ring.strokeEnd = 0
        root.addSublayer(ring)
        root.addSublayer(Self.label("Preparing your order…", frame: CGRect(x: 760, y: 340, width: 300, height: 30), size: 22, centred: true))

        spinner.frame = CGRect(x: 1080, y: 200, width: 90, height: 90)
        spinner.instanceCount = 12
        spinner.instanceDelay = 1.0 / 12
        spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        spinnerBar.bounds = CGRect(x: 0, y: 0, width: 8, height: 24)
        spinnerBar.position = CGPoint(x: 45, y: 12)
        spinnerBar.cornerRadius = 4
        spinnerBar.backgroundColor = CGColor(red: 0.3, green: 0.3, blue: 0.35, alpha: 1)
        spinner.addSublayer(spinnerBar)
        root.addSublayer(spinner)

        let titles = [("Pay", "Card or phone"), ("Оплатить", "Картой"), ("ادفع", "بالبطاقة")]
        for (k, title) in titles.enumerated() {
            let button = CALayer()
            button.frame = CGRect(x: 640 + CGFloat(k) * 210, y: 620, width: 190, height: 90)
            button.cornerRadius = 16
            button.backgroundColor = CGColor(red: 0.2, green: 0.45 + 0.1 * CGFloat(k), blue: 0.35, alpha: 1)
            button.shadowOpacity = 0.35
            button.shadowRadius = 8
            button.shadowOffset = CGSize(width: 0, height: 4)
            button.addSublayer(Self.label(title.0, frame: CGRect(x: 0, y: 14, width: 190, height: 36), size: 28, centred: true, light: true))
            button.addSublayer(Self.label(title.1, frame: CGRect(x: 0, y: 52, width: 190, height: 24), size: 16, centred: true, light: true))
            root.addSublayer(button)
            buttons.append(button)
        }
        root.addSublayer(Self.label("Total: 12,40 €", frame: CGRect(x: 640, y: 540, width: 400, height: 40), size: 30))
    }

    static func label(_ text: String, frame: CGRect, size: CGFloat, centred: Bool = false, light: Bool = false) -> CATextLayer {
        let l = CATextLayer()
        l.frame = frame
        l.string = text
        l.fontSize = size
        l.foregroundColor = light ? CGColor(red: 1, green: 1, blue: 1, alpha: 1) : CGColor(red: 0.15, green: 0.12, blue: 0.1, alpha: 1)
        if centred { l.alignmentMode = .center }
        return l
    }

    /// The ring fills over 2 s, again and again.
    func animateRing() { ring.add(Self.repeating("strokeEnd", from: 0, to: 1, duration: 2), forKey: "progress") }

    /// Each of the spinner's 12 bars fades from opaque, one after the other.
    func animateSpinner() { spinnerBar.add(Self.repeating("opacity", from: 1, to: 0.15, duration: 1), forKey: "fade") }

    static func repeating(_ keyPath: String, from: Double, to: Double, duration: CFTimeInterval) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.duration = duration
        a.repeatCount = .infinity
        return a
    }

    /// What the app does on a tap: the button bounces back from 0.85 with a spring.
    func tap(_ index: Int) -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.85
        spring.toValue = 1.0
        spring.damping = 9
        spring.stiffness = 220
        spring.duration = spring.settlingDuration
        buttons[index % buttons.count].add(spring, forKey: "bounce")
        return spring
    }
}
