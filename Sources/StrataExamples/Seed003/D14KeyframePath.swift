import StrataUIKit

// Seed 003 D14 ("通过path设置关键帧动画", keyframes along a path): 5 s after loading, the petal falls along
// the cubic from (50, 150) with controls (160, 280) and (-30, 300) to (55, 400) over 8 s, then snaps back.

final class D14KeyframePathController: UIViewController {
    var _layer: CALayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.layer.contents = UIImage(named: "background.jpg")?.cgImage // the seed's pattern colour (none here)
        _layer = CALayer()
        _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        _layer.position = CGPoint(x: 50, y: 150)
        _layer.contents = UIImage(named: "petal.png")?.cgImage
        view.layer.addSublayer(_layer)
        translationAnimation()
    }

    func translationAnimation() {
        let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
        // 2.设置路径: 绘制贝塞尔曲线 (a Bézier curve)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: _layer.position.x, y: _layer.position.y)) // 移动到起始点
        path.addCurve(to: CGPoint(x: 55, y: 400), control1: CGPoint(x: 160, y: 280), control2: CGPoint(x: -30, y: 300))
        keyframeAnimation.path = path
        keyframeAnimation.duration = 8.0
        keyframeAnimation.beginTime = CACurrentMediaTime() + 5 // (the seed's comment says 2 s; its code, 5)
        _layer.add(keyframeAnimation, forKey: "KCKeyframeAnimation_Position")
    }
}
