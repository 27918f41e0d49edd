import StrataUIKit

// Seed 003 D23 (described in the seed, not coded): `transition(from:to:…)` swaps two whole views. By
// default the old view leaves its superview and the new one is added; with `.showHideTransitionViews`
// both stay and are hidden and shown. A tap swaps them with a 1 s flip.

final class D23SwapViewsController: UIViewController {
    let card = UIView(frame: CGRect(x: 60, y: 140, width: 200, height: 200))
    let front = UIImageView(image: UIImage(named: "1.jpg"))
    let back = UIImageView(image: UIImage(named: "2.jpg"))
    /// Hide and show instead of removing and adding (set before the screen appears).
    var showsAndHides = false
    var swaps = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        for face in [front, back] { face.frame = card.bounds }
        view.addSubview(card)
        card.addSubview(front)
        if showsAndHides {
            back.isHidden = true
            card.addSubview(back)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let (from, to) = front.superview != nil && !front.isHidden ? (front, back) : (back, front)
        var options: UIView.AnimationOptions = [.transitionFlipFromLeft, .curveLinear]
        if showsAndHides { options.insert(.showHideTransitionViews) }
        UIView.transition(from: from, to: to, duration: 1.0, options: options) { _ in self.swaps += 1 }
    }
}
