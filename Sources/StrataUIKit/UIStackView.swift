import Foundation

/// A view that lines its arranged subviews up along an axis by generating constraints, as UIKit's does: it
/// keeps the constraints it made and makes them again at the next constraint-update pass whenever its
/// properties, its arrangement or an arranged view's `isHidden` change (UIStackView+Constraints.swift).
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the arranged views share the stack's length along its axis.
    public enum Distribution: Int, Sendable {
        /// The views fill the length with exact spacing between them. When their intrinsic lengths do not fit,
        /// the view with the lowest content hugging priority stretches, or the one with the lowest compression
        /// resistance shrinks; between equal priorities the later view gives first (Strata's choice, as UIKit
        /// does not say how it breaks ties).
        case fill = 0
        /// Every visible view has the same length along the axis, with exact spacing between them.
        case fillEqually
        /// Each visible view's length is its share of the length less the spacing, in proportion to its intrinsic
        /// length (its current length when it has none), at priority 999.
        case fillProportionally
        /// The views keep their intrinsic lengths where they can, with equal gaps between neighbours' edges, each
        /// at least `spacing`; when they do not fit they give way as in `.fill`.
        case equalSpacing
        /// The views keep their intrinsic lengths where they can, with equal distances between neighbours'
        /// centres (at priority 999, giving way before the gaps fall below `spacing`).
        case equalCentering
    }

    /// How the arranged views are placed across the stack's axis.
    public enum Alignment: Int, Sendable {
        /// Each view spans the stack across the axis.
        case fill = 0
        /// Each view's leading edge across the axis on the stack's (its top in a horizontal stack), the view kept
        /// within the stack.
        case leading
        /// In a horizontal stack, the views' first baselines on the first arranged view's, the group as high as
        /// it fits; in a vertical stack the views fill, where UIKit documents it for horizontal stacks only;
        /// see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case firstBaseline
        /// Each view centred across the axis, kept within the stack.
        case center
        /// Each view's trailing edge across the axis on the stack's (its bottom in a horizontal stack), the view
        /// kept within the stack.
        case trailing
        /// In a horizontal stack, the views' last baselines on the first arranged view's, the group as high as
        /// it fits; in a vertical stack the views fill, where UIKit documents it for horizontal stacks only;
        /// see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
        case lastBaseline
        /// The same as `.leading`: in a horizontal stack, each view's top on the stack's top.
        public static var top: Alignment { .leading }
        /// The same as `.trailing`: in a horizontal stack, each view's bottom on the stack's bottom.
        public static var bottom: Alignment { .trailing }
    }

    /// `customSpacing(after:)` for a view without a custom spacing; passed to `setCustomSpacing`, it removes
    /// one (UIKit's value, the largest Float).
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)
    /// UIKit's system spacing between siblings (8 points here), as `spacing` or a custom spacing.
    public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

    private var arranged: [UIView] = []
    /// Custom spacings by arranged view.
    var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// What the last constraint-update pass made: deactivated and made again at the next.
    var generatedConstraints: [NSLayoutConstraint] = []
    var spacerGuides: [UILayoutGuide] = []
    /// Whether the stack's own properties or arrangement changed since the constraints were made.
    var needsArrangement = true
    /// What the constraints were made from in the arranged views: unchanged, they are kept.
    private var madeFrom: [ArrangedInput] = []

    /// The views the stack lines up, in order along the axis: a subset of its subviews, hidden ones included.
    open var arrangedSubviews: [UIView] { arranged }
    /// The axis the views are lined up along (`.horizontal` by default). A change makes the stack's constraints
    /// again at the next constraint-update pass.
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { if axis != oldValue { arrangementChanged() } } }
    /// How the views share the stack's length along the axis (`.fill` by default). A change makes the stack's
    /// constraints again at the next constraint-update pass.
    open var distribution = Distribution.fill { didSet { if distribution != oldValue { arrangementChanged() } } }
    /// How the views are placed across the axis (`.fill` by default). A change makes the stack's constraints
    /// again at the next constraint-update pass.
    open var alignment = Alignment.fill { didSet { if alignment != oldValue { arrangementChanged() } } }
    /// The space between adjacent arranged views (the least space with `.equalSpacing` and `.equalCentering`).
    open var spacing: CGFloat = 0 { didSet { if spacing != oldValue { arrangementChanged() } } }
    /// Whether the arranged views are placed within `layoutMargins` instead of the bounds.
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementChanged() } }
    }
    /// Vertical stacks: spacing measured from a view's last baseline to the next one's first baseline.
    open var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { arrangementChanged() } }
    }

    /// Makes an empty horizontal stack with the given frame: `.fill` distribution and alignment, spacing 0.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// UIKit's is not failable, so subclasses write `required init(coder: NSCoder)`. Archives are not read
    /// (as for every Strata view): this makes an empty stack.
    public required init(coder: NSCoder) {
        super.init(frame: .zero)
    }

    /// Makes a stack with a zero frame that arranges `views` in order: each becomes a subview, with
    /// `translatesAutoresizingMaskIntoConstraints` set to false.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    open override class var requiresConstraintBasedLayout: Bool { true }

    /// Adds `view` at the end of the arrangement (and as the last subview if it is not one).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arranged.count)
    }

    /// Puts `view` at `stackIndex` of the arrangement (clamped to the count; UIKit raises out of range), moving it
    /// if it is arranged already; it becomes a subview if it is not one.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { return }
        arranged.removeAll { $0 === view }
        arranged.insert(view, at: min(max(stackIndex, 0), arranged.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Takes `view` out of the arrangement; it stays a subview (UIKit's rule) and keeps its frame.
    open func removeArrangedSubview(_ view: UIView) {
        guard arranged.contains(where: { $0 === view }) else { return }
        arranged.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        // Its constraints go now, so that nothing places it before the next update pass.
        let naming = generatedConstraints.filter { $0.firstItem === view || $0.secondItem === view }
        NSLayoutConstraint.deactivate(naming)
        generatedConstraints.removeAll { constraint in naming.contains { $0 === constraint } }
        arrangementChanged()
    }

    /// A subview leaving the stack leaves the arrangement too.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// The space after `arrangedSubview` instead of `spacing` (`spacingUseDefault` removes it).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        let key = ObjectIdentifier(arrangedSubview)
        let value: CGFloat? = spacing == Self.spacingUseDefault ? nil : spacing
        guard customSpacings[key] != value else { return }
        customSpacings[key] = value
        arrangementChanged()
    }

    /// The spacing set after `arrangedSubview` with `setCustomSpacing(_:after:)`, else `spacingUseDefault`
    /// (the stack's `spacing` applies).
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    open override func updateConstraints() {
        let inputs = arranged.map { ArrangedInput($0, axis) }
        // A button's highlight or a label's same-size text invalidates its size: the solver keeps its constraints.
        if needsArrangement || inputs != madeFrom {
            needsArrangement = false
            madeFrom = inputs
            regenerateConstraints()
        }
        super.updateConstraints()
    }

    /// An arranged view was hidden or shown (it collapses or takes its place again), or its content size or
    /// priorities changed (the tie-breaking and proportional constraints hold them).
    func arrangedSubviewChanged(_ view: UIView) {
        guard arranged.contains(where: { $0 === view }) else { return }
        setNeedsUpdateConstraints()
        superview?.setNeedsLayout()
    }

    /// Asks for new constraints; the superview is marked too, since the stack's own size may follow.
    func arrangementChanged() {
        needsArrangement = true
        setNeedsUpdateConstraints()
        superview?.setNeedsLayout()
    }
}

/// What an arranged view gives the generated constraints: whether it is shown, its intrinsic length along
/// the axis and its priorities there.
private struct ArrangedInput: Equatable {
    let hidden: Bool
    let length: CGFloat
    let hugging: UILayoutPriority
    let resistance: UILayoutPriority

    @MainActor init(_ view: UIView, _ axis: NSLayoutConstraint.Axis) {
        hidden = view.isHidden
        let size = view.intrinsicContentSize
        length = axis == .horizontal ? size.width : size.height
        hugging = view.contentHuggingPriority(for: axis)
        resistance = view.contentCompressionResistancePriority(for: axis)
    }
}
