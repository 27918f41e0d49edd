/// A view's animatable properties record their change into the open animation block themselves (UIKit
/// animates a view that is not on screen yet, e.g. from `viewDidLoad`, where Core Animation's action lookup
/// would not run).
extension UIView {
    func animatedSet(_ keys: [String], _ change: () -> Void) {
        // A wrapping label's intrinsic height follows its width, as UIKit's does: a new width invalidates it.
        let width = intrinsicContentSizeFollowsBounds && keys.contains("bounds") ? layer.bounds.width : nil
        defer {
            if keys.contains(where: { $0 == "position" || $0 == "bounds" || $0 == "transform" }) { geometryChangedForSafeArea() }
            if let width, layer.bounds.width != width { invalidateIntrinsicContentSize() }
        }
        guard let block = UIViewAnimationState.animatingBlock else { change(); return }
        let starts = keys.map { UIViewAnimationState.startValue(of: layer, $0, in: block) }
        UIViewAnimationState.settingThroughView += 1
        change()
        UIViewAnimationState.settingThroughView -= 1
        for (key, from) in zip(keys, starts) { block.record(view: self, layer: layer, key: key, from: from) }
    }
}

/// Whether two property values (as key-value coding gives them) are equal, for the types views animate;
/// values of other types count as different.
enum ValueEquality {
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x as CGPoint, y as CGPoint): return x == y
        case let (x as CGRect, y as CGRect): return x == y
        case let (x as CGSize, y as CGSize): return x == y
        case let (x as CGFloat, y as CGFloat): return x == y
        case let (x as Double, y as Double): return x == y
        case let (x as Float, y as Float): return x == y
        case let (x as CATransform3D, y as CATransform3D): return x == y
        case let (x as CGColor, y as CGColor): return x == y
        default: return false
        }
    }
}
