import Foundation

/// Across the axis: each arranged view against the canvas (hidden ones too, so that they keep their place).
extension UIStackView {
    func alignmentConstraints(_ canvas: AnyObject) -> [NSLayoutConstraint] {
        let across = StackAxisAttributes.across(axis)
        var effective = alignment
        // UIKit documents baseline alignment for horizontal stacks only (**choice**: vertical ones fill).
        if axis == .vertical, effective == .firstBaseline || effective == .lastBaseline { effective = .fill }
        let reference = arrangedSubviews.first
        var made: [NSLayoutConstraint] = []
        for view in arrangedSubviews {
            let lead = stackConstraint(view, across.leading, .equal, canvas, across.leading, "UISV-alignment")
            let trail = stackConstraint(view, across.trailing, .equal, canvas, across.trailing, "UISV-alignment")
            // A hidden view keeps its place across the axis but does not widen the stack (**choice**).
            let within = view.isHidden ? [] : [
                stackConstraint(view, across.leading, .greaterThanOrEqual, canvas, across.leading, "UISV-spanning-boundary"),
                stackConstraint(view, across.trailing, .lessThanOrEqual, canvas, across.trailing, "UISV-spanning-boundary"),
            ]
            switch effective {
            case .fill:
                made += [lead, trail]
            case .leading:
                made += [lead] + within.suffix(1)
            case .trailing:
                made += [trail] + within.prefix(1)
            case .center:
                made += within
                made.append(stackConstraint(view, across.center, .equal, canvas, across.center, "UISV-alignment"))
            case .firstBaseline, .lastBaseline:
                made += within
                let baseline: NSLayoutConstraint.Attribute = effective == .firstBaseline ? .firstBaseline : .lastBaseline
                if let reference, reference !== view {
                    made.append(stackConstraint(view, baseline, .equal, reference, baseline, "UISV-alignment"))
                }
                // The aligned group sits as high as it can (**choice**; UIKit does not say).
                lead.priority = UILayoutPriority(25)
                made.append(lead)
            }
            if effective != .fill {
                // A view with no height of its own would be free across the axis: UIKit pulls it to zero, weakly.
                made.append(stackConstraint(view, across.size, .equal, nil, .notAnAttribute, "UISV-ambiguity-suppression",
                                            priority: UILayoutPriority(25)))
            }
        }
        return made
    }
}
