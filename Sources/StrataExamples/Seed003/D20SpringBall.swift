import StrataUIKit

// Seed 003 D20: a ball at (160, 50) springs to each tap over 5 s with damping 0.1 and velocity 1,
// overshooting and oscillating before it settles.

final class D20SpringBallController: UIViewController {
    var _imageView: UIImageView!

    override func viewDidLoad() {
        super.viewDidLoad()
        _imageView = UIImageView(image: UIImage(named: "ball.png"))
        _imageView.center = CGPoint(x: 160, y: 50)
        view.addSubview(_imageView)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        // damping: 0–1, the closer to 0 the springier; velocity: the spring's speed back
        UIView.animate(withDuration: 5.0, delay: 0, usingSpringWithDamping: 0.1, initialSpringVelocity: 1.0, options: .curveLinear,
                       animations: { self._imageView.center = location }, completion: nil)
    }
}
