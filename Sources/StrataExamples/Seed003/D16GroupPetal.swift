import StrataUIKit

// Seed 003 D16 (动画组): 5 s after the screen appears, a group of two animations runs for 10 s: the petal
// spins (`transform.rotation.z` to 3π/2, autoreversing, repeating forever, no duration of its own) while it
// falls along a cubic curve from (50, 150) to (55, 400) (a path keyframe animation). The children take the
// group's 10 s and are cut off at its end. When the group stops, its delegate reads the end values the
// children carry (key-value coding) and commits them without actions: position (55, 400), rotation 3π/2.

final class D16GroupPetalController: UIViewController, CAAnimationDelegate {
    var _layer: CALayer!
    /// How often animationDidStop ran.
    var stops = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // 设置背景(注意这个图片其实在根图层) (the background; no pattern colours in Strata: see D9)
        let backgroundImage = UIImage(named: "background.jpg")
        view.layer.contents = backgroundImage?.cgImage
        // 自定义一个图层 (a layer of our own)
        _layer = CALayer()
        _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        _layer.position = CGPoint(x: 50, y: 150)
        _layer.contents = UIImage(named: "petal.png")?.cgImage
        view.layer.addSublayer(_layer)
        // 创建动画 (make the animation)
        groupAnimation()
    }

    // MARK: 基础旋转动画 (the spin)
    func rotationAnimation() -> CABasicAnimation {
        let basicAnimation = CABasicAnimation(keyPath: "transform.rotation.z")
        let toValue = CGFloat.pi / 2 * 3
        basicAnimation.toValue = NSNumber(value: Float.pi / 2 * 3)
        // basicAnimation.duration = 6.0
        basicAnimation.autoreverses = true
        basicAnimation.repeatCount = .infinity
        basicAnimation.isRemovedOnCompletion = false
        basicAnimation.setValue(NSNumber(value: Double(toValue)), forKey: "KCBasicAnimationProperty_ToValue")
        return basicAnimation
    }

    // MARK: 关键帧移动动画 (the fall along a path)
    func translationAnimation() -> CAKeyframeAnimation {
        let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
        let endPoint = CGPoint(x: 55, y: 400)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: _layer.position.x, y: _layer.position.y))
        path.addCurve(to: endPoint, control1: CGPoint(x: 160, y: 280), control2: CGPoint(x: -30, y: 300))
        keyframeAnimation.path = path
        keyframeAnimation.setValue(NSValue(cgPoint: endPoint), forKey: "KCKeyframeAnimationProperty_EndPosition")
        return keyframeAnimation
    }

    // MARK: 创建动画组 (the group)
    func groupAnimation() {
        // 1.创建动画组 (make the group)
        let animationGroup = CAAnimationGroup()
        // 2.设置组中的动画和其他属性 (its animations and other properties)
        let basicAnimation = rotationAnimation()
        let keyframeAnimation = translationAnimation()
        animationGroup.animations = [basicAnimation, keyframeAnimation]
        animationGroup.delegate = self
        animationGroup.duration = 10.0 // 设置动画时间,如果动画组中动画已经设置过动画属性则不再生效 (children without their own)
        animationGroup.beginTime = CACurrentMediaTime() + 5 // 延迟五秒执行 (5 s from now)
        // 3.给图层添加动画 (add it to the layer)
        _layer.add(animationGroup, forKey: nil)
    }

    // MARK: - 代理方法 (the delegate)
    // MARK: 动画完成 (finished)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops += 1
        guard let animationGroup = anim as? CAAnimationGroup, let animations = animationGroup.animations, animations.count == 2
        else { return }
        let basicAnimation = animations[0]
        let keyframeAnimation = animations[1]
        guard let toValue = (basicAnimation.value(forKey: "KCBasicAnimationProperty_ToValue") as? NSNumber)?.doubleValue,
              let endPoint = (keyframeAnimation.value(forKey: "KCKeyframeAnimationProperty_EndPosition") as? NSValue)?.cgPointValue
        else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // 设置动画最终状态 (the final state)
        _layer.position = endPoint
        _layer.transform = CATransform3DMakeRotation(CGFloat(toValue), 0, 0, 1)
        CATransaction.commit()
    }
}
