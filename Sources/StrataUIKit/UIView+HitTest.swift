/// Hit testing, as UIKit does it on the model (not what an animation shows): a view that is hidden, takes
/// no touches, is nearly transparent (alpha < 0.01) or is being animated by a block without
/// `.allowUserInteraction` is skipped with its subviews; so is a point outside a view's bounds, even over a
/// subview that sticks out (UIKit's rule); the front-most subview that is hit wins.
extension UIView {
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, animationsBlockingInteraction == 0,
              self.point(inside: point, with: event) else { return nil }
        for sub in subviews.reversed() {
            if let hit = sub.hitTest(sub.convert(point, from: self), with: event) { return hit }
        }
        return self
    }
}
