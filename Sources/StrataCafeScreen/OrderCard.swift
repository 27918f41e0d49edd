import Strata

/// The order card: a white, rounded, shadowed panel with two pages (the order, then its confirmation);
/// `flip()` pushes one page in over the other with a CATransition.
final class OrderCard {
    /// The shadowed panel (no clipping, so its shadow shows).
    let layer = CALayer()
    /// Clips the pages to the rounded panel while they slide.
    private let clip = CALayer()
    /// The layer whose sublayers change under the transition.
    private let deck = CALayer()
    private let orderPage: CALayer
    private let confirmedPage: CALayer
    private(set) var showsConfirmation = false

    static let items: [(name: String, price: String)] = [
        ("Flat white · 馥芮白", "4.20 €"),
        ("Croissant · كرواسون", "2.80 €"),
        ("Matcha cake · 抹茶蛋糕 🍰", "5.50 €"),
    ]

    init(frame: CGRect) {
        let bounds = CGRect(origin: .zero, size: frame.size)
        layer.frame = frame
        layer.cornerRadius = 22
        layer.backgroundColor = Palette.card
        layer.shadowColor = Palette.shadow
        layer.shadowOpacity = 0.45
        layer.shadowRadius = 14
        layer.shadowOffset = CGSize(width: 0, height: 8)

        clip.frame = bounds
        clip.cornerRadius = 22
        clip.masksToBounds = true
        deck.frame = bounds
        orderPage = Self.orderPage(bounds)
        confirmedPage = Self.confirmedPage(bounds)
        confirmedPage.isHidden = true
        deck.addSublayer(orderPage)
        deck.addSublayer(confirmedPage)
        clip.addSublayer(deck)
        layer.addSublayer(clip)
    }

    private static func orderPage(_ bounds: CGRect) -> CALayer {
        let page = CALayer()
        page.frame = bounds
        page.backgroundColor = Palette.card
        let w = bounds.width
        page.addSublayer(label("Your order · 您的订单 · طلبك", frame: CGRect(x: 24, y: 18, width: w - 48, height: 34),
                               size: 22, color: Palette.cardText, bold: true))
        for (i, item) in items.enumerated() {
            let y = 66 + CGFloat(i) * 40
            page.addSublayer(label(item.name, frame: CGRect(x: 24, y: y, width: w - 150, height: 32), size: 19, color: Palette.cardText))
            page.addSublayer(label(item.price, frame: CGRect(x: w - 124, y: y, width: 100, height: 32), size: 19,
                                   color: Palette.cardText, alignment: .right))
        }
        let rule = CALayer()
        rule.frame = CGRect(x: 24, y: 192, width: w - 48, height: 1.5)
        rule.backgroundColor = Palette.rgb(0xE2DFEE)
        page.addSublayer(rule)
        page.addSublayer(label("Total · 合计 · المجموع", frame: CGRect(x: 24, y: 202, width: w - 150, height: 34), size: 21,
                               color: Palette.cardText, bold: true))
        page.addSublayer(label("12.50 €", frame: CGRect(x: w - 144, y: 202, width: 120, height: 34), size: 21,
                               color: Palette.cardText, bold: true, alignment: .right))
        page.addSublayer(label("Card or phone · 刷卡或手机 · بطاقة أو هاتف", frame: CGRect(x: 24, y: 282, width: w - 48, height: 28),
                               size: 16, color: Palette.cardDimText))
        return page
    }

    private static func confirmedPage(_ bounds: CGRect) -> CALayer {
        let page = CALayer()
        page.frame = bounds
        page.backgroundColor = Palette.cardConfirmed
        let w = bounds.width
        let badge = CAShapeLayer()
        badge.frame = CGRect(x: w / 2 - 36, y: 22, width: 72, height: 72)
        badge.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 72, height: 72))
        badge.fillColor = Palette.green
        let tick = CGMutablePath()
        tick.move(to: CGPoint(x: 20, y: 37))
        tick.addLine(to: CGPoint(x: 31, y: 48))
        tick.addLine(to: CGPoint(x: 53, y: 25))
        let tickLayer = CAShapeLayer()
        tickLayer.frame = CGRect(x: 0, y: 0, width: 72, height: 72)
        tickLayer.path = tick
        tickLayer.fillColor = nil
        tickLayer.strokeColor = Palette.text
        tickLayer.lineWidth = 7
        tickLayer.lineCap = .round
        tickLayer.lineJoin = .round
        badge.addSublayer(tickLayer)
        page.addSublayer(badge)
        page.addSublayer(label("Paid — thank you! 🎉", frame: CGRect(x: 16, y: 108, width: w - 32, height: 38), size: 26,
                               color: Palette.cardText, bold: true, alignment: .center))
        page.addSublayer(label("谢谢 · شكراً لك · Merci", frame: CGRect(x: 16, y: 150, width: w - 32, height: 32), size: 21,
                               color: Palette.cardText, alignment: .center))
        page.addSublayer(label("Order 42 is on its way", frame: CGRect(x: 16, y: 196, width: w - 32, height: 30), size: 18,
                               color: Palette.cardDimText, alignment: .center))
        return page
    }

    /// Pushes the other page in from the right (the order) or the left (back to it).
    func flip() {
        showsConfirmation.toggle()
        let transition = CATransition()
        transition.type = .push
        transition.subtype = showsConfirmation ? .fromRight : .fromLeft
        transition.duration = 0.55
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        deck.add(transition, forKey: kCATransition)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        orderPage.isHidden = showsConfirmation
        confirmedPage.isHidden = !showsConfirmation
        CATransaction.commit()
    }
}
