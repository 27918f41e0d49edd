import Foundation

/// The constraints a stack view generates, named with UIKit's identifiers ("UISV-…") so that the
/// unsatisfiable-constraints log reads as on iOS. Along the axis: the canvas edges, the spacing and the
/// distribution (UIStackView+Distribution.swift); across it: the alignment (UIStackView+Alignment.swift).
extension UIStackView {
    /// Replaces the constraints and spacer guides made last time with those the current state asks for.
    func regenerateConstraints() {
        NSLayoutConstraint.deactivate(generatedConstraints)
        for guide in spacerGuides { removeLayoutGuide(guide) }
        spacerGuides = []
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let visible = arrangedSubviews.filter { !$0.isHidden }
        var made = canvasConstraints(visible, canvas) + hidingConstraints(canvas) + distributionConstraints(visible, canvas)
        made += alignmentConstraints(canvas)
        made += fitConstraints()
        generatedConstraints = made
        NSLayoutConstraint.activate(made)
    }

    /// The first visible view's leading (top) and the last one's trailing (bottom) on the canvas's.
    private func canvasConstraints(_ visible: [UIView], _ canvas: AnyObject) -> [NSLayoutConstraint] {
        guard let first = visible.first, let last = visible.last else { return [] }
        let along = StackAxisAttributes.along(axis)
        return [
            stackConstraint(first, along.leading, .equal, canvas, along.leading, "UISV-canvas-connection"),
            stackConstraint(canvas, along.trailing, .equal, last, along.trailing, "UISV-canvas-connection"),
        ]
    }

    /// A hidden arranged view takes no length, at the end of the visible view before it (**choice**: UIKit's
    /// "UISV-hiding" zero length; where a hidden view sits is not documented).
    private func hidingConstraints(_ canvas: AnyObject) -> [NSLayoutConstraint] {
        let along = StackAxisAttributes.along(axis)
        var made: [NSLayoutConstraint] = []
        var previous: UIView?
        for view in arrangedSubviews {
            guard view.isHidden else { previous = view; continue }
            made.append(stackConstraint(view, along.size, .equal, nil, .notAnAttribute, "UISV-hiding"))
            if let previous {
                made.append(stackConstraint(view, along.leading, .equal, previous, along.trailing, "UISV-hiding"))
            } else {
                made.append(stackConstraint(view, along.leading, .equal, canvas, along.leading, "UISV-hiding"))
            }
        }
        return made
    }

    /// The stack's own size is pulled to nothing at a priority below every other (**choice**: 49, under
    /// `fittingSizeLevel`), so that a stack whose size is not set hugs its arranged views.
    private func fitConstraints() -> [NSLayoutConstraint] {
        [NSLayoutConstraint.Attribute.width, .height].map {
            stackConstraint(self, $0, .equal, nil, .notAnAttribute, "UISV-canvas-fit", priority: UILayoutPriority(49))
        }
    }

    /// The space after `view`: its custom spacing, else `spacing`; `spacingUseSystem` is 8 points.
    func spacing(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        if value == Self.spacingUseSystem { return NSLayoutAnchorSpacing.system }
        return value == Self.spacingUseDefault ? 0 : value
    }

    func stackConstraint(_ first: AnyObject, _ attr1: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
                         _ second: AnyObject?, _ attr2: NSLayoutConstraint.Attribute, _ identifier: String,
                         multiplier: CGFloat = 1, constant: CGFloat = 0,
                         priority: UILayoutPriority = .required) -> NSLayoutConstraint {
        let made = NSLayoutConstraint(first: first, attr1, relation, second: second, attr2, multiplier: multiplier, constant: constant)
        made.identifier = identifier
        made.priority = priority
        return made
    }
}

/// The attributes of one axis of a stack: along it, leading and trailing are its start and end.
struct StackAxisAttributes {
    let leading: NSLayoutConstraint.Attribute
    let trailing: NSLayoutConstraint.Attribute
    let size: NSLayoutConstraint.Attribute
    let center: NSLayoutConstraint.Attribute

    static let horizontal = StackAxisAttributes(leading: .leading, trailing: .trailing, size: .width, center: .centerX)
    static let vertical = StackAxisAttributes(leading: .top, trailing: .bottom, size: .height, center: .centerY)

    static func along(_ axis: NSLayoutConstraint.Axis) -> StackAxisAttributes { axis == .horizontal ? .horizontal : .vertical }
    static func across(_ axis: NSLayoutConstraint.Axis) -> StackAxisAttributes { axis == .horizontal ? .vertical : .horizontal }
}
