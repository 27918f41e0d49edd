import Foundation

/// A view's Auto Layout state, made when first used so that views laid out by frames carry none of it.
@MainActor
final class ViewAutoLayout {
    lazy var variables = ItemVariables()
    /// Active constraints installed here, in activation order (the engine adds them in this order).
    var installed: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    /// Indexed by `NSLayoutConstraint.Axis.rawValue`; UIKit's defaults.
    var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var needsUpdateConstraints = false
    var updateConstraintsCalledSuper = false
    /// The engine, on the root of a tree that has constraints.
    var engine: LayoutEngine?

    /// How many constraints are installed anywhere: while none are, layout never walks a tree for them.
    static var installedCount = 0
    /// How many views asked for `updateConstraints()`: while none did, the update pass walks nothing.
    static var pendingUpdates = 0
}

extension UIView {
    var autoLayout: ViewAutoLayout {
        if let made = autoLayoutStorage { return made }
        let made = ViewAutoLayout()
        autoLayoutStorage = made
        return made
    }
}
