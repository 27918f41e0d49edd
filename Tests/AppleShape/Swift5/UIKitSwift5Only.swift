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
