import Foundation

/// Auto Layout on a view: installing constraints, anchors, layout guides, the constraint-update pass, the
/// layout direction, and handing the engine's frames to subviews.
extension UIView {
    // The open members these serve are declared in UIView.swift, where subclasses can override them.

    func xAnchor(_ attribute: NSLayoutConstraint.Attribute) -> NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: attribute) }
    func yAnchor(_ attribute: NSLayoutConstraint.Attribute) -> NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: attribute) }
    func dimension(_ attribute: NSLayoutConstraint.Attribute) -> NSLayoutDimension { NSLayoutDimension(item: self, attribute: attribute) }

    /// `addLayoutGuide(_:)`: the guide leaves the view it was in.
    func adopt(_ guide: UILayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayout.guides.append(guide)
        ViewAutoLayout.structureChanged()
        setNeedsLayout()
    }

    /// `removeLayoutGuide(_:)`.
    func letGo(of guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        autoLayout.guides.removeAll { $0 === guide }
        guide.owningView = nil
        ViewAutoLayout.structureChanged()
        setNeedsLayout()
    }

    /// `layoutMarginsGuide` and `safeAreaLayoutGuide`, made on first use and kept.
    func systemGuide(_ slot: ReferenceWritableKeyPath<ViewAutoLayout, UILayoutGuide?>, _ binding: LayoutGuideBinding,
                     _ name: String) -> UILayoutGuide {
        if let made = autoLayout[keyPath: slot] { return made }
        let guide = UILayoutGuide()
        guide.identifier = name
        guide.binding = binding
        addLayoutGuide(guide)
        autoLayout[keyPath: slot] = guide
        return guide
    }

    func resolvedLayoutDirection() -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: superview?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
        }
    }

    func nearestCommonAncestor(with other: UIView) -> UIView? {
        var mine = Set<ObjectIdentifier>()
        var v: UIView? = self
        while let view = v { mine.insert(ObjectIdentifier(view)); v = view.superview }
        v = other
        while let view = v {
            if mine.contains(ObjectIdentifier(view)) { return view }
            v = view.superview
        }
        return nil
    }

    func install(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn == nil else { return }
        constraint.installedOn = self
        autoLayout.installed.append(constraint)
        ViewAutoLayout.installedCount += 1
        ViewAutoLayout.structureChanged()
        constraint.itemsNeedLayout()
        setNeedsLayout()
    }

    func uninstall(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn === self else { return }
        constraint.itemsNeedLayout()
        constraint.installedOn = nil
        autoLayout.installed.removeAll { $0 === constraint }
        ViewAutoLayout.installedCount -= 1
        ViewAutoLayout.structureChanged()
        setNeedsLayout()
    }

    /// The engine of the tree this view is in, made on its root while any constraint is installed.
    var layoutEngineIfActive: LayoutEngine? {
        guard ViewAutoLayout.installedCount > 0 else { return nil }
        let root = rootView
        if let engine = root.autoLayout.engine { return engine }
        let made = LayoutEngine(root: root)
        root.autoLayout.engine = made
        return made
    }

    /// The constraint-update pass: `updateConstraints()` on every view of the subtree that asked, deepest first.
    func runConstraintUpdates() {
        guard ViewAutoLayout.pendingUpdates > 0 else { return }
        for sub in subviews { sub.runConstraintUpdates() }
        guard autoLayout.needsUpdateConstraints else { return }
        autoLayout.needsUpdateConstraints = false
        ViewAutoLayout.pendingUpdates -= 1
        autoLayout.updateConstraintsCalledSuper = false
        if let controller = owningController { controller.updateViewConstraints() } else { updateConstraints() }
        if !autoLayout.updateConstraintsCalledSuper {
            let method = owningController.map { "\(type(of: $0)).updateViewConstraints()" } ?? "\(type(of: self)).updateConstraints()"
            StrataLog.logger.error("\(method) did not call super, which UIKit requires")
        }
    }

    /// UIKit's base `layoutSubviews()`: subviews placed by constraints get the engine's frames.
    func applyEngineFrames() {
        // Only a view with a subview placed by constraints pays for a pass (which walks the tree).
        guard subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }),
              let engine = layoutEngineIfActive else { return }
        engine.syncAndSolve()
        for sub in subviews where !sub.translatesAutoresizingMaskIntoConstraints {
            guard let frame = engine.frame(of: sub) else { continue }
            if sub.frame != frame { sub.frame = frame }
        }
    }
}
