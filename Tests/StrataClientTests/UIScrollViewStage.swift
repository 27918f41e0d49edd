import Foundation
import Strata
import StrataPNG
import StrataProtocol
import StrataTesting
import StrataUIKit
import Testing

/// Runs `body` on the main actor from a test that is not on it (the app's handlers run on the main queue
/// while StrataTesting's steps wait for it), and commits what it changed there: the block may run on the
/// calling thread while it holds the main queue, and a view's layout must not be left to a commit made
/// off the main queue.
func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    try DispatchQueue.main.sync {
        let result = try MainActor.assumeIsolated { try body() }
        CATransaction.flush()
        return result
    }
}

/// A scroll view filling a 320 × 240 screen on a real server on the virtual clock, over content with a red
/// bar 2 points tall every 100 points (at 50, 150, …) and every 320 points across, whose place on screen
/// gives the offset the server shows.
@MainActor
final class ScrollScene {
    let window: UIWindow
    let scrollView: UIScrollView
    let content: UIView
    let recorder = ScrollDelegateRecorder()

    init(contentSize: CGSize) {
        window = UIWindow(frame: UIScreen.main.bounds)
        let controller = UIViewController()
        window.rootViewController = controller
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        scrollView.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        scrollView.showsVerticalScrollIndicator = false
        scrollView.showsHorizontalScrollIndicator = false
        content = UIView(frame: CGRect(origin: .zero, size: contentSize))
        for y in stride(from: 50, to: contentSize.height, by: 100) {
            let bar = UIView(frame: CGRect(x: 0, y: y, width: contentSize.width, height: 2))
            bar.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            content.addSubview(bar)
        }
        scrollView.addSubview(content)
        scrollView.contentSize = contentSize
        scrollView.delegate = recorder
        recorder.scrollView = scrollView
        controller.view.addSubview(scrollView)
        window.makeKeyAndVisible()
    }
}

/// The delegate calls, in order (consecutive `didScroll`s once), and what the app saw at release.
@MainActor
final class ScrollDelegateRecorder: UIScrollViewDelegate {
    weak var scrollView: UIScrollView?
    var calls: [String] = []
    var scrolls = 0
    var releaseTime: CFTimeInterval = 0
    var releaseOffset = CGPoint.zero
    /// Points per second, as the delegate heard it (UIKit gives points per millisecond).
    var releaseVelocity = CGPoint.zero
    var proposedTarget = CGPoint.zero
    /// A target to impose in `scrollViewWillEndDragging`.
    var overrideTarget: CGPoint?
    var zoomView: UIView?
    var zoomEnds: [CGFloat] = []

    private func note(_ call: String) {
        if call == "didScroll" { scrolls += 1 }
        if call == "didScroll", calls.last == "didScroll" { return }
        calls.append(call)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { note("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { note("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        note("willEndDragging")
        releaseTime = CACurrentMediaTime()
        releaseOffset = scrollView.contentOffset
        releaseVelocity = CGPoint(x: velocity.x * 1000, y: velocity.y * 1000)
        proposedTarget = targetContentOffset.pointee
        if let overrideTarget { targetContentOffset.pointee = overrideTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { note("didEndDragging(\(decelerate))") }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { note("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { note("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { note("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { note("didZoom") }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { note("willBeginZooming") }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        note("didEndZooming")
        zoomEnds.append(scale)
    }
}

/// What the server shows: the centre (in points from the top) of the red bar nearest `expected`, measured
/// from a snapshot's red coverage row by row (an antialiased edge counts by its coverage).
func shownBarCentre(_ image: RGBAImage, near expected: Double, column: Int = 160) -> Double? {
    var weight = 0.0, sum = 0.0
    let lo = max(0, Int(expected) - 20), hi = min(image.height - 1, Int(expected) + 20)
    guard lo <= hi else { return nil }
    for y in lo...hi {
        let red = Double(image.pixel(x: column, y: y).r) / 255
        weight += red
        sum += red * (Double(y) + 0.5)
    }
    return weight > 0.5 ? sum / weight : nil
}

/// A server on the virtual clock (320 × 240, 60 Hz), the app's connection to it and a scroll scene, with
/// its first frame drawn.
struct ScrollStage {
    let server: StrataTestServer
    let connection: StrataConnection
    let scene: ScrollScene

    init(contentSize: CGSize, configure: @MainActor (ScrollScene) -> Void = { _ in }) throws {
        server = try StrataTestServer(width: 320, height: 240)
        connection = try server.connect()
        scene = onMain { ScrollScene(contentSize: contentSize) }
        let scene = scene
        onMain { configure(scene) }
        try server.advance(frames: 1)
    }

    func close() {
        onMain { scene.window.isHidden = true }
        connection.close()
        server.stop()
    }

    /// The offset the app reads now (the presentation value while a motion runs).
    var offset: CGPoint { onMain { scene.scrollView.contentOffset } }
    var calls: [String] { onMain { scene.recorder.calls } }
}
