import Foundation
import Strata
import Testing

/// A popular UIView animation library's presets: five values with six key times.
@Suite struct KeyframeProbes {
    @Test func theShakePresetIsAccepted() {
        let layer = CALayer()
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position.x"
        animation.values = [0, 30, -30, 30, 0]
        animation.keyTimes = [0, 0.2, 0.4, 0.6, 0.8, 1]
        animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, 1.1 + 0.7 / 3, 1, 1)
        animation.duration = 0.7
        animation.isAdditive = true
        animation.repeatCount = 1
        animation.beginTime = CACurrentMediaTime() + 0.1
        layer.add(animation, forKey: "shake")
        #expect(layer.animation(forKey: "shake") != nil)
    }
}
