import StrataUIKit

// Seed 003 D13 ("通过values设置关键帧动画", keyframes by values): 2 s after loading, the petal zig-zags from
// (50, 150) through (80, 220) and (45, 300) to (55, 400) in straight segments of 8/3 s each, then snaps back
// (the model never moves). D15's variants (described in the seed, not coded) are `keyTimes` 0, 0.5, 0.75, 1
// (segments of 4, 2 and 2 s) and the discrete mode (each value held 8/3 s): `variant`.

final class D13KeyframeValuesController: UIViewController {
    enum Variant { case seed, keyTimes, discrete }
    /// D13 as written, or one of D15's variants (set before the view loads).
    var variant = Variant.seed
    var _layer: CALayer!

    override func viewDidLoad() {
        super.viewDidLoad()
        // 设置背景 (the seed's pattern colour of background.jpg: Strata has none, so the root's contents)
        view.layer.contents = UIImage(named: "background.jpg")?.cgImage
        // 自定义一个图层 (the petal)
        _layer = CALayer()
        _layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        _layer.position = CGPoint(x: 50, y: 150)
        _layer.contents = UIImage(named: "petal.png")?.cgImage
        view.layer.addSublayer(_layer)
        // 创建动画
        translationAnimation()
    }

    // MARK: 关键帧动画 (the keyframe animation)
    func translationAnimation() {
        // 1.创建关键帧动画并设置动画属性
        let keyframeAnimation = CAKeyframeAnimation(keyPath: "position")
        // 2.设置关键帧,这里有四个关键帧 (the first value, where it starts, cannot be left out)
        let key1 = NSValue(cgPoint: _layer.position)
        let key2 = NSValue(cgPoint: CGPoint(x: 80, y: 220))
        let key3 = NSValue(cgPoint: CGPoint(x: 45, y: 300))
        let key4 = NSValue(cgPoint: CGPoint(x: 55, y: 400))
        keyframeAnimation.values = [key1, key2, key3, key4]
        switch variant {
        case .seed: break
        case .keyTimes: keyframeAnimation.keyTimes = [0.0, 0.5, 0.75, 1.0]
        case .discrete: keyframeAnimation.calculationMode = .discrete
        }
        // 设置其他属性
        keyframeAnimation.duration = 8.0
        keyframeAnimation.beginTime = CACurrentMediaTime() + 2 // 设置延迟2秒执行
        // 3.添加动画到图层
        _layer.add(keyframeAnimation, forKey: "KCKeyframeAnimation_Position")
    }
}
