import Foundation
import StrataUIKit

// Apple-shaped uses of UIScrollView, its delegate and UIPinchGestureRecognizer: each compiles as written
// for iOS, with only `import UIKit` -> `import StrataUIKit`.

// A paging controller: the delegate moves the target, as iOS code does through the pointer.
final class PagingController: UIViewController, UIScrollViewDelegate {
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
    let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 640, height: 480))
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.delegate = self
        scrollView.contentSize = CGSize(width: 960, height: 240)
        scrollView.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        scrollView.decelerationRate = .fast
        scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: 0.995)
        scrollView.isPagingEnabled = false
        scrollView.bounces = true
        scrollView.alwaysBounceVertical = false
        scrollView.alwaysBounceHorizontal = true
        scrollView.showsVerticalScrollIndicator = false
        scrollView.showsHorizontalScrollIndicator = true
        scrollView.isScrollEnabled = true
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 4
        scrollView.bouncesZoom = true
        scrollView.addSubview(imageView)
        view.addSubview(scrollView)
        scrollView.panGestureRecognizer.maximumNumberOfTouches = 2
        _ = scrollView.pinchGestureRecognizer?.scale
        _ = scrollView.adjustedContentInset
        _ = (scrollView.isTracking, scrollView.isDragging, scrollView.isDecelerating, scrollView.isZooming, scrollView.isZoomBouncing)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { log.append("scroll \(scrollView.contentOffset.x)") }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.append("begin") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let page = (targetContentOffset.pointee.x / scrollView.bounds.width).rounded()
        targetContentOffset.pointee = CGPoint(x: page * scrollView.bounds.width, y: 0)
        _ = velocity.x // points per millisecond
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { log.append("end \(decelerate)") }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { imageView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    func scrollViewDidZoom(_ scrollView: UIScrollView) { _ = scrollView.zoomScale }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}

    func jump() {
        scrollView.setContentOffset(CGPoint(x: 320, y: 0), animated: true)
        scrollView.scrollRectToVisible(CGRect(x: 700, y: 0, width: 10, height: 10), animated: false)
        scrollView.setZoomScale(2, animated: true)
        scrollView.zoom(to: CGRect(x: 0, y: 0, width: 100, height: 100), animated: false)
        scrollView.zoomScale = 1
        scrollView.contentOffset = .zero
        scrollView.flashScrollIndicators()
    }
}

// A scroll view subclass overrides what UIKit's subclasses do (tiling views, infinite scrollers).
final class TilingScrollView: UIScrollView {
    var moves = 0
    override var contentOffset: CGPoint { didSet { moves += 1 } }
    override var contentSize: CGSize { didSet { } }
    override func layoutSubviews() { super.layoutSubviews() }
    override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { super.setContentOffset(contentOffset, animated: animated) }
    override func scrollRectToVisible(_ rect: CGRect, animated: Bool) { super.scrollRectToVisible(rect, animated: animated) }
    override func adjustedContentInsetDidChange() { super.adjustedContentInsetDidChange() }
}

// A pinch with a target-action handler that resets the scale each change, as iOS code does.
final class PinchController: UIViewController {
    var total: CGFloat = 1

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: PinchController.pinched))
    }

    func pinched(_ recognizer: UIPinchGestureRecognizer) {
        guard recognizer.state == .changed else { return }
        total *= recognizer.scale
        recognizer.scale = 1
        _ = recognizer.velocity
    }
}

// A pinch subclass overrides the touch methods with UIKit's signatures.
final class LoggingPinch: UIPinchGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func reset() { super.reset() }
}
