/// Subviews: each view's layer is a sublayer of its superview's, in the subviews' order (a sublayer the app
/// added to a view's layer itself keeps its place among them). The open members that call these are
/// declared in UIView.swift, where subclasses can override them.
extension UIView {
    /// Adds `view` at the end of `subviews` (nil) or at `index` (clamped to the count).
    func place(_ view: UIView, at index: Int?) {
        guard view !== self else { return }
        insert(view) {
            let i = min(max(index ?? subviews.count, 0), subviews.count)
            if i < subviews.count {
                layer.insertSublayer(view.layer, below: subviews[i].layer)
            } else {
                layer.addSublayer(view.layer)
            }
            subviews.insert(view, at: i)
        }
    }

    /// Inserts `view` just above or below `sibling`; at the end when `sibling` is not a subview.
    func place(_ view: UIView, besides sibling: UIView, above: Bool) {
        guard let i = subviews.firstIndex(of: sibling) else { addSubview(view); return }
        insertSubview(view, at: above ? i + 1 : i)
    }

    func detachFromSuperview() {
        guard let parent = superview else { return }
        ViewAutoLayout.structureChanged()
        let oldWindow = window
        let oldTint = tintColor
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWindowChange(to: nil) }
        parent.subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        superview = nil
        didMoveToSuperview()
        if oldWindow != nil { notifyDidMoveToWindow() }
        notifyTintChange(from: oldTint)
        refreshSafeArea()
    }

    /// `bringSubviewToFront` (true) and `sendSubviewToBack`.
    func moveSubview(_ view: UIView, toFront: Bool) {
        guard let i = subviews.firstIndex(of: view) else { return }
        ViewAutoLayout.structureChanged() // the engine lists constraints in the subviews' order
        subviews.remove(at: i)
        if toFront {
            subviews.append(view)
            layer.addSublayer(view.layer)
        } else {
            subviews.insert(view, at: 0)
            layer.insertSublayer(view.layer, at: 0)
        }
    }

    func swapSubviews(_ a: Int, _ b: Int) {
        guard subviews.indices.contains(a), subviews.indices.contains(b), a != b else { return }
        ViewAutoLayout.structureChanged()
        let (low, high) = (min(a, b), max(a, b))
        let lowLayer = subviews[low].layer, highLayer = subviews[high].layer
        subviews.swapAt(low, high)
        guard let sublayers = layer.sublayers, let i = sublayers.firstIndex(where: { $0 === lowLayer }),
              let j = sublayers.firstIndex(where: { $0 === highLayer }) else { return }
        // [… low, between…, high …] becomes [… high, between…, low …].
        layer.insertSublayer(highLayer, at: UInt32(i))
        // Within one superlayer an index past the layer's own counts it still in place (CALayer's rule).
        layer.insertSublayer(lowLayer, at: UInt32(j + 1))
    }

    /// Whether this view is `view` or lies under it (its subview, or a subview's, and so on).
    public func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// This view or the first of its descendants (depth first) whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for sub in subviews { if let found = sub.viewWithTag(tag) { return found } }
        return nil
    }

    /// Takes `view` from where it is and runs `place` (which adds it to `subviews` and its layer here),
    /// telling both views as UIKit does.
    private func insert(_ view: UIView, place: () -> Void) {
        guard !isDescendant(of: view) else { return } // a view cannot contain its own ancestor
        ViewAutoLayout.structureChanged()
        let newWindow = window
        if view.superview === self {
            subviews.removeAll { $0 === view }
            place()
            return
        }
        if view.superview != nil { view.removeFromSuperview() }
        let oldTint = view.tintColor
        view.willMove(toSuperview: self)
        if newWindow != nil { view.notifyWindowChange(to: newWindow) }
        view.superview = self
        place()
        view.didMoveToSuperview()
        didAddSubview(view)
        if newWindow != nil { view.notifyDidMoveToWindow() }
        view.notifyTintChange(from: oldTint)
        view.refreshSafeArea()
        setNeedsLayout()
    }

    func notifyWindowChange(to newWindow: UIWindow?) {
        // A controller's view entering or leaving the screen: its will-appear or will-disappear, parents first.
        let onScreen = Self.isOnScreen(window), willBeOnScreen = Self.isOnScreen(newWindow)
        if onScreen != willBeOnScreen, let controller = owningController, controller.receivesForwardedAppearance {
            controller.beginAppearance(willBeOnScreen, animated: false)
        }
        willMove(toWindow: newWindow)
        for sub in subviews { sub.notifyWindowChange(to: newWindow) }
    }

    func notifyDidMoveToWindow() {
        if let window, contentScaleFollowsScreen { layer.contentsScale = window.screen.scale }
        didMoveToWindow()
        if let controller = owningController, controller.receivesForwardedAppearance { controller.endAppearance(animated: false) }
        for sub in subviews { sub.notifyDidMoveToWindow() }
    }
}
