import Foundation

/// Along the axis: the spacing between visible arranged views and how they share the length (UIKit's
/// documented distributions; where UIKit leaves the algorithm open, the choice is marked).
extension UIStackView {
    func distributionConstraints(_ visible: [UIView], _ canvas: AnyObject) -> [NSLayoutConstraint] {
        let along = StackAxisAttributes.along(axis)
        var made = zip(visible, visible.dropFirst()).map { spacingConstraint(after: $0, before: $1, along) }
        switch distribution {
        case .fill:
            made += tieBreakConstraints(visible)
        case .fillEqually:
            if let first = visible.first {
                made += visible.dropFirst().map { stackConstraint($0, along.size, .equal, first, along.size, "UISV-fill-equally") }
            }
        case .fillProportionally:
            made += proportionalConstraints(visible, canvas, along)
        case .equalSpacing:
            made += spacerConstraints(visible, betweenCenters: false, priority: .required) + tieBreakConstraints(visible)
        case .equalCentering:
            // Equal centre distances give way (999) before the least spacing does, as UIKit documents.
            made += spacerConstraints(visible, betweenCenters: true, priority: UILayoutPriority(999)) + tieBreakConstraints(visible)
        }
        return made
    }

    /// `spacing` (or the custom spacing) between neighbours: exact, or the least with the equal distributions.
    private func spacingConstraint(after previous: UIView, before next: UIView, _ along: StackAxisAttributes) -> NSLayoutConstraint {
        let least = distribution == .equalSpacing || distribution == .equalCentering
        let relation: NSLayoutConstraint.Relation = least ? .greaterThanOrEqual : .equal
        let gap = spacing(after: previous)
        if isBaselineRelativeArrangement, axis == .vertical {
            return stackConstraint(next, .firstBaseline, relation, previous, .lastBaseline, "UISV-spacing", constant: gap)
        }
        return stackConstraint(next, along.leading, relation, previous, along.trailing, "UISV-spacing", constant: gap)
    }

    /// The length of `view`'s content along the axis (negative: none).
    func intrinsicLength(of view: UIView) -> CGFloat {
        let size = view.intrinsicContentSize
        return axis == .horizontal ? size.width : size.height
    }

    /// UIKit resolves equal hugging or compression resistance "based on their index" without saying how
    /// (**choice**: the later view stretches or shrinks first). Each view with content that has a later one at
    /// the same priority hugs and resists half a priority level harder.
    private func tieBreakConstraints(_ visible: [UIView]) -> [NSLayoutConstraint] {
        let along = StackAxisAttributes.along(axis)
        let sized = visible.filter { intrinsicLength(of: $0) >= 0 }
        var made: [NSLayoutConstraint] = []
        for (index, view) in sized.enumerated() {
            let later = sized.dropFirst(index + 1)
            let length = intrinsicLength(of: view)
            let hugging = view.contentHuggingPriority(for: axis)
            if hugging < .required, later.contains(where: { $0.contentHuggingPriority(for: axis) == hugging }) {
                made.append(stackConstraint(view, along.size, .lessThanOrEqual, nil, .notAnAttribute, "UISV-ambiguity-hug",
                                            constant: length, priority: hugging + 0.5))
            }
            let resistance = view.contentCompressionResistancePriority(for: axis)
            if resistance < .required, later.contains(where: { $0.contentCompressionResistancePriority(for: axis) == resistance }) {
                made.append(stackConstraint(view, along.size, .greaterThanOrEqual, nil, .notAnAttribute, "UISV-ambiguity-resist",
                                            constant: length, priority: resistance + 0.5))
            }
        }
        return made
    }

    /// Each view's length is its share of the canvas less the spacing, in proportion to its intrinsic length
    /// (**choice**: its current length when it has none), at 999 so that required constraints win.
    private func proportionalConstraints(_ visible: [UIView], _ canvas: AnyObject, _ along: StackAxisAttributes) -> [NSLayoutConstraint] {
        let lengths = visible.map { view in
            let length = intrinsicLength(of: view)
            return length >= 0 ? length : (axis == .horizontal ? view.bounds.width : view.bounds.height)
        }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return [] }
        let gaps = visible.dropLast().reduce(CGFloat(0)) { $0 + spacing(after: $1) }
        return zip(visible, lengths).map { view, length in
            let share = length / total
            return stackConstraint(view, along.size, .equal, canvas, along.size, "UISV-fill-proportionally",
                                   multiplier: share, constant: -gaps * share, priority: UILayoutPriority(999))
        }
    }

    /// A spacer guide between each pair of neighbours (edge to edge, or centre to centre), all of one length.
    private func spacerConstraints(_ visible: [UIView], betweenCenters: Bool, priority: UILayoutPriority) -> [NSLayoutConstraint] {
        let along = StackAxisAttributes.along(axis)
        var made: [NSLayoutConstraint] = []
        var first: UILayoutGuide?
        for (previous, next) in zip(visible, visible.dropFirst()) {
            let guide = UILayoutGuide()
            guide.identifier = "UISV-distributing"
            addLayoutGuide(guide)
            spacerGuides.append(guide)
            if betweenCenters {
                // Centres never flip with the direction, so the guide is placed by its physical edges.
                let rtl = axis == .horizontal && effectiveUserInterfaceLayoutDirection == .rightToLeft
                let (start, end): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) = axis == .horizontal ? (.left, .right) : (.top, .bottom)
                made.append(stackConstraint(guide, start, .equal, rtl ? next : previous, along.center, "UISV-distributing-edge"))
                made.append(stackConstraint(guide, end, .equal, rtl ? previous : next, along.center, "UISV-distributing-edge"))
            } else {
                made.append(stackConstraint(guide, along.leading, .equal, previous, along.trailing, "UISV-distributing-edge"))
                made.append(stackConstraint(guide, along.trailing, .equal, next, along.leading, "UISV-distributing-edge"))
            }
            if let first {
                made.append(stackConstraint(guide, along.size, .equal, first, along.size, "UISV-distributing", priority: priority))
            }
            first = first ?? guide
        }
        return made
    }
}
