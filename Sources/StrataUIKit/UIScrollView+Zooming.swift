import Foundation

/// A pinch under way: the zoom scale over the pinch's own scale when it began, and the point of the
/// unscaled content that was under the fingers then.
struct ZoomState {
    var startScale: CGFloat = 1
    var anchor = CGPoint.zero
}

/// The scroll view's pinch (UIKit's private subclass); its target is the scroll view.
@MainActor
final class ScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {
    init(scrollView: UIScrollView) {
        super.init(target: nil, action: nil)
        addTarget(scrollView, action: Selector(UIScrollView.handlePinch))
    }
}

/// Zooming: the delegate's `viewForZooming(in:)` is scaled by `zoomScale` (its transform), kept at the
/// content's origin, and `contentSize` is its scaled size. A pinch zooms about the fingers' centroid;
/// past `minimumZoomScale`…`maximumZoomScale` it goes on with resistance when `bouncesZoom` (the scale
/// beyond the limit grows as the square root of the pinch's: **choice**, UIKit publishes none) and springs
/// back to the limit when the fingers lift, else it stops at the limit.
extension UIScrollView {
    /// How long an animated zoom (and the bounce back to a limit) takes. **Choice**.
    static let zoomAnimationDuration: TimeInterval = 0.3

    func attachPinchIfZoomable() {
        if maximumZoomScale > minimumZoomScale {
            if !(gestureRecognizers ?? []).contains(pinch) {
                pinch.delegate = gestureCoordinator
                addGestureRecognizer(pinch)
            }
        } else if (gestureRecognizers ?? []).contains(pinch) {
            removeGestureRecognizer(pinch)
        }
    }

    /// `setZoomScale(_:animated:)`: zooms to `scale` (clamped to the limits) about the centre of what is shown.
    func zoomTo(scale: CGFloat, animated: Bool) {
        let clamped = min(max(scale, minimumZoomScale), maximumZoomScale)
        let size = super.bounds.size
        let center = CGPoint(x: presentedOffset.x + size.width / 2, y: presentedOffset.y + size.height / 2)
        zoom(to: clamped, about: center, at: CGPoint(x: size.width / 2, y: size.height / 2), animated: animated)
    }

    /// `zoom(to:animated:)`: zooms so that `rect` (in the zoomed view's coordinates) fills the bounds as far
    /// as the limits allow, centred on it.
    func zoomTo(rect: CGRect, animated: Bool) {
        guard delegate?.viewForZooming(in: self) != nil, rect.width > 0, rect.height > 0 else { return }
        let size = super.bounds.size
        let scale = min(max(min(size.width / rect.width, size.height / rect.height), minimumZoomScale), maximumZoomScale)
        let contentCenter = CGPoint(x: rect.midX * scale, y: rect.midY * scale)
        let offset = CGPoint(x: contentCenter.x - size.width / 2, y: contentCenter.y - size.height / 2)
        applyZoom(scale, offset: offset, animated: animated)
    }

    /// Zooms to `scale`, keeping the content point `anchor` (scroll view coordinates, at the current scale)
    /// at `screenPoint` (from the bounds' top-left).
    func zoom(to scale: CGFloat, about anchor: CGPoint, at screenPoint: CGPoint, animated: Bool) {
        let ratio = scale / currentZoomScale
        let offset = CGPoint(x: anchor.x * ratio - screenPoint.x, y: anchor.y * ratio - screenPoint.y)
        applyZoom(scale, offset: offset, animated: animated)
    }

    /// Scales the zoomed view, sets the content size and the offset (clamped to the new range unless a
    /// pinch is past a limit), and tells the delegate.
    private func applyZoom(_ scale: CGFloat, offset: CGPoint, animated: Bool) {
        guard let view = delegate?.viewForZooming(in: self), scale > 0, scale.isFinite else { return }
        stopMotion()
        let apply = { [self] in
            let unscaled = view.bounds.size
            view.transform = CGAffineTransform(scaleX: scale, y: scale)
            view.center = CGPoint(x: unscaled.width * scale / 2, y: unscaled.height * scale / 2)
            currentZoomScale = scale
            contentSize = CGSize(width: unscaled.width * scale, height: unscaled.height * scale)
            let range = offsetRange
            moveOffset(to: CGPoint(x: min(max(offset.x, range.minX), range.maxX), y: min(max(offset.y, range.minY), range.maxY)))
            delegate?.scrollViewDidZoom(self)
        }
        guard animated else { apply(); return }
        UIView.animate(withDuration: Self.zoomAnimationDuration, delay: 0, options: [.beginFromCurrentState], animations: apply,
                       completion: { [weak self] _ in
                           guard let self, self.zoomBouncing else { return }
                           self.zoomBouncing = false
                           self.delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
                       })
    }

    /// The pinch's action.
    func handlePinch(_ recognizer: UIGestureRecognizer) {
        guard let pinch = recognizer as? UIPinchGestureRecognizer, let view = delegate?.viewForZooming(in: self) else { return }
        switch pinch.state {
        case .began:
            zooming = true
            let centroid = pinch.location(in: self)
            zoomGesture = ZoomState(startScale: currentZoomScale / pinch.scale,
                                    anchor: CGPoint(x: centroid.x / currentZoomScale, y: centroid.y / currentZoomScale))
            delegate?.scrollViewWillBeginZooming(self, with: view)
            followPinch(pinch)
        case .changed:
            followPinch(pinch)
        case .ended, .cancelled:
            zooming = false
            let limit = min(max(currentZoomScale, minimumZoomScale), maximumZoomScale)
            if limit != currentZoomScale {
                zoomBouncing = true
                setZoomScale(limit, animated: true)
            } else {
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
            }
        default:
            break
        }
    }

    /// The scale the pinch asks for, resisted past the limits when `bouncesZoom`, else held at them, with
    /// the content point that was under the fingers when it began kept under their centroid (so moving
    /// both fingers pans too).
    private func followPinch(_ pinch: UIPinchGestureRecognizer) {
        let wanted = zoomGesture.startScale * pinch.scale
        let scale = Self.resistedZoom(wanted, minimum: minimumZoomScale, maximum: maximumZoomScale, bounces: bouncesZoom)
        let centroid = pinch.location(in: self), origin = super.bounds.origin
        let onScreen = CGPoint(x: centroid.x - origin.x, y: centroid.y - origin.y)
        let anchor = zoomGesture.anchor
        applyZoom(scale, offset: CGPoint(x: anchor.x * scale - onScreen.x, y: anchor.y * scale - onScreen.y), animated: false)
    }

    /// A pinch's scale past the limits: the limit times the square root of how far past it the pinch is
    /// (so 4× past the maximum shows 2×), or the limit itself without `bounces`.
    static func resistedZoom(_ wanted: CGFloat, minimum: CGFloat, maximum: CGFloat, bounces: Bool) -> CGFloat {
        if wanted > maximum { return bounces ? maximum * (wanted / maximum).squareRoot() : maximum }
        if wanted < minimum { return bounces ? minimum * (wanted / minimum).squareRoot() : minimum }
        return wanted
    }
}
