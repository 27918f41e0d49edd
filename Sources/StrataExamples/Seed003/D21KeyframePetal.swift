import StrataUIKit

// Seed 003 D21: a tap sends the petal from (50, 150) through (80, 220), (45, 300) to (55, 400) in keyframes
// of 2.5 s, 1.25 s and 1.25 s, where it stays.

final class D21KeyframePetalController: UIViewController {
    var _imageView: UIImageView!
    /// How often the completion ran (it logs "Animation end." in the seed).
    var ends = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        _imageView = UIImageView(image: UIImage(named: "petal.png"))
        _imageView.center = CGPoint(x: 50, y: 150)
        view.addSubview(_imageView)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // The seed passes UIViewAnimationOptionCurveLinear as keyframe options (the bits are shared).
        let options = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
        UIView.animateKeyframes(withDuration: 5.0, delay: 0, options: options, animations: {
            // 第二个关键帧 (the first keyframe is the start): from 0 s for 50 %, 2.5 s
            UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 0.5) { self._imageView.center = CGPoint(x: 80.0, y: 220.0) }
            // 第三个关键帧: from 2.5 s for 1.25 s
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { self._imageView.center = CGPoint(x: 45.0, y: 300.0) }
            // 第四个关键帧: from 3.75 s for 1.25 s
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { self._imageView.center = CGPoint(x: 55.0, y: 400.0) }
        }, completion: { finished in
            print("Animation end.")
            self.ends += 1
        })
    }
}
