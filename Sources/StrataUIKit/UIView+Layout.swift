/// Layout: the layer's layout pass (at commit, or `layoutIfNeeded()`) calls `layoutSubviews()` on the view
/// (its controller hears `viewWillLayoutSubviews`/`viewDidLayoutSubviews` around it). Autoresizing is the
/// layer's: a view with an `autoresizingMask` (declared in UIView.swift) follows its superview's bounds.
extension UIView {
    /// Which parts of a view's frame stretch when its superview's bounds change size, with UIKit's raw values
    /// (the layer's `CAAutoresizingMask` underneath): on each axis the change is shared by the flexible parts in
    /// proportion to their lengths; with none flexible the view keeps its distance from the top and left edges.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The distance to the superview's left edge stretches (raw value 1).
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches (raw value 2).
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The distance to the superview's right edge stretches (raw value 4).
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The distance to the superview's top edge stretches (raw value 8).
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches (raw value 16).
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The distance to the superview's bottom edge stretches (raw value 32).
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    func performLayout() {
        // Autoresizing has just moved the subviews: their safe areas follow (UIView+SafeArea.swift).
        refreshSafeArea(relayout: false)
        // UIKit's constraint-update pass runs before layout, deepest views first.
        runConstraintUpdates()
        owningController?.viewWillLayoutSubviews()
        layoutSubviews()
        owningController?.viewDidLayoutSubviews()
        for sub in subviews { sub.refreshSafeArea() }
    }
}
