import StrataUIKit

// Seed 003 D4 (扩展2, 图层的形变; "形变演示"): D3's two layers, but the image is drawn without flipping the
// context; the layer is turned half round the x axis instead (CATransform3DMakeRotation(π, 1, 0, 0)), which
// shows its back face (doubleSided, the default) upside down, so the image is upright again.

final class D4FlipByTransformController: UIViewController, CALayerDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        let position = CGPoint(x: 160, y: 200)
        let bounds = CGRect(x: 0, y: 0, width: PHOTO_HEIGHT, height: PHOTO_HEIGHT)
        let cornerRadius = PHOTO_HEIGHT / 2
        let borderWidth: CGFloat = 2
        // 阴影图层 (the shadow layer)
        let layerShadow = CALayer()
        layerShadow.bounds = bounds
        layerShadow.position = position
        layerShadow.cornerRadius = cornerRadius
        layerShadow.shadowColor = UIColor.gray.cgColor
        layerShadow.shadowOffset = CGSize(width: 2, height: 1)
        layerShadow.shadowOpacity = 1
        layerShadow.borderColor = UIColor.white.cgColor
        layerShadow.borderWidth = borderWidth
        view.layer.addSublayer(layerShadow)
        // 容器图层 (the container layer)
        let layer = CALayer()
        layer.bounds = bounds
        layer.position = position
        layer.backgroundColor = UIColor.red.cgColor
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = true
        layer.borderColor = UIColor.white.cgColor
        layer.borderWidth = borderWidth
        // 利用图层形变解决图像倒立问题 (turn the layer to put the image the right way up)
        layer.transform = CATransform3DMakeRotation(.pi, 1, 0, 0)
        // 设置图层代理 (the layer's delegate)
        layer.delegate = self
        // 添加图层到根图层 (add it to the root layer)
        view.layer.addSublayer(layer)
        // 调用图层setNeedDisplay,否则代理方法不会被调用 (without it the delegate is never asked to draw)
        layer.setNeedsDisplay()
    }

    // MARK: 绘制图形、图像到图层 (draw into the layer; ctx and positions are the layer's)
    nonisolated func draw(_ layer: CALayer, in ctx: CGContext) {
        let image = UIImage(named: "photo.jpg")
        // 注意这个位置是相对于图层而言的不是屏幕 (relative to the layer, not the screen)
        if let cgImage = image?.cgImage {
            ctx.draw(cgImage, in: CGRect(x: 0, y: 0, width: PHOTO_HEIGHT, height: PHOTO_HEIGHT))
        }
    }
}
