/// A mask view (UIKit's `mask`, declared in UIView.swift): its layer becomes the view's layer's `mask`, so
/// the server masks the view's layer and subtree by the mask view's alpha (the `mask` row of <doc:Status#CALayer-properties-(spec-§13)>). As in
/// UIKit, the mask view lives outside every view hierarchy: it has no superview and is not a subview.
extension UIView {
    func setMask(_ newMask: UIView?) {
        guard newMask !== maskStorage else { return }
        if let newMask {
            // UIKit's rule: a view in a hierarchy (or a window, or this view itself) cannot be a mask. Core
            // Animation leaves a mask with a superlayer undefined; Strata refuses it and keeps the old mask.
            guard newMask.superview == nil, !(newMask is UIWindow), newMask !== self else {
                StrataLog.logger.error("unsupported: UIView.mask: \(type(of: newMask)) is in a view hierarchy (or is a window or the view itself); a mask view must have no superview")
                return
            }
            if let owner = newMask.maskedView { owner.mask = nil }
        }
        maskStorage?.maskedView = nil
        maskStorage = newMask
        newMask?.maskedView = self
        layer.mask = newMask?.layer
    }
}
