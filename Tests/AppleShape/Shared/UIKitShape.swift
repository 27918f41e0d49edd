import Foundation
import StrataUIKit

// Apple-shaped uses of UIKit (docs/status.md, "Apple's Swift interface"): each compiles as written for iOS,
// with only `import UIKit` -> `import StrataUIKit`. One small use per row of the API-shape note.

// UIView's layer-delegate methods are main-actor: an override reads `bounds` and sets a sublayer's frame.
final class GradientBackedView: UIView {
    let gradient = CAGradientLayer()
    var laidOut = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(gradient)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSublayers(of layer: CALayer) {
        super.layoutSublayers(of: layer)
        gradient.frame = bounds
        laidOut += 1
    }

    override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        _ = UIView.inheritedAnimationDuration
        return super.action(for: layer, forKey: event)
    }

    override func draw(_ layer: CALayer, in ctx: CGContext) { super.draw(layer, in: ctx) }
    override func display(_ layer: CALayer) { super.display(layer) }
}

// Container views override the hierarchy, geometry and notification members.
final class ContainerView: UIView {
    var log: [String] = []
    override func addSubview(_ view: UIView) { log.append("add"); super.addSubview(view) }
    override func insertSubview(_ view: UIView, at index: Int) { log.append("insert"); super.insertSubview(view, at: index) }
    override func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) { super.insertSubview(view, aboveSubview: siblingSubview) }
    override func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) { super.insertSubview(view, belowSubview: siblingSubview) }
    override func bringSubviewToFront(_ view: UIView) { super.bringSubviewToFront(view) }
    override func sendSubviewToBack(_ view: UIView) { super.sendSubviewToBack(view) }
    override func removeFromSuperview() { log.append("remove"); super.removeFromSuperview() }
    override var contentMode: UIView.ContentMode { didSet { log.append("contentMode") } }
    override var autoresizingMask: UIView.AutoresizingMask { didSet { log.append("mask") } }
    override var frame: CGRect { didSet { log.append("frame") } }
    override var bounds: CGRect { didSet { } }
    override var center: CGPoint { didSet { } }
    override var backgroundColor: UIColor? { didSet { } }
    override var alpha: CGFloat { didSet { } }
    override var isHidden: Bool { didSet { } }
    override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { super.convert(point, to: view) }
    override func convert(_ rect: CGRect, from view: UIView?) -> CGRect { super.convert(rect, from: view) }
    override func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { super.addGestureRecognizer(gestureRecognizer) }
    override func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { super.removeGestureRecognizer(gestureRecognizer) }
    override func layoutSubviews() { super.layoutSubviews() }
    override func sizeThatFits(_ size: CGSize) -> CGSize { super.sizeThatFits(size) }
    override func didMoveToSuperview() { super.didMoveToSuperview() }
    override func willMove(toSuperview newSuperview: UIView?) { super.willMove(toSuperview: newSuperview) }
    override func didAddSubview(_ subview: UIView) { super.didAddSubview(subview) }
    override func awakeFromNib() { super.awakeFromNib() }
    override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder() }
    override func tintColorDidChange() { super.tintColorDidChange(); log.append("tint") }
    override func layoutMarginsDidChange() { super.layoutMarginsDidChange() }
    override func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { super.snapshotView(afterScreenUpdates: afterUpdates) }
    override var description: String { "ContainerView" }

    // A view vetoes its recognizers.
    var allowsGestures = true
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { allowsGestures }
}

// The ubiquitous controller initialiser, and the members controllers override.
final class ShapeController: UIViewController {
    let model: Int

    init() {
        model = 1
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { model = 0; super.init(coder: coder) }

    override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning() }
    override var prefersStatusBarHidden: Bool { true }
    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
}

final class PlainController: UIViewController {}

// UIImageView's designated initialisers.
final class BadgeImageView: UIImageView {
    override init(image: UIImage?) { super.init(image: image) }
    override init(image: UIImage?, highlightedImage: UIImage?) { super.init(image: image, highlightedImage: highlightedImage) }
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

// A recognizer subclass overrides the designated initialiser and the members subclasses set.
final class ShapeRecognizer: UIGestureRecognizer {
    var made = false
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        made = true
    }
    override var state: UIGestureRecognizer.State { didSet { } }
    override var isEnabled: Bool { didSet { } }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .began }
    override func reset() { super.reset() }
}

final class ShapeApplication: UIApplication {}

// Extensions on the types, as apps write them.
extension UIView {
    func shapeRoundCorners(_ radius: CGFloat) { layer.cornerRadius = radius }
}

extension UIWindow.Level {
    static let shapeOverlay = UIWindow.Level.alert + 1
}

@MainActor
enum UIKitShape {
    static func uses(image cg: CGImage) {
        // NSObject equality and hashing.
        let a = UIView(), b = UIView()
        let views: Set<UIView> = [a, b]
        _ = views.contains(a) && a != b && a == a
        _ = a.description
        _ = [UIResponder]().contains(a)

        // UIWindow.Level.
        let window = UIWindow(frame: .zero)
        window.windowLevel = .alert + 1
        window.windowLevel = UIWindow.Level(rawValue: 1) - 1
        _ = window.windowLevel > .statusBar && UIWindow.Level.normal < .shapeOverlay

        // UIApplication.
        let app = UIApplication.shared
        app.beginIgnoringInteractionEvents()
        _ = app.isIgnoringInteractionEvents
        app.endIgnoringInteractionEvents()
        _ = app.applicationState == .active
        app.isIdleTimerDisabled = true
        _ = app.userInterfaceLayoutDirection == .leftToRight
        _ = UIScreen.screens.first?.scale

        // Controllers.
        _ = ShapeController().model
        _ = PlainController()
        _ = UIViewController(nibName: nil, bundle: nil)

        // Images.
        let image = UIImage(cgImage: cg, scale: 2, orientation: .right)
        _ = image.imageOrientation == .right
        _ = UIImage(named: "missing", in: .main, compatibleWith: nil)
        _ = UIImage(cgImage: cg) == image
        let view = BadgeImageView(image: image, highlightedImage: nil)
        view.isHighlighted = true
        _ = view.highlightedImage
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 0)
        image.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4), blendMode: .normal, alpha: 0.5)
        _ = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        _ = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
            context.cgContext.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        let png: Data? = image.pngData()
        let jpeg: Data? = image.jpegData(compressionQuality: 0.8)
        _ = (png, jpeg)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2))
        let rendered: Data = renderer.pngData { context in context.fill(CGRect(x: 0, y: 0, width: 1, height: 1)) }
        let renderedJPEG: Data = renderer.jpegData(withCompressionQuality: 0.5) { context in
            context.cgContext.setFillColor(UIColor.blue.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        _ = (rendered, renderedJPEG)

        // Recognizers: the designated initialiser with a method reference as the selector.
        let recognizer = ShapeRecognizer(target: nil, action: nil)
        recognizer.removeTarget(nil, action: nil)
        a.addGestureRecognizer(recognizer)

        // Keys, touches and events.
        let key: UIKey? = nil
        _ = key?.keyCode == .keyboardSpacebar
        switch UITouch.Phase.began {
        case .regionEntered, .regionMoved, .regionExited: break
        default: break
        }
        _ = [UIEvent.EventType.scroll, .hover, .transform]

        // Display links (the selector is a method reference: the closest form to `#selector`), colours, margins.
        let link = CADisplayLink(target: a, selector: UIView.setNeedsLayout)
        link.add(to: .main, forMode: .common)
        link.remove(from: .main, forMode: .common)
        let border = UIColor(cgColor: a.layer.borderColor ?? UIColor.black.cgColor)
        _ = border
        a.layoutMargins = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        _ = a.bounds.inset(by: a.layoutMargins)
        a.isExclusiveTouch = true
        _ = a.endEditing(true)
        a.tintColor = .red
        a.shapeRoundCorners(2)
        _ = ShapeApplication.self
    }
}

/// A view backed by a layer class with its own `override init()`: UIKit makes it with that `init()`.
final class PulseView: UIView {
    override class var layerClass: AnyClass { PulseLayer.self }
}
