import StrataUIKit

// Seed 003 D18 ("DisplayLink"): a fish sprite at (160, 284) swims in place: a display link fires every
// frame and every 10th frame shows the next of ten images (6 a second at 60 Hz).

let FISH_IMAGE_COUNT = 10

final class D18DisplayLinkFishController: UIViewController {
    var _layer: CALayer!
    var _index = 0
    var _images: [UIImage] = []
    var displayLink: CADisplayLink?
    /// The seed's `static int s` (a property here: Swift has no function statics).
    var s = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // 设置背景
        view.layer.contents = UIImage(named: "bg.png")?.cgImage
        // 创建图像显示图层
        _layer = CALayer()
        _layer.bounds = CGRect(x: 0, y: 0, width: 87, height: 32)
        _layer.position = CGPoint(x: 160, y: 284)
        view.layer.addSublayer(_layer)
        // 缓存十张鱼的图片 (the ten fish images, loaded once)
        for i in 0..<10 {
            if let image = UIImage(named: "fish\(i).png") { _images.append(image) }
        }
        // 定义时钟对象, 添加到主运行循环 (a selector is a method reference here)
        let displayLink = CADisplayLink(target: self, selector: D18DisplayLinkFishController.step)
        displayLink.add(to: RunLoop.main, forMode: .default)
        self.displayLink = displayLink
    }

    // MARK: 每次屏幕刷新就会执行一次此方法 (once per screen refresh, nearly 60 a second)
    func step() {
        s += 1
        if s % 10 == 0, _images.indices.contains(_index) {
            _layer.contents = _images[_index].cgImage // 更新图片
            _index = (_index + 1) % FISH_IMAGE_COUNT
        }
    }
}
