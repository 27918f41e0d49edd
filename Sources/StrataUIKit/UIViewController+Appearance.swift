/// The appearance callbacks (`viewWillAppear`, `viewDidAppear`, `viewWillDisappear`, `viewDidDisappear`), sent as
/// UIKit sends them: when a controller's view enters or leaves a window that is on screen, and when such a
/// window is shown or hidden. A window is on screen from `makeKeyAndVisible()` until it is hidden
/// (`UIApplication.windows`). Each callback is sent once per transition: a view moved within a visible
/// window sends none, and a second "appear" while appearing is ignored.
extension UIViewController {
    /// Where the controller is in its appearance cycle.
    enum Appearance { case disappeared, appearing, appeared, disappearing }

    /// Starts an appearance (`true`) or disappearance transition, unless the controller is already in or
    /// towards that state: `viewWillAppear(animated)` or `viewWillDisappear(animated)`.
    func beginAppearance(_ appearing: Bool, animated: Bool) {
        switch (appearing, appearance) {
        case (true, .disappeared), (true, .disappearing):
            appearance = .appearing
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearance = .disappearing
            viewWillDisappear(animated)
        default: break
        }
    }

    /// Ends the transition under way: `viewDidAppear(animated)` or `viewDidDisappear(animated)`.
    func endAppearance(animated: Bool) {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(animated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(animated)
        default: break
        }
    }

    /// Whether UIKit would forward appearance to this controller by itself: unless its parent opted out
    /// (`shouldAutomaticallyForwardAppearanceMethods` false: the parent then calls
    /// `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()` on it).
    var receivesForwardedAppearance: Bool { parent?.shouldAutomaticallyForwardAppearanceMethods ?? true }
}

extension UIView {
    /// Whether `window` is on screen (shown with `makeKeyAndVisible()` and not hidden since).
    static func isOnScreen(_ window: UIWindow?) -> Bool {
        guard let window else { return false }
        return UIApplication.shared.windows.contains { $0 === window }
    }

    /// The controllers whose views are this view or lie under it, parents before their children
    /// (depth first, in subview order), skipping those whose parent forwards appearance itself.
    func appearanceControllers() -> [UIViewController] {
        var found: [UIViewController] = []
        func visit(_ view: UIView) {
            if let controller = view.owningController, controller.receivesForwardedAppearance { found.append(controller) }
            for sub in view.subviews { visit(sub) }
        }
        visit(self)
        return found
    }
}
