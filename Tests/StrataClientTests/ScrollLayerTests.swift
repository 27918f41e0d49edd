import Foundation
import Strata
import Testing

/// CAScrollLayer (seed 004 B.6): scrolling is the bounds' origin, limited by scrollMode, never clamped;
/// the CALayer utilities scroll the nearest scroll layer above; D16's pan-to-scroll.
@Suite struct ScrollLayerTests {
    static func scroller() -> (CAScrollLayer, CALayer) {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        scroll.masksToBounds = true
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        scroll.addSublayer(content)
        return (scroll, content)
    }

    @Test func scrollToPointMovesTheBoundsOriginInTheAllowedDirections() {
        let (scroll, content) = Self.scroller()
        #expect(scroll.scrollMode == .both)
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        #expect(scroll.bounds == CGRect(x: 30, y: 40, width: 100, height: 80))
        // What shows at the scroll layer's top-left is the content's (30, 40).
        #expect(content.convert(CGPoint(x: 30, y: 40), to: scroll.superlayer) == CGPoint(x: 0, y: 0))
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 5, y: 5))
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 40))
        scroll.scrollMode = .vertically
        scroll.scroll(to: CGPoint(x: 50, y: 6))
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 6))
        scroll.scrollMode = .none
        scroll.scroll(to: CGPoint(x: 70, y: 70))
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 6))
        #expect(scroll.value(forKeyPath: "scrollMode") as? CAScrollLayerScrollMode == CAScrollLayerScrollMode.none)
    }

    @Test func scrollToRectMovesAsLittleAsShowsIt() {
        let (scroll, _) = Self.scroller()
        scroll.scroll(to: CGRect(x: 150, y: 10, width: 20, height: 20))   // right of the view: its right edge at the view's
        #expect(scroll.bounds.origin == CGPoint(x: 70, y: 0))
        scroll.scroll(to: CGRect(x: 80, y: 10, width: 20, height: 20))    // already visible: no move
        #expect(scroll.bounds.origin == CGPoint(x: 70, y: 0))
        scroll.scroll(to: CGRect(x: 10, y: 200, width: 300, height: 20))  // wider than the view: its left edge
        #expect(scroll.bounds.origin == CGPoint(x: 10, y: 140))
    }

    @Test func layerUtilitiesScrollTheNearestScrollLayer() {
        let (scroll, content) = Self.scroller()
        let item = CALayer()
        item.frame = CGRect(x: 200, y: 100, width: 50, height: 50)
        content.addSublayer(item)
        item.scroll(CGPoint(x: 10, y: 10))                  // the item's (10, 10) to the scroll layer's origin
        #expect(scroll.bounds.origin == CGPoint(x: 210, y: 110))
        item.scrollRectToVisible(CGRect(x: -100, y: 0, width: 10, height: 10))
        #expect(scroll.bounds.origin == CGPoint(x: 100, y: 100))
        #expect(item.visibleRect.isNull)                        // the view shows content x 100…200: the item starts at 200
        scroll.scroll(to: CGPoint(x: 190, y: 90))
        #expect(item.visibleRect == CGRect(x: 0, y: 0, width: 50, height: 50))
        scroll.scroll(to: CGPoint(x: 220, y: 120))
        #expect(item.visibleRect == CGRect(x: 20, y: 20, width: 30, height: 30))
        scroll.scroll(to: CGPoint(x: 0, y: 0))
        #expect(item.visibleRect.isNull)
        #expect(CALayer().visibleRect == .zero)                // no scroll layer above: its bounds
    }

    /// D16: a pan moves the content with the finger, offset = bounds.origin − translation, with no
    /// clamping: content scrolls off for ever.
    @Test func d16PanToScrollIsNotClamped() {
        let (scroll, _) = Self.scroller()
        func pan(_ translation: CGPoint) {
            let offset = CGPoint(x: scroll.bounds.origin.x - translation.x, y: scroll.bounds.origin.y - translation.y)
            scroll.scroll(to: offset)
        }
        for step in [CGPoint(x: -10, y: -5), CGPoint(x: -25, y: 0), CGPoint(x: 5, y: -15)] { pan(step) }
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 20))
        for _ in 0..<50 { pan(CGPoint(x: -20, y: 0)) }
        #expect(scroll.bounds.origin == CGPoint(x: 1030, y: 20))   // far past the 400-point content
    }
}
