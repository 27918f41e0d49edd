import StrataUIKit

// Seed 003 D3 (扩展1, 带阴影效果的圆形图片裁切): masksToBounds clips a shadow away, so two layers of the same
// bounds, position and corner radius: the lower one casts the shadow (grey, offset (2, 1)), the upper one
// shows `photo.jpg` drawn by the delegate with the context flipped.

final class D3AvatarWithShadowController: UIViewController, CALayerDelegate {
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
        // 设置图层代理 (the layer's delegate)
        layer.delegate = self
        // 添加图层到根图层 (add it to the root layer)
        view.layer.addSublayer(layer)
        // 调用图层setNeedDisplay,否则代理方法不会被调用 (without it the delegate is never asked to draw)
        layer.setNeedsDisplay()
    }

    // MARK: 绘制图形、图像到图层 (draw into the layer; ctx and positions are the layer's)
    nonisolated func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.saveGState()
        // 图形上下文形变,解决图片倒立的问题 (flip the context: the image would be upside down)
        ctx.scaleBy(x: 1, y: -1)
        ctx.translateBy(x: 0, y: -PHOTO_HEIGHT)
        let image = UIImage(named: "photo.jpg")
        // 注意这个位置是相对于图层而言的不是屏幕 (relative to the layer, not the screen)
        if let cgImage = image?.cgImage {
            ctx.draw(cgImage, in: CGRect(x: 0, y: 0, width: PHOTO_HEIGHT, height: PHOTO_HEIGHT))
        }
        ctx.restoreGState()
    }
}
