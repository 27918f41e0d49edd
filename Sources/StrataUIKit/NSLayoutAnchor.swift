import Foundation

/// One attribute of a view or layout guide, from which constraints are made (UIKit's NSLayoutAnchor).
/// `AnchorType` keeps x-axis, y-axis and dimension anchors from being related to one another, as in UIKit.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    weak var item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject?, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }


    func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
              constant: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: item ?? NSNull(), attribute, relation, second: other?.item,
                           other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    /// A constraint that this anchor equals `anchor` (`self = anchor`), inactive and required: set `isActive`
    /// or pass it to `NSLayoutConstraint.activate(_:)`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, constant: 0) }
    /// A constraint that this anchor is at least `anchor` (`self ≥ anchor`), inactive and required.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 0)
    }
    /// A constraint that this anchor is at most `anchor` (`self ≤ anchor`), inactive and required.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: 0)
    }
    /// A constraint that this anchor equals `anchor` plus `c` points (`self = anchor + c`), inactive and required.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: c)
    }
    /// A constraint that this anchor is at least `anchor` plus `c` points (`self ≥ anchor + c`), inactive and
    /// required.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }
    /// A constraint that this anchor is at most `anchor` plus `c` points (`self ≤ anchor + c`), inactive and
    /// required.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }

    open override var description: String {
        guard onMainActor() else { return "<\(String(describing: type(of: self))):\(NSLayoutConstraint.address(self))>" }
        return MainActor.assumeIsolated { mainActorDescription }
    }

    private var mainActorDescription: String {
        "<\(String(describing: type(of: self))):\(NSLayoutConstraint.address(self)) \"\(NSLayoutConstraint.itemName(item)).\(NSLayoutConstraint.attributeName(attribute))\">"
    }
}

/// A horizontal edge or centre.
@preconcurrency @MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// UIKit's standard spacing between siblings, 8 points, times `multiplier`, after `anchor`.
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: NSLayoutAnchorSpacing.system * multiplier)
    }
    /// A constraint that this anchor is at least the standard spacing, 8 points, times `multiplier`, after
    /// `anchor` (`self ≥ anchor + 8 × multiplier`), inactive and required.
    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: NSLayoutAnchorSpacing.system * multiplier)
    }
    /// A constraint that this anchor is at most the standard spacing, 8 points, times `multiplier`, after
    /// `anchor` (`self ≤ anchor + 8 × multiplier`), inactive and required.
    open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: NSLayoutAnchorSpacing.system * multiplier)
    }
}

/// A vertical edge, centre or baseline.
@preconcurrency @MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// A constraint that this anchor is UIKit's standard spacing between siblings, 8 points, times `multiplier`,
    /// below `anchor` (`self = anchor + 8 × multiplier`), inactive and required. Unlike UIKit, baselines are
    /// spaced by the same 8 points, not from their fonts.
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: NSLayoutAnchorSpacing.system * multiplier)
    }
    /// A constraint that this anchor is at least the standard spacing, 8 points, times `multiplier`, below
    /// `anchor` (`self ≥ anchor + 8 × multiplier`), inactive and required.
    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: NSLayoutAnchorSpacing.system * multiplier)
    }
    /// A constraint that this anchor is at most the standard spacing, 8 points, times `multiplier`, below
    /// `anchor` (`self ≤ anchor + 8 × multiplier`), inactive and required.
    open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: NSLayoutAnchorSpacing.system * multiplier)
    }
}

/// A width or height.
@preconcurrency @MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// A constraint that this width or height is `c` points, inactive and required.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    /// A constraint that this width or height is at least `c` points, inactive and required.
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    /// A constraint that this width or height is at most `c` points, inactive and required.
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    /// A constraint that this dimension is `anchor` times `m` (`self = anchor × m`), inactive and required.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: 0)
    }
    /// A constraint that this dimension is at least `anchor` times `m` (`self ≥ anchor × m`), inactive and
    /// required.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: 0)
    }
    /// A constraint that this dimension is at most `anchor` times `m` (`self ≤ anchor × m`), inactive and
    /// required.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: 0)
    }
    /// A constraint that this dimension is `anchor` times `m` plus `c` points (`self = anchor × m + c`),
    /// inactive and required.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    /// A constraint that this dimension is at least `anchor` times `m` plus `c` points
    /// (`self ≥ anchor × m + c`), inactive and required.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    /// A constraint that this dimension is at most `anchor` times `m` plus `c` points
    /// (`self ≤ anchor × m + c`), inactive and required.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// UIKit's system spacing between sibling views.
enum NSLayoutAnchorSpacing {
    static let system: CGFloat = 8
}
