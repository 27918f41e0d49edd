import Foundation

/// A linear relation between two layout attributes: `first.attribute relation multiplier × second.attribute
/// + constant` (UIKit's NSLayoutConstraint). Active constraints are kept by the nearest common ancestor of
/// their items; the tree's `LayoutEngine` solves them during layout.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
        public static var baseline: Attribute { .lastBaseline }
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
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
    open var identifier: String?
    open var shouldBeArchived = false
    /// The view it is installed on while active.
    weak var installedOn: UIView?
    /// A constraint the engine made (autoresizing, content size), for the log's wording.
    var generatedKind: String?

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

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    open var firstAnchor: NSLayoutAnchor<AnyObject> { NSLayoutAnchor(item: firstItem, attribute: firstAttribute) }
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
