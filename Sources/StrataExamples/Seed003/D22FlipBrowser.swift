import StrataUIKit

// Seed 003 D22: D17's browser with UIView's transition: a 1 s flip from the right to the next image, from
// the left to the previous one.

final class D22FlipBrowserController: UIViewController {
    var _imageView: UIImageView!
    var _currentIndex = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        _imageView = UIImageView()
        _imageView.frame = UIScreen.main.applicationFrame
        _imageView.contentMode = .scaleAspectFit
        _imageView.image = UIImage(named: "0.jpg")
        view.addSubview(_imageView)
        let leftSwipeGesture = UISwipeGestureRecognizer(target: self, action: D22FlipBrowserController.leftSwipe)
        leftSwipeGesture.direction = .left
        view.addGestureRecognizer(leftSwipeGesture)
        let rightSwipeGesture = UISwipeGestureRecognizer(target: self, action: D22FlipBrowserController.rightSwipe)
        rightSwipeGesture.direction = .right
        view.addGestureRecognizer(rightSwipeGesture)
    }

    func leftSwipe(_ gesture: UISwipeGestureRecognizer) { transitionAnimation(true) }
    func rightSwipe(_ gesture: UISwipeGestureRecognizer) { transitionAnimation(false) }

    func transitionAnimation(_ isNext: Bool) {
        let option: UIView.AnimationOptions = isNext ? [.curveLinear, .transitionFlipFromRight] : [.curveLinear, .transitionFlipFromLeft]
        UIView.transition(with: _imageView, duration: 1.0, options: option, animations: {
            self._imageView.image = self.getImage(isNext)
        }, completion: nil)
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
