import StrataUIKit

// Seed 003 D17 ("TransitionAnimation"): five images; swiping left shows the next through a 1 s cube
// transition from the right, swiping right the previous one from the left.

let IMAGE_COUNT = 5

final class D17CubeBrowserController: UIViewController {
    var _imageView: UIImageView!
    var _currentIndex = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // 定义图片控件 (the image view)
        _imageView = UIImageView()
        _imageView.frame = UIScreen.main.applicationFrame
        _imageView.contentMode = .scaleAspectFit
        _imageView.image = UIImage(named: "0.jpg")
        view.addSubview(_imageView)
        // 添加手势 (the swipes; a method reference stands for @selector)
        let leftSwipeGesture = UISwipeGestureRecognizer(target: self, action: D17CubeBrowserController.leftSwipe)
        leftSwipeGesture.direction = .left
        view.addGestureRecognizer(leftSwipeGesture)
        let rightSwipeGesture = UISwipeGestureRecognizer(target: self, action: D17CubeBrowserController.rightSwipe)
        rightSwipeGesture.direction = .right
        view.addGestureRecognizer(rightSwipeGesture)
    }

    func leftSwipe(_ gesture: UISwipeGestureRecognizer) { transitionAnimation(true) }
    func rightSwipe(_ gesture: UISwipeGestureRecognizer) { transitionAnimation(false) }

    // MARK: 转场动画 (the transition)
    func transitionAnimation(_ isNext: Bool) {
        // 1.创建转场动画对象
        let transition = CATransition()
        // 2.设置动画类型 (a private type: a string only)
        transition.type = CATransitionType(rawValue: "cube")
        transition.subtype = isNext ? .fromRight : .fromLeft
        transition.duration = 1.0
        // 3.设置转场后的新视图添加转场动画
        _imageView.image = getImage(isNext)
        _imageView.layer.add(transition, forKey: "KCTransitionAnimation")
    }

    func getImage(_ isNext: Bool) -> UIImage? {
        if isNext {
            _currentIndex = (_currentIndex + 1) % IMAGE_COUNT
        } else {
            _currentIndex = (_currentIndex - 1 + IMAGE_COUNT) % IMAGE_COUNT
        }
        return UIImage(named: "\(_currentIndex).jpg")
    }
}
