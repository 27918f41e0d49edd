import StrataUIKit

// Seed 003 D19: a petal at (50, 150) glides to each tap over 5 s with the older begin/commit API, and stays
// there. (The seed's background is a pattern colour of background.jpg; Strata has no pattern colours, so
// the port leaves the background plain.)

final class D19PetalController: UIViewController {
    var _imageView: UIImageView!

    override func viewDidLoad() {
        super.viewDidLoad()
        _imageView = UIImageView(image: UIImage(named: "petal.png"))
        _imageView.center = CGPoint(x: 50, y: 150)
        view.addSubview(_imageView)
    }

    // MARK: 点击事件 (the tap)
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        UIView.beginAnimations("KCBasicAnimation", context: nil)
        UIView.setAnimationDuration(5.0)
        _imageView.center = location
        UIView.commitAnimations()
    }
}
