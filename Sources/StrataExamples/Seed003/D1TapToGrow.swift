import StrataUIKit

// Seed 003 D1 (KCMainViewController, "CALayer"): a blue circle with a shadow in the middle of the screen; a
// tap moves it there while growing it to 200 points, or shrinking it back to 50 (the layer's implicit
// animations: it is a sublayer, not a view's layer).

let WIDTH: CGFloat = 50

final class D1TapToGrowController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        drawMyLayer()
    }

    // MARK: 绘制图层 (draw the layer)
    func drawMyLayer() {
        let size = UIScreen.main.bounds.size
        let layer = CALayer()
        layer.backgroundColor = UIColor(red: 0, green: 146 / 255.0, blue: 1.0, alpha: 1.0).cgColor
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        layer.bounds = CGRect(x: 0, y: 0, width: WIDTH, height: WIDTH)
        layer.cornerRadius = WIDTH / 2
        layer.shadowColor = UIColor.gray.cgColor
        layer.shadowOffset = CGSize(width: 2, height: 2)
        layer.shadowOpacity = 0.9
        view.layer.addSublayer(layer)
    }

    // MARK: 点击放大 (tap to grow)
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let layer = view.layer.sublayers?[0] else { return }
        var width = layer.bounds.size.width
        if width == WIDTH {
            width = WIDTH * 4
        } else {
            width = WIDTH
        }
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: width)
        layer.position = touch.location(in: view)
        layer.cornerRadius = width / 2
    }
}
