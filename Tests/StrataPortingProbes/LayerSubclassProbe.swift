import Strata
import Testing

// App subclasses of layers as iOS code writes them: stored properties, no Sendable restated. They must
// compile warning-free in Swift 6 language mode (CALayer is not Sendable, as on Apple's systems).

final class StarLayer: CALayer {
    var points = 5
    override func draw(in ctx: CGContext) { ctx.fill(bounds) }
}

class BadgeLayer: CAShapeLayer {
    var count = 0
}

final class CountedBadge: BadgeLayer {
    var shown = false
}

@Suite struct LayerSubclassProbe {
    @Test func subclassesWithStoredPropertiesNeedNoSendableRestated() {
        let star = StarLayer()
        star.points = 6
        let badge = CountedBadge()
        badge.count = 2
        badge.shown = true
        #expect(star.points == 6 && badge.count == 2 && badge.shown)
    }
}
