import StrataUIKit

// Seed 003 D10 (基础动画, 动画代理): D9 with the controller as the animation's delegate. The tap's location
// travels with the animation (key-value coding, "KCBasicAnimationLocation"); when it stops, the delegate
// sets the layer's position there inside a CATransaction with actions disabled, so the petal stays where
// it landed without a second, implicit animation.

final class D10PetalDelegateController: UIViewController, CAAnimationDelegate {
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
        // basicAnimation.isRemovedOnCompletion = false // 运行一次是否移除动画 (keep it after one run)
        basicAnimation.delegate = self
        // 存储当前位置在动画结束后使用 (keep the location for when the animation ends)
        basicAnimation.setValue(NSValue(cgPoint: location), forKey: "KCBasicAnimationLocation")
        // 3.添加动画到图层 (add it; the key names it)
        _layer.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
    }

    // MARK: 点击事件 (the tap)
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        // 创建并开始动画 (make and start the animation)
        translatonAnimation(location)
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
    }
}
