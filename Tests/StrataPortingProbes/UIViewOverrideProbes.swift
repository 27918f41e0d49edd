import StrataUIKit
import Testing

// UIView subclasses as iOS code writes them: every member UIKit declares `open` that such code overrides,
// each override calling super. That this compiles is the first probe (members declared in extensions
// cannot be overridden); the tests check that UIKit's own calls reach the overrides.

/// A container view from a card-stack library: it tracks its cards and redraws on changes.
class CardStackView: UIView {
    var log: [String] = []

    override func addSubview(_ view: UIView) { log.append("addSubview"); super.addSubview(view) }
    override func insertSubview(_ view: UIView, at index: Int) { log.append("insertSubview(at: \(index))"); super.insertSubview(view, at: index) }
    override func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        log.append("insertSubview(aboveSubview:)")
        super.insertSubview(view, aboveSubview: siblingSubview)
    }
    override func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        log.append("insertSubview(belowSubview:)")
        super.insertSubview(view, belowSubview: siblingSubview)
    }
    override func bringSubviewToFront(_ view: UIView) { log.append("bringSubviewToFront"); super.bringSubviewToFront(view) }
    override func sendSubviewToBack(_ view: UIView) { log.append("sendSubviewToBack"); super.sendSubviewToBack(view) }
    override func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        log.append("exchangeSubview")
        super.exchangeSubview(at: index1, withSubviewAt: index2)
    }
    override func didAddSubview(_ subview: UIView) { super.didAddSubview(subview); log.append("didAddSubview") }
    override func willRemoveSubview(_ subview: UIView) { super.willRemoveSubview(subview); log.append("willRemoveSubview") }
    override func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        log.append("addGestureRecognizer")
        super.addGestureRecognizer(gestureRecognizer)
    }
    override func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        log.append("removeGestureRecognizer")
        super.removeGestureRecognizer(gestureRecognizer)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        log.append("layoutSubviews")
        for (i, card) in subviews.enumerated() { card.frame = bounds.insetBy(dx: CGFloat(i) * 4, dy: CGFloat(i) * 4) }
    }
    override func setNeedsLayout() { log.append("setNeedsLayout"); super.setNeedsLayout() }
    override func layoutIfNeeded() { log.append("layoutIfNeeded"); super.layoutIfNeeded() }
    override func setNeedsDisplay() { log.append("setNeedsDisplay"); super.setNeedsDisplay() }
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        log.append("point(inside:)")
        // A larger touch target, as such views do.
        return bounds.insetBy(dx: -10, dy: -10).contains(point)
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        log.append("hitTest")
        return super.hitTest(point, with: event)
    }
    override var contentMode: UIView.ContentMode {
        didSet { log.append("contentMode \(contentMode == .redraw)") }
    }
    override var autoresizingMask: UIView.AutoresizingMask {
        didSet { log.append("autoresizingMask") }
    }
}

/// A card: it hears where it is moved, converts points, sizes itself and draws.
class CardView: UIView {
    var log: [String] = []

    override func removeFromSuperview() { log.append("removeFromSuperview"); super.removeFromSuperview() }
    override func willMove(toSuperview newSuperview: UIView?) { super.willMove(toSuperview: newSuperview); log.append("willMove(toSuperview:)") }
    override func didMoveToSuperview() { super.didMoveToSuperview(); log.append("didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { super.willMove(toWindow: newWindow); log.append("willMove(toWindow:)") }
    override func didMoveToWindow() { super.didMoveToWindow(); log.append("didMoveToWindow") }
    override func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        log.append("convert(point from:)")
        return super.convert(point, from: view)
    }
    override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { super.convert(point, to: view) }
    override func convert(_ rect: CGRect, to view: UIView?) -> CGRect { super.convert(rect, to: view) }
    override func convert(_ rect: CGRect, from view: UIView?) -> CGRect { super.convert(rect, from: view) }
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        log.append("sizeThatFits")
        return CGSize(width: 120, height: 80)
    }
    override func sizeToFit() { log.append("sizeToFit"); super.sizeToFit() }
    override func draw(_ rect: CGRect) {
        log.append("draw")
        UIGraphicsGetCurrentContext()?.setFillColor(UIColor.orange.cgColor)
        UIGraphicsGetCurrentContext()?.fill(rect)
    }
}

/// A window subclass, as apps write for shake or touch logging.
class LoggingWindow: UIWindow {
    var log: [String] = []
    override func addSubview(_ view: UIView) { log.append("addSubview"); super.addSubview(view) }
}

@MainActor
@Suite struct UIViewOverrideProbes {
    @Test func hierarchyChangesReachTheOverrides() {
        let stack = CardStackView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let (a, b, c) = (CardView(), CardView(), CardView())
        stack.addSubview(a)
        #expect(stack.log == ["addSubview", "didAddSubview", "setNeedsLayout"])
        #expect(a.log == ["willMove(toSuperview:)", "didMoveToSuperview"])
        stack.log.removeAll()
        // Through a UIView reference, as library code holding the container does.
        let container: UIView = stack
        container.insertSubview(b, at: 0)
        container.insertSubview(c, belowSubview: b)
        container.bringSubviewToFront(c)
        container.sendSubviewToBack(a)
        container.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(stack.log.filter { !$0.hasPrefix("setNeeds") && $0 != "didAddSubview" && !$0.hasPrefix("insertSubview(at") } == [
            "insertSubview(belowSubview:)", "bringSubviewToFront", "sendSubviewToBack", "exchangeSubview",
        ])
        #expect(stack.log.first == "insertSubview(at: 0)")
        #expect(stack.subviews == [c, b, a])
        stack.log.removeAll()
        (a as UIView).removeFromSuperview()
        #expect(a.log.suffix(3) == ["removeFromSuperview", "willMove(toSuperview:)", "didMoveToSuperview"])
        #expect(stack.log == ["willRemoveSubview"])
    }

    @Test func aTransitionRemovesAndInsertsThroughTheOverrides() {
        let stack = CardStackView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let (front, next) = (CardView(), CardView())
        stack.addSubview(front)
        stack.log.removeAll()
        UIView.transition(from: front, to: next, duration: 0, options: .transitionCrossDissolve)
        #expect(front.log.last == "didMoveToSuperview" && front.log.contains("removeFromSuperview"))
        #expect(stack.log.prefix(1) == ["insertSubview(aboveSubview:)"])
        #expect(stack.log.contains("willRemoveSubview") && stack.subviews == [next])
    }

    @Test func aWindowAddsItsRootViewThroughItsOverrideAndTellsTheViews() {
        let window = LoggingWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let controller = UIViewController()
        let card = CardView()
        controller.view.addSubview(card)
        card.log.removeAll()
        window.rootViewController = controller
        #expect(window.log == ["addSubview"])
        #expect(card.log == ["willMove(toWindow:)", "didMoveToWindow"])
        let replacement = UIViewController()
        window.rootViewController = replacement
        #expect(card.log.suffix(2) == ["willMove(toWindow:)", "didMoveToWindow"] && card.window == nil)
    }

    @Test func layoutHitTestingSizingAndDrawingReachTheOverrides() {
        let stack = CardStackView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let card = CardView()
        stack.addSubview(card)
        stack.layoutIfNeeded()
        #expect(stack.log.suffix(2) == ["layoutIfNeeded", "layoutSubviews"])
        #expect(card.frame == CGRect(x: 0, y: 0, width: 200, height: 100))
        // The enlarged touch target: 5 points outside the bounds still hits the stack, and hit testing
        // converts the point into the card through its override.
        stack.log.removeAll()
        #expect(stack.hitTest(CGPoint(x: -5, y: 50), with: nil) === stack)
        #expect(stack.log == ["hitTest", "point(inside:)"])
        #expect(stack.hitTest(CGPoint(x: 100, y: 50), with: nil) === card)
        #expect(card.log.last == "convert(point from:)")
        card.sizeToFit()
        #expect(card.log.suffix(2) == ["sizeToFit", "sizeThatFits"] && card.bounds.size == CGSize(width: 120, height: 80))
        CATransaction.flush()
        #expect(card.log.last == "draw")
        (stack as UIView).setNeedsDisplay()
        #expect(stack.log.last == "setNeedsDisplay")
    }

    @Test func propertyObserversOnOverriddenPropertiesRunAndSuperStillApplies() {
        let stack = CardStackView()
        stack.contentMode = .redraw
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        #expect(stack.log == ["contentMode true", "autoresizingMask"])
        #expect(stack.layer.needsDisplayOnBoundsChange && stack.layer.contentsGravity == .resize)
        #expect(stack.layer.autoresizingMask == [.layerWidthSizable, .layerHeightSizable])
        let tap = UITapGestureRecognizer { _ in }
        stack.addGestureRecognizer(tap)
        stack.removeGestureRecognizer(tap)
        #expect(stack.log.suffix(2) == ["addGestureRecognizer", "removeGestureRecognizer"] && stack.gestureRecognizers == nil)
    }
}
