import Foundation
import Strata
import Testing

/// Layout as Core Animation runs it: once per commit for a marked layer, top-down, before display();
/// the delegate's layoutSublayers(of:); layoutIfNeeded(); autoresizing by each flag.
@Suite struct LayoutTests {
    /// Records the order of layouts and displays across layers.
    final class Journal: @unchecked Sendable {
        var entries: [String] = []
    }

    final class Panel: CALayer, @unchecked Sendable {
        var journal: Journal?
        override func layoutSublayers() {
            journal?.entries.append("layout \(name ?? "")")
            // Sublayers stacked as rows of their preferred height.
            var y: CGFloat = 0
            for s in sublayers ?? [] {
                let size = s.preferredFrameSize()
                s.frame = CGRect(x: 0, y: y, width: bounds.width, height: size.height)
                y += size.height
            }
        }
        override func display() { journal?.entries.append("display \(name ?? "")") }
    }

    @Test func aLayerMarkedTwiceIsLaidOutOnceBeforeDisplayTopDown() {
        let journal = Journal()
        let outer = Panel(), inner = Panel()
        outer.journal = journal; outer.name = "outer"
        inner.journal = journal; inner.name = "inner"
        outer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        outer.addSublayer(inner)
        CATransaction.flush()
        journal.entries.removeAll()
        inner.setNeedsLayout()
        outer.setNeedsLayout()
        inner.setNeedsLayout()
        inner.setNeedsDisplay()
        #expect(outer.needsLayout() && inner.needsLayout())
        CATransaction.flush()
        #expect(journal.entries == ["layout outer", "layout inner", "display inner"], "\(journal.entries)")
        #expect(!outer.needsLayout() && !inner.needsLayout())
        journal.entries.removeAll()
        CATransaction.flush()
        #expect(journal.entries.isEmpty)
    }

    /// layoutSublayers places sublayers by their preferredFrameSize (a text layer's is its text's).
    @Test func layoutUsesPreferredFrameSizes() {
        let panel = Panel()
        panel.bounds = CGRect(x: 0, y: 0, width: 120, height: 200)
        let a = CALayer(), b = CALayer()
        a.bounds = CGRect(x: 0, y: 0, width: 10, height: 30)
        b.bounds = CGRect(x: 0, y: 0, width: 10, height: 15)
        panel.addSublayer(a)
        panel.addSublayer(b)
        panel.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 120, height: 30))
        #expect(b.frame == CGRect(x: 0, y: 30, width: 120, height: 15))
    }

    final class Stacker: CALayerDelegate {
        var calls = 0
        func layoutSublayers(of layer: CALayer) {
            calls += 1
            for (i, s) in (layer.sublayers ?? []).enumerated() { s.frame = CGRect(x: CGFloat(i) * 10, y: 0, width: 10, height: 10) }
        }
    }

    @Test func theDelegateLaysOutAndNewBoundsOrSublayersMarkTheLayer() {
        let stacker = Stacker()
        let layer = CALayer()
        layer.delegate = stacker
        layer.addSublayer(CALayer())
        #expect(layer.needsLayout())   // a new sublayer
        layer.layoutIfNeeded()
        #expect(stacker.calls == 1 && layer.sublayers?.first?.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.layoutIfNeeded()
        #expect(stacker.calls == 1)     // nothing marked
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(layer.needsLayout())   // a new size
        layer.position = CGPoint(x: 3, y: 3)
        layer.layoutIfNeeded()
        #expect(stacker.calls == 2)
    }

    /// Each autoresizing flag, the superlayer growing from 100 × 100 to 200 × 150 with a 20 × 20 sublayer
    /// at (10, 30): margins 10 and 70 across, 30 and 50 down.
    @Test(arguments: [
        (CAAutoresizingMask([]), CGRect(x: 10, y: 30, width: 20, height: 20)),
        (CAAutoresizingMask.layerMinXMargin, CGRect(x: 110, y: 30, width: 20, height: 20)),
        (.layerWidthSizable, CGRect(x: 10, y: 30, width: 120, height: 20)),
        (.layerMaxXMargin, CGRect(x: 10, y: 30, width: 20, height: 20)),
        (.layerMinYMargin, CGRect(x: 10, y: 80, width: 20, height: 20)),
        (.layerHeightSizable, CGRect(x: 10, y: 30, width: 20, height: 70)),
        (.layerMaxYMargin, CGRect(x: 10, y: 30, width: 20, height: 20)),
        // Shared in proportion to the flexible parts: 10 and 70 share 100 as 12.5 and 87.5.
        (CAAutoresizingMask([.layerMinXMargin, .layerMaxXMargin]), CGRect(x: 22.5, y: 30, width: 20, height: 20)),
        // 20 wide and 70 after share 100: the width takes 100 × 20/90.
        (CAAutoresizingMask([.layerWidthSizable, .layerMaxXMargin]), CGRect(x: 10, y: 30, width: 20.0 + 100.0 * 20.0 / 90.0, height: 20)),
        // 30 before, 20 high, 50 after share 50 in proportion: 15, 10, 25.
        (CAAutoresizingMask([.layerMinYMargin, .layerHeightSizable, .layerMaxYMargin]), CGRect(x: 10, y: 45, width: 20, height: 30)),
    ])
    func autoresizing(_ mask: CAAutoresizingMask, _ expected: CGRect) {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 30, width: 20, height: 20)
        child.autoresizingMask = mask
        parent.addSublayer(child)
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        let f = child.frame
        #expect(abs(f.minX - expected.minX) < 1e-9 && abs(f.minY - expected.minY) < 1e-9
                && abs(f.width - expected.width) < 1e-9 && abs(f.height - expected.height) < 1e-9, "\(mask): \(f)")
    }

    /// needsDisplayOnBoundsChange: a new size marks the layer for display; a new origin does not.
    @Test func needsDisplayOnBoundsChange() {
        let layer = CALayer()
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.bounds = CGRect(x: 5, y: 5, width: 10, height: 10)
        #expect(!layer.needsDisplay())
    }
}
