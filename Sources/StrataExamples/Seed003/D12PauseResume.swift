import StrataUIKit

// Seed 003 D12 (媒体时间, 暂停和恢复): D11's move and spin, kept after they end (removedOnCompletion NO),
// the spin repeating forever. The first tap starts them; later taps pause the petal's layer (its time
// frozen: timeOffset = its local time now, speed 0) and resume it (beginTime = now − timeOffset,
// timeOffset 0, speed 1). When the move ends the delegate commits its end position and pauses the layer,
// so the spin stops too; a later tap resumes the spin only. Pausing acts on the layer, not on an animation.

final class D12PauseResumeController: UIViewController, CAAnimationDelegate {
    var _layer: CALayer!
    /// How often each delegate method ran (the seed logs them with NSLog).
    var starts = 0, stops = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // 设置背景(注意这个图片其实在根图层) (the background; no pattern colours in Strata: see D9)
        let backgroundImage = UIImage(named: "background.jpg")
        view.layer.contents = backgroundImage?.cgImage
        // 自定义一个图层 (a layer of our own)
        _layer = CALayer()
        _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        _layer.position = CGPoint(x: 50, y: 150)
        _layer.anchorPoint = CGPoint(x: 0.5, y: 0.6) // 设置锚点 (the anchor point)
        _layer.contents = UIImage(named: "petal.png")?.cgImage
        view.layer.addSublayer(_layer)
    }

    // MARK: 移动动画 (the move; the seed's name, sic)
    func translatonAnimation(_ location: CGPoint) {
        // 1.创建动画并指定动画属性 (make the animation for a property)
        let basicAnimation = CABasicAnimation(keyPath: "position")
        // 2.设置动画属性初始值和结束值 (from and to values)
        // basicAnimation.fromValue = NSNumber(value: 50) // 可以不设置,默认为图层初始状态 (optional: the layer's state)
        basicAnimation.toValue = NSValue(cgPoint: location)
        // 设置其他动画属性 (other properties)
        basicAnimation.duration = 5.0 // 动画时间5秒 (5 s)
        // basicAnimation.repeatCount = .infinity // 设置重复次数 (repeat forever)
        basicAnimation.isRemovedOnCompletion = false // 运行一次是否移除动画 (keep it after one run)
        basicAnimation.delegate = self
        // 存储当前位置在动画结束后使用 (keep the location for when the animation ends)
        basicAnimation.setValue(NSValue(cgPoint: location), forKey: "KCBasicAnimationLocation")
        // 3.添加动画到图层 (add it; the key names it)
        _layer.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
    }

    // MARK: 旋转动画 (the spin)
    func rotationAnimation() {
        // 1.创建动画并指定动画属性 (make the animation for a property)
        let basicAnimation = CABasicAnimation(keyPath: "transform.rotation.z")
        // 2.设置动画属性初始值、结束值 (from and to values)
        // basicAnimation.fromValue = NSNumber(value: Int(Double.pi / 2))
        basicAnimation.toValue = NSNumber(value: Float.pi / 2 * 3)
        // 设置其他动画属性 (other properties)
        basicAnimation.duration = 6.0
        basicAnimation.autoreverses = true // 旋转后在旋转到原来的位置 (turn back to where it started)
        basicAnimation.repeatCount = .infinity // 设置无限循环 (forever)
        basicAnimation.isRemovedOnCompletion = false
        // basicAnimation.delegate = self
        // 4.添加动画到图层 (add it; the key names it)
        _layer.add(basicAnimation, forKey: "KCBasicAnimation_Rotation")
    }

    // MARK: 点击事件 (the tap)
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        // 判断是否已经常见过动画,如果已经创建则不再创建动画 (made already? then pause or resume instead)
        let animation = _layer.animation(forKey: "KCBasicAnimation_Translation")
        if animation != nil {
            if _layer.speed == 0 {
                animationResume()
            } else {
                animationPause()
            }
        } else {
            // 创建并开始动画 (make and start the animations)
            translatonAnimation(location)
            rotationAnimation()
        }
    }

    // MARK: 动画暂停 (pause)
    func animationPause() {
        // 取得指定图层动画的媒体时间,后面参数用于指定子图层,这里不需要 (the layer's time now)
        let interval = _layer.convertTime(CACurrentMediaTime(), from: nil)
        // 设置时间偏移量,保证暂停时停留在旋转的位置 (hold the layer's time there)
        _layer.timeOffset = interval
        // 速度设置为0,暂停动画 (speed 0: paused)
        _layer.speed = 0
    }

    // MARK: 动画恢复 (resume)
    func animationResume() {
        // 获得暂停的时间 (the time it was paused at)
        let beginTime = CACurrentMediaTime() - _layer.timeOffset
        // 设置偏移量 (no offset)
        _layer.timeOffset = 0
        // 设置开始时间 (the layer's time starts again from there)
        _layer.beginTime = beginTime
        // 设置动画速度,开始运动 (speed 1: running)
        _layer.speed = 1.0
    }

    // MARK: - 动画代理方法 (the animation's delegate)
    // MARK: 动画开始 (started)
    func animationDidStart(_ anim: CAAnimation) {
        starts += 1
        print("animation(\(anim)) start.\r_layer.frame=\(_layer.frame)")
        // 通过前面的设置的key获得动画 (the animation, found by its key)
        print(_layer.animation(forKey: "KCBasicAnimation_Translation").map { "\($0)" } ?? "nil")
    }

    // MARK: 动画结束 (stopped)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops += 1
        print("animation(\(anim)) stop.\r_layer.frame=\(_layer.frame)")
        // 开启事务 (begin a transaction)
        CATransaction.begin()
        // 禁用隐式动画 (no implicit animation)
        CATransaction.setDisableActions(true)
        if let location = anim.value(forKey: "KCBasicAnimationLocation") as? NSValue {
            _layer.position = location.cgPointValue
        }
        // 提交事务 (commit it)
        CATransaction.commit()
        // 暂停动画 (and pause: the spin stops with the move)
        animationPause()
    }
}
