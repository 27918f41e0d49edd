import StrataUIKit

// Seed 003 D2 (KCMainViewController, "CALayer", 使用代理方法绘图): a 150-point layer at (160, 200) with corner
// radius 75, clipped (masksToBounds) and with a white 2-point border; its delegate, the controller, draws
// `photo.png` into it, flipping the context first so that the image is upright.

let PHOTO_HEIGHT: CGFloat = 150

final class D2CircularAvatarController: UIViewController, CALayerDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        // 自定义图层 (a custom layer)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: PHOTO_HEIGHT, height: PHOTO_HEIGHT)
        layer.position = CGPoint(x: 160, y: 200)
        layer.backgroundColor = UIColor.red.cgColor
        layer.cornerRadius = PHOTO_HEIGHT / 2
        // 注意仅仅设置圆角,对于图形而言可以正常显示,但是对于图层中绘制的图片无法正确显示;
        // 如果想要正确显示则必须设置masksToBounds=YES,剪切子图层
        // (the corner radius alone rounds the background, not the drawn image: clip with masksToBounds)
        layer.masksToBounds = true
        // 阴影效果无法和masksToBounds同时使用 (a shadow cannot be combined with masksToBounds: it is outside)
        // layer.shadowColor = UIColor.gray.cgColor
        // layer.shadowOffset = CGSize(width: 2, height: 2)
        // layer.shadowOpacity = 1
        // 设置边框 (the border)
        layer.borderColor = UIColor.white.cgColor
        layer.borderWidth = 2
        // 设置图层代理 (the layer's delegate)
        layer.delegate = self
        // 添加图层到根图层 (add it to the root layer)
        view.layer.addSublayer(layer)
        // 调用图层setNeedDisplay,否则代理方法不会被调用 (without it the delegate is never asked to draw)
        layer.setNeedsDisplay()
    }

    // MARK: 绘制图形、图像到图层,注意参数中的ctx是图层的图形上下文,其中绘图位置也是相对图层而言的
    // (draw into the layer: ctx is the layer's context, positions are the layer's)
    // Layer callbacks are not main-actor isolated (as CALayerDelegate's are not), hence `nonisolated`.
    nonisolated func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.saveGState()
        // 图形上下文形变,解决图片倒立的问题 (flip the context: the image would be upside down)
        ctx.scaleBy(x: 1, y: -1)
        ctx.translateBy(x: 0, y: -PHOTO_HEIGHT)
        let image = UIImage(named: "photo.png")
        // 注意这个位置是相对于图层而言的不是屏幕 (relative to the layer, not the screen)
        if let cgImage = image?.cgImage {
            ctx.draw(cgImage, in: CGRect(x: 0, y: 0, width: PHOTO_HEIGHT, height: PHOTO_HEIGHT))
        }
        ctx.restoreGState()
    }
}
