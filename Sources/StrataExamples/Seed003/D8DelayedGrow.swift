import StrataUIKit

// Seed 003 D8 ("Animation"): an image view at (120, 140, 80, 80) grows about its centre to 160 × 160 over
// 1 s, starting 2 s after the screen appears.

final class D8DelayedGrowController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let image = UIImage(named: "open2.png")
        let imageView = UIImageView()
        imageView.image = image
        imageView.frame = CGRect(x: 120, y: 140, width: 80, height: 80)
        view.addSubview(imageView)
        // 两秒后开始一个持续一分钟的动画 (the comment says a minute; the code says 1 s)
        UIView.animate(withDuration: 1, delay: 2, options: .beginFromCurrentState, animations: {
            imageView.frame = CGRect(x: 80, y: 100, width: 160, height: 160)
        }, completion: nil)
    }
}
