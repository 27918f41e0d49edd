import StrataUIKit

// docs/uikit.md's first app: an orange box that springs to each tap.

final class Main: UIViewController {
    override func viewDidLoad() {
        let box = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        box.backgroundColor = UIColor.orange
        view.addSubview(box)
        view.addGestureRecognizer(UITapGestureRecognizer { tap in
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                           animations: { box.center = tap.location(in: self.view) })
        })
    }
}
