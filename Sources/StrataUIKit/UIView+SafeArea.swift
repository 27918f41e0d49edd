/// Safe areas: the part of a view that the output's bezel (`safe-area-insets` in the server's
/// configuration) and the controllers' `additionalSafeAreaInsets` leave uncovered. As UIKit computes them, a
/// window's insets are its screen's (the part of them over the window); any other view's are the part of its
/// superview's safe-area insets that overlap it, in its own coordinates, plus its controller's
/// `additionalSafeAreaInsets` when it is a controller's root view. A view in no visible window has none.
/// The insets are computed when read; `safeAreaInsetsDidChange()` is called when they differ from what the
/// view was last told: after a geometry change through the view, a move in the hierarchy, a layout pass, a
/// window shown or hidden, or new `additionalSafeAreaInsets`.
extension UIView {
    /// The insets as UIKit defines them (the open `safeAreaInsets` returns this).
    func computedSafeAreaInsets() -> UIEdgeInsets {
        var insets: UIEdgeInsets
        if let window = self as? UIWindow {
            guard UIApplication.shared.windows.contains(where: { $0 === window }) else { return .zero }
            let screen = window.screen
            // The window's frame is in the screen's space; its bounds may be scrolled or scaled.
            let safe = screen.bounds.inset(by: screen.safeAreaInsets)
            insets = Self.overlap(of: window.convertFromScreen(safe), on: window.bounds)
        } else {
            guard let superview, window != nil else { return .zero }
            // While the superview tells its subviews, its insets are the ones it just worked out.
            let parentSafe = superview.bounds.inset(by: superview.insetsBeingTold ?? superview.safeAreaInsets)
            insets = Self.overlap(of: convert(parentSafe, from: superview), on: bounds)
        }
        if let extra = owningController?.additionalSafeAreaInsets, extra != .zero {
            insets = UIEdgeInsets(top: insets.top + extra.top, left: insets.left + extra.left,
                                  bottom: insets.bottom + extra.bottom, right: insets.right + extra.right)
        }
        return insets
    }

    /// How far `safe` (in the same coordinates as `bounds`) stays in from each edge of `bounds`, each at
    /// least 0 and at most the bounds' size on its axis.
    static func overlap(of safe: CGRect, on bounds: CGRect) -> UIEdgeInsets {
        func clamp(_ v: CGFloat, _ most: CGFloat) -> CGFloat { min(max(v, 0), max(most, 0)) }
        return UIEdgeInsets(top: clamp(safe.minY - bounds.minY, bounds.height), left: clamp(safe.minX - bounds.minX, bounds.width),
                            bottom: clamp(bounds.maxY - safe.maxY, bounds.height), right: clamp(bounds.maxX - safe.maxX, bounds.width))
    }

    /// Tells the view (and its controller) when its insets differ from the last it was told, then its
    /// subviews, whose insets follow from its own. `subviewsToo` looks at the subviews even when the view's
    /// own insets stayed (its bounds changed under them); `relayout` false inside the view's own layout pass.
    func refreshSafeArea(subviewsToo: Bool = false, relayout: Bool = true) {
        let now = safeAreaInsets
        let changed = now != toldSafeAreaInsets
        if changed {
            toldSafeAreaInsets = now
            safeAreaInsetsDidChange()
            owningController?.viewSafeAreaInsetsDidChange()
            if insetsLayoutMarginsFromSafeArea { layoutMarginsDidChange() }
            if relayout { setNeedsLayout() }
        }
        guard changed || subviewsToo else { return }
        // Each subview's insets follow from these: worked out once here, not again up the tree per subview
        // (a scroll view's 200 rows, each asking up to the window, made every scroll step cost the app 20–70 ms).
        // A pass inside this one (a subview's callback changing this view's geometry) leaves none: what is left
        // of the outer pass works them out afresh.
        insetsBeingTold = now
        defer { insetsBeingTold = nil }
        for sub in subviews { sub.refreshSafeArea(subviewsToo: false) }
    }

    /// The margins with the safe area added on each edge when `insetsLayoutMarginsFromSafeArea` (UIKit's
    /// layout margins are measured from the safe area's edges then).
    func effectiveLayoutMargins(_ own: UIEdgeInsets) -> UIEdgeInsets {
        guard insetsLayoutMarginsFromSafeArea else { return own }
        let safe = safeAreaInsets
        return UIEdgeInsets(top: own.top + safe.top, left: own.left + safe.left, bottom: own.bottom + safe.bottom, right: own.right + safe.right)
    }
}

extension UIView {
    /// After the view's frame, bounds, centre or transform changed through the view.
    func geometryChangedForSafeArea() {
        if window != nil { refreshSafeArea(subviewsToo: true) }
    }
}

extension UIWindow {
    /// `rect` in the screen's points as this window's coordinates (the window's frame is in the screen's).
    func convertFromScreen(_ rect: CGRect) -> CGRect {
        let f = frame, b = bounds
        let sx = f.width > 0 ? b.width / f.width : 1, sy = f.height > 0 ? b.height / f.height : 1
        return CGRect(x: b.minX + (rect.minX - f.minX) * sx, y: b.minY + (rect.minY - f.minY) * sy,
                      width: rect.width * sx, height: rect.height * sy)
    }
}
