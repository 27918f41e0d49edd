import Foundation

/// A linear relation between two layout attributes: `first.attribute relation multiplier × second.attribute
/// + constant` (UIKit's NSLayoutConstraint). Active constraints are kept by the nearest common ancestor of
/// their items; the tree's `LayoutEngine` solves them during layout.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// A part of a view's or layout guide's layout that a constraint relates (UIKit's raw values). Positions
    /// are in the engine root's bounds coordinates; margin attributes read a view's `layoutMargins` (a layout
    /// guide has none).
    public enum Attribute: Int, Sendable {
        /// The left edge (raw value 1).
        case left = 1
        /// The right edge, left + width (raw value 2).
        case right
        /// The top edge (raw value 3).
        case top
        /// The bottom edge, top + height (raw value 4).
        case bottom
        /// The leading edge: the left edge, or the right edge (measured leftwards) when the item's
        /// `effectiveUserInterfaceLayoutDirection` is right to left (raw value 5).
        case leading
        /// The trailing edge: the right edge, or the left edge (measured leftwards) when right to left (raw value 6).
        case trailing
        /// The width (raw value 7).
        case width
        /// The height (raw value 8).
        case height
        /// The horizontal centre, left + width / 2 (raw value 9).
        case centerX
        /// The vertical centre, top + height / 2 (raw value 10).
        case centerY
        /// The baseline of the last line of text: a `UILabel`'s intrinsic height less its font's descent below its
        /// top; any other item's bottom (raw value 11).
        case lastBaseline
        /// The baseline of the first line of text: a `UILabel`'s font ascender below its top; any other item's
        /// bottom (raw value 12).
        case firstBaseline
        /// The left edge inset by the left layout margin (raw value 13).
        case leftMargin
        /// The right edge inset by the right layout margin (raw value 14).
        case rightMargin
        /// The top edge inset by the top layout margin (raw value 15).
        case topMargin
        /// The bottom edge inset by the bottom layout margin (raw value 16).
        case bottomMargin
        /// The leading edge inset by its layout margin, flipped as `leading` is when right to left (raw value 17).
        case leadingMargin
        /// The trailing edge inset by its layout margin, flipped as `trailing` is when right to left (raw value 18).
        case trailingMargin
        /// The horizontal centre of the area inside the left and right layout margins (raw value 19).
        case centerXWithinMargins
        /// The vertical centre of the area inside the top and bottom layout margins (raw value 20).
        case centerYWithinMargins
        /// No attribute: the second attribute of a constraint with no second item, which sets the first to a
        /// constant (raw value 0).
        case notAnAttribute = 0
        /// The deprecated name of `lastBaseline`.
        public static var baseline: Attribute { .lastBaseline }
    }

    /// How a constraint's first attribute relates to the expression on its right (UIKit's raw values).
    public enum Relation: Int, Sendable {
        /// The first attribute is at most the expression (raw value −1).
        case lessThanOrEqual = -1
        /// The first attribute equals the expression (raw value 0).
        case equal = 0
        /// The first attribute is at least the expression (raw value 1).
        case greaterThanOrEqual = 1
    }

    /// An axis of layout, for content hugging and compression resistance priorities and a stack view's `axis`
    /// (UIKit's raw values).
    public enum Axis: Int, Sendable {
        /// Left to right: widths and x positions (raw value 0).
        case horizontal = 0
        /// Top to bottom: heights and y positions (raw value 1).
        case vertical = 1
    }

    /// The view or layout guide whose attribute is constrained. Held weakly, where UIKit's is
    /// `unowned(unsafe)`: nil once the item is gone. See <doc:Status#Apple's-Swift-interface:-UIKit>.
    public private(set) weak var firstItem: AnyObject?
    /// The first item's attribute, on the left of the relation.
    public let firstAttribute: Attribute
    /// Whether the first attribute is equal to, at most or at least the expression on the right.
    public let relation: Relation
    /// The view or layout guide whose attribute the first is related to, nil for a constant constraint. Held
    /// weakly, where UIKit's is `unowned(unsafe)`. See <doc:Status#Apple's-Swift-interface:-UIKit>.
    public private(set) weak var secondItem: AnyObject?
    /// The second item's attribute, multiplied by `multiplier`; `.notAnAttribute` when there is no second item.
    public let secondAttribute: Attribute
    /// The factor applied to the second attribute (fixed at creation).
    public let multiplier: CGFloat
    /// Changing it re-solves only this constraint at the next layout pass.
    open var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            installedOn?.rootView.autoLayoutStorage?.engine?.constantChanged(self)
            itemsNeedLayout()
        }
    }
    /// A required constraint cannot become optional while active, nor the reverse (UIKit's rule: logged, kept).
    open var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if isActive, (priority == .required) != (oldValue == .required) {
                StrataLog.logger.error("NSLayoutConstraint: changing an active constraint's priority to or from required is not supported")
                priority = oldValue
                return
            }
            if isActive { ViewAutoLayout.structureChanged() }
            itemsNeedLayout()
        }
    }
    /// A name for the constraint, shown in its `description` and in the log's messages about it (default nil).
    open var identifier: String?
    /// Kept for UIKit's shape; it has no effect, since constraints are never archived (default false).
    /// See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open var shouldBeArchived = false
    /// The view it is installed on while active.
    weak var installedOn: UIView?
    /// A constraint the engine made (autoresizing, content size), for the log's wording.
    var generatedKind: String?

    /// Makes an inactive constraint `item.attribute relation multiplier × toItem.attribute + constant` between
    /// views or layout guides. With no `toItem` the second attribute is `.notAnAttribute` and the first
    /// attribute is related to `constant` alone. Activate it with `isActive` or `activate(_:)`.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                            toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.init(first: view1 as AnyObject, attr1, relation, second: view2.map { $0 as AnyObject }, attr2, multiplier: multiplier, constant: c)
    }

    init(first: AnyObject, _ attr1: Attribute, _ relation: Relation, second: AnyObject?, _ attr2: Attribute,
         multiplier: CGFloat, constant: CGFloat) {
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = second
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        self.constant = constant
        super.init()
    }

    /// Whether it takes part in layout; setting it installs it on its items' nearest common ancestor.
    open var isActive: Bool {
        get { installedOn != nil }
        set { if newValue { activateSelf() } else { deactivateSelf() } }
    }

    /// Activates each constraint in turn, installing it on its items' nearest common ancestor. One whose items
    /// have no common ancestor is logged and left inactive (UIKit raises).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint in turn, removing it from the view it was installed on.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// An anchor for the first item's attribute (a new object each time it is read).
    open var firstAnchor: NSLayoutAnchor<AnyObject> { NSLayoutAnchor(item: firstItem, attribute: firstAttribute) }
    /// An anchor for the second item's attribute, nil when there is no second item (a new object each time it
    /// is read).
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondItem.map { NSLayoutAnchor(item: $0, attribute: secondAttribute) }
    }

    open override var description: String {
        guard onMainActor() else { return "<NSLayoutConstraint:\(Self.address(self))>" }
        return MainActor.assumeIsolated { mainActorDescription }
    }

    private var mainActorDescription: String {
        var parts = ["<NSLayoutConstraint:\(Self.address(self))"]
        if let identifier { parts.append("'\(identifier)'") }
        parts.append(equationText + (isActive ? "   (active)>" : ">"))
        return parts.joined(separator: " ")
    }
}
