import Foundation
@testable import StrataUIKit
import Testing

/// UIStackView's alignment, margins, nesting, hiding and arrangement, without a server: frames checked exactly.
@MainActor
@Suite struct StackViewArrangementTests {
    static func stack(_ axis: NSLayoutConstraint.Axis, _ alignment: UIStackView.Alignment, _ contents: [(CGFloat, CGFloat)],
                      size: CGSize) -> (UIStackView, [UIView]) {
        let views = contents.map { ContentSizedView($0.0, $0.1) }
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(origin: .zero, size: size)
        stack.axis = axis
        stack.alignment = alignment
        stack.distribution = .fillEqually
        stack.layoutIfNeeded()
        return (stack, views)
    }

    @Test func horizontalAlignments() {
        let cases: [(UIStackView.Alignment, [CGRect])] = [
            (.fill, [CGRect(x: 0, y: 0, width: 100, height: 100), CGRect(x: 100, y: 0, width: 100, height: 100)]),
            (.top, [CGRect(x: 0, y: 0, width: 100, height: 20), CGRect(x: 100, y: 0, width: 100, height: 40)]),
            (.center, [CGRect(x: 0, y: 40, width: 100, height: 20), CGRect(x: 100, y: 30, width: 100, height: 40)]),
            (.bottom, [CGRect(x: 0, y: 80, width: 100, height: 20), CGRect(x: 100, y: 60, width: 100, height: 40)]),
        ]
        for (alignment, frames) in cases {
            let (_, views) = Self.stack(.horizontal, alignment, [(50, 20), (50, 40)], size: CGSize(width: 200, height: 100))
            #expect(views.map(\.frame) == frames, "\(alignment)")
        }
        #expect(UIStackView.Alignment.top == .leading && UIStackView.Alignment.bottom == .trailing)
    }

    @Test func verticalAlignmentsFollowTheLayoutDirection() {
        let cases: [(UIStackView.Alignment, UISemanticContentAttribute, [CGFloat])] = [
            (.leading, .unspecified, [0, 0]), (.center, .unspecified, [40, 30]), (.trailing, .unspecified, [80, 60]),
            (.leading, .forceRightToLeft, [80, 60]), (.trailing, .forceRightToLeft, [0, 0]),
        ]
        for (alignment, direction, xs) in cases {
            let views = [ContentSizedView(20, 50), ContentSizedView(40, 50)]
            let stack = UIStackView(arrangedSubviews: views)
            stack.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
            stack.axis = .vertical
            stack.alignment = alignment
            stack.distribution = .fillEqually
            stack.semanticContentAttribute = direction
            stack.layoutIfNeeded()
            #expect(views.map(\.frame) == [CGRect(x: xs[0], y: 0, width: 20, height: 100), CGRect(x: xs[1], y: 100, width: 40, height: 100)],
                    "\(alignment) \(direction)")
        }
    }

    @Test(arguments: [UIStackView.Alignment.firstBaseline, .lastBaseline])
    func baselineAlignmentLinesUpTheLabels(alignment: UIStackView.Alignment) throws {
        let small = UILabel(), large = UILabel()
        small.text = "Small"
        large.text = "Large"
        small.font = .systemFont(ofSize: 12)
        large.font = .systemFont(ofSize: 30)
        let stack = UIStackView(arrangedSubviews: [small, large])
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        stack.alignment = alignment
        stack.layoutIfNeeded()
        let attribute: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
        func baseline(_ label: UILabel) -> CGFloat {
            let font = label.font ?? .systemFont(ofSize: 17)
            return label.frame.minY + (attribute == .firstBaseline ? font.ascender : label.intrinsicContentSize.height + font.descender)
        }
        #expect(large.frame.minY == 0)
        // The engine puts the small label's top on the pixel grid (scale 1 here): the nearest whole point to
        // where its baseline meets the large one's.
        let smallFont = small.font ?? .systemFont(ofSize: 17)
        let exactTop = baseline(large) - (attribute == .firstBaseline ? smallFont.ascender : small.intrinsicContentSize.height + smallFont.descender)
        #expect(small.frame.minY == exactTop.rounded())
        // Heights come back through the layer's position and bounds: equal within rounding.
        #expect(abs(small.frame.height - small.intrinsicContentSize.height) < 1e-9)
        #expect(abs(large.frame.height - large.intrinsicContentSize.height) < 1e-9)
    }

    @Test func baselineRelativeArrangementSpacesBaselines() throws {
        let first = UILabel(), second = UILabel()
        first.text = "First"
        second.text = "Second"
        second.font = .systemFont(ofSize: 30)
        let stack = UIStackView(arrangedSubviews: [first, second])
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 20
        stack.isBaselineRelativeArrangement = true
        stack.layoutIfNeeded()
        let firstFont = try #require(first.font), secondFont = try #require(second.font)
        let lastBaseline = first.frame.minY + first.intrinsicContentSize.height + firstFont.descender
        #expect(first.frame.minY == 0)
        // On the pixel grid (scale 1 here): the nearest whole point.
        #expect(second.frame.minY == (lastBaseline + 20 - secondFont.ascender).rounded())
    }

    @Test func layoutMarginsRelativeArrangement() {
        let (stack, views) = Self.stack(.horizontal, .fill, [(50, 20), (50, 20)], size: CGSize(width: 300, height: 60))
        stack.spacing = 10
        stack.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 20, y: 10, width: 125, height: 40), CGRect(x: 155, y: 10, width: 125, height: 40)])
        stack.isLayoutMarginsRelativeArrangement = false
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 0, y: 0, width: 145, height: 60), CGRect(x: 155, y: 0, width: 145, height: 60)])
    }

    @Test func nestedStacks() {
        let x = ContentSizedView(40, 30), y = ContentSizedView(40, 20), z = ContentSizedView(50, 30)
        let inner = UIStackView(arrangedSubviews: [x, y])
        inner.spacing = 10
        inner.alignment = .top
        let outer = UIStackView(arrangedSubviews: [inner, z])
        outer.axis = .vertical
        outer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        outer.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 0, y: 0, width: 200, height: 70))
        #expect(z.frame == CGRect(x: 0, y: 70, width: 200, height: 30))
        #expect(x.frame == CGRect(x: 0, y: 0, width: 40, height: 30))
        #expect(y.frame == CGRect(x: 50, y: 0, width: 150, height: 20))
    }

    @Test func aStackPlacedByConstraintsHugsItsViews() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = ContentSizedView(50, 20), b = ContentSizedView(60, 40)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.alignment = .center
        stack.spacing = 10
        container.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: container.topAnchor, constant: 20),
        ])
        container.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 10, y: 20, width: 120, height: 40))
        #expect(a.frame == CGRect(x: 0, y: 10, width: 50, height: 20) && b.frame == CGRect(x: 60, y: 0, width: 60, height: 40))
        #expect(!stack.hasAmbiguousLayout)
        b.isHidden = true
        container.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 10, y: 20, width: 50, height: 20))
    }

    @Test func aHiddenViewCollapsesWithItsSpacing() {
        let (stack, views) = Self.stack(.horizontal, .fill, [(50, 20), (50, 20), (50, 20)], size: CGSize(width: 320, height: 40))
        stack.spacing = 10
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 110, 220])
        views[1].isHidden = true
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 0, y: 0, width: 155, height: 40), CGRect(x: 155, y: 0, width: 0, height: 40),
                                       CGRect(x: 165, y: 0, width: 155, height: 40)])
        views[0].isHidden = true
        views[1].isHidden = false
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 0, y: 0, width: 0, height: 40), CGRect(x: 0, y: 0, width: 155, height: 40),
                                       CGRect(x: 165, y: 0, width: 155, height: 40)])
    }

    @Test func hidingInsideAnAnimationAnimatesTheOthersFrames() throws {
        let (stack, views) = Self.stack(.horizontal, .fill, [(50, 20), (50, 20), (50, 20)], size: CGSize(width: 320, height: 40))
        stack.spacing = 10
        stack.layoutIfNeeded()
        CATransaction.flush()
        UIView.animate(withDuration: 0.3) {
            views[1].isHidden = true
            stack.layoutIfNeeded()
        }
        let last = views[2]
        #expect(last.frame == CGRect(x: 165, y: 0, width: 155, height: 40))
        let position = try #require(last.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(position.fromValue as? CGPoint == CGPoint(x: 270, y: 20))
        #expect(position.toValue == nil || position.toValue as? CGPoint == CGPoint(x: 242.5, y: 20))
        #expect(position.duration == 0.3)
        let bounds = try #require(last.layer.animation(forKey: "bounds") as? CABasicAnimation)
        #expect((bounds.fromValue as? CGRect)?.size == CGSize(width: 100, height: 40))
        let first = try #require(views[0].layer.animation(forKey: "bounds") as? CABasicAnimation)
        #expect((first.fromValue as? CGRect)?.size == CGSize(width: 100, height: 40))
        // The hidden view reads hidden at once, but stays on screen while it collapses (as in UIKit): `hidden`
        // is held false for the block's duration, then the model shows.
        #expect(views[1].isHidden)
        let hold = try #require(views[1].layer.animation(forKey: "hidden") as? CABasicAnimation)
        #expect(hold.fromValue as? Bool == false && hold.toValue as? Bool == false && hold.duration == 0.3)
        let collapse = try #require(views[1].layer.animation(forKey: "bounds") as? CABasicAnimation)
        #expect((collapse.fromValue as? CGRect)?.size == CGSize(width: 100, height: 40))
        #expect(views[1].frame.width == 0)
        CATransaction.flush()
    }

    @Test func sameSizeContentKeepsTheConstraintsAndNoConflictIsReported() {
        var reports: [String] = []
        LayoutEngine.reportHandler = { reports.append($0) }
        defer { LayoutEngine.reportHandler = nil }
        let label = UILabel()
        label.text = "AB"
        let stack = UIStackView(arrangedSubviews: [label, ContentSizedView(50, 20)])
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 40)
        stack.distribution = .equalSpacing
        stack.layoutIfNeeded()
        let made = stack.constraints.map(ObjectIdentifier.init)
        label.textColor = .red
        label.invalidateIntrinsicContentSize()
        stack.layoutIfNeeded()
        #expect(stack.constraints.map(ObjectIdentifier.init) == made)
        label.text = "ABCDEF"
        stack.layoutIfNeeded()
        #expect(stack.constraints.map(ObjectIdentifier.init) != made)
        #expect(label.frame.width == label.intrinsicContentSize.width)
        label.isHidden = true
        stack.layoutIfNeeded()
        #expect(reports.isEmpty)
    }

    @Test func arrangingAndRemoving() {
        let a = ContentSizedView(50, 20), b = ContentSizedView(50, 20), c = ContentSizedView(50, 20)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 40)
        stack.distribution = .fillEqually
        stack.insertArrangedSubview(c, at: 0)
        #expect(stack.arrangedSubviews == [c, a, b] && stack.subviews.count == 3)
        stack.insertArrangedSubview(b, at: 0)
        stack.insertArrangedSubview(b, at: 9)
        #expect(stack.arrangedSubviews == [c, a, b] && stack.subviews.count == 3)
        stack.layoutIfNeeded()
        #expect([c, a, b].map(\.frame.minX) == [0, 100, 200])
        stack.removeArrangedSubview(a)
        stack.layoutIfNeeded()
        #expect(stack.arrangedSubviews == [c, b] && a.superview === stack)
        #expect([c, b].map(\.frame.minX) == [0, 150] && a.frame == CGRect(x: 100, y: 0, width: 100, height: 40))
        b.removeFromSuperview()
        #expect(stack.arrangedSubviews == [c])
        stack.layoutIfNeeded()
        #expect(c.frame == CGRect(x: 0, y: 0, width: 300, height: 40))
        stack.addArrangedSubview(c)
        #expect(stack.arrangedSubviews == [c])
        stack.axis = .vertical
        stack.layoutIfNeeded()
        #expect(c.frame == CGRect(x: 0, y: 0, width: 300, height: 40))
        #expect(stack.constraints.allSatisfy { $0.identifier?.hasPrefix("UISV-") == true })
        #expect(UIStackView.requiresConstraintBasedLayout)
    }
}
