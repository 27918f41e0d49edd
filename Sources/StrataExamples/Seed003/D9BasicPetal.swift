import StrataUIKit

// Seed 003 D9 (基础动画): a petal layer at (50, 150) over a background picture; a tap sends it there with a
// 5 s CABasicAnimation of `position`. The layer itself never moves, so at the end it snaps back to (50, 150).

final class D9BasicPetalController: UIViewController {
    var _layer: CALayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        // 设置背景(注意这个图片其实在根图层) (the background: the picture is really on the root layer)
        // Strata has no pattern colours (colorWithPatternImage:), so the picture is the view's layer's
        // contents, stretched over it instead of tiled.
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
        // 3.添加动画到图层,注意key相当于给动画进行命名,以后获得该动画时可以使用此名称获取 (the key names it)
        _layer.add(basicAnimation, forKey: "KCBasicAnimation_Translation")
    }

    // MARK: 点击事件 (the tap)
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        // 创建并开始动画 (make and start the animation)
        translatonAnimation(location)
    }
}
