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
    /// Changes each time something changes what a tree's engine lists beyond its volatile values
    /// (`LayoutSources`) and constants: constraints installed or removed, priorities, the view hierarchy,
    /// translating or not, intrinsic sizes, directions, layout guides. One count for all trees: a change in
    /// one makes every engine list its tree again once (an app has one window, and such changes are rare
    /// next to constant changes and frames).
    private(set) static var structure: UInt64 = 0
    static func structureChanged() { structure &+= 1 }
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
