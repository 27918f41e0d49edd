import StrataUIKit

// Seed 003 D5 (图层内容设置): D3's two layers, but no drawing at all: `photo.jpg` is the upper layer's
// `contents`, which has no upside-down problem.

final class D5ImageContentsController: UIViewController {
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
        // 设置内容(注意这里一定要转换为CGImage) (the contents: it must be the CGImage)
        let image = UIImage(named: "photo.jpg")
        // layer.contents = image.cgImage
        layer.contents = image?.cgImage
        // 添加图层到根图层 (add it to the root layer)
        view.layer.addSublayer(layer)
    }
}
