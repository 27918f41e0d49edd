/// Layout: the layer's layout pass (at commit, or `layoutIfNeeded()`) calls `layoutSubviews()` on the view
/// (its controller hears `viewWillLayoutSubviews`/`viewDidLayoutSubviews` around it). Autoresizing is the
/// layer's: a view with an `autoresizingMask` (declared in UIView.swift) follows its superview's bounds.
extension UIView {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
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
