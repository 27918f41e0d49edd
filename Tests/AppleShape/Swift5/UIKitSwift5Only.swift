import Foundation
import StrataUIKit

// What Swift 5 mode accepts where iOS is silent and Swift 6 is strict: UIKit's main-actor types are
// `@preconcurrency`, so these uses from nonisolated code are warnings at most, as against UIKit.

final class ScaleAwareLayer: CALayer {
    override func draw(in ctx: CGContext) {
        contentsScale = UIScreen.main.scale
        super.draw(in: ctx)
    }
}

final class TimerDrivenView: UIView {
    var ticks = 0

    func startTicking() {
        _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            self.ticks += 1
            self.setNeedsLayout()
        }
        _ = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main) { _ in
            self.backgroundColor = .red
        }
    }
}

/// A Swift 5 library's helper: nonisolated class methods that set views and run `UIView.animate` (issue 52).
/// Against UIKit they compile, as its main-actor annotations are imported `@preconcurrency`; so against
/// StrataUIKit (warnings at most).
final class FadeHelper {
    class func fadeIn(_ view: UIView, duration: TimeInterval = 0.3) {
        view.alpha = 0
        view.isHidden = false
        UIView.animate(withDuration: duration) { view.alpha = 1 }
    }

    class func pulse(_ view: UIView) {
        UIView.animate(withDuration: 0.2, animations: { view.transform = CGAffineTransform(scaleX: 1.1, y: 1.1) },
                       completion: { _ in view.transform = .identity })
        view.layer.cornerRadius = 4
    }
}
