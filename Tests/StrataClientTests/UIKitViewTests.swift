import Foundation
@testable import Strata
@testable import StrataUIKit
import Testing

@MainActor
final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

@MainActor
final class LayoutCountingView: UIView {
    var layouts = 0
    var events: [String] = []
    override func layoutSubviews() {
        layouts += 1
        subviews.first?.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height)
    }
    override func willMove(toSuperview newSuperview: UIView?) { events.append("willMove \(newSuperview == nil ? "nil" : "view")") }
    override func didMoveToSuperview() { events.append("didMove") }
    override func didAddSubview(_ subview: UIView) { events.append("didAdd \(subview.tag)") }
    override func willRemoveSubview(_ subview: UIView) { events.append("willRemove \(subview.tag)") }
}

@MainActor
final class DrawingView: UIView {
    var draws: [CGRect] = []
    override func draw(_ rect: CGRect) {
        draws.append(rect)
        UIGraphicsGetCurrentContext()?.setFillColor(UIColor.red.cgColor)
        UIGraphicsGetCurrentContext()?.fill(rect)
    }
}

@MainActor
final class ContainerView: UIView {}

/// Seed 003 D7's KCView: logs, then calls super.
@MainActor
final class SuperCallingView: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        super.draw(rect)
    }
}

@MainActor
final class SuperCallingPainter: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIGraphicsGetCurrentContext()?.fill(rect)
        super.draw(rect)
    }
}

/// The view level without a server: layers, geometry, hierarchy, layout, drawing and hit testing.
@MainActor
@Suite struct UIKitViewTests {
    @Test func layerClassChoosesTheBackingLayerAndTheViewIsItsDelegate() {
        let shape = ShapeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(shape.layer is CAShapeLayer)
        let plain = UIView()
        #expect(plain.layer.delegate === plain)
        #expect(type(of: plain.layer) == CALayer.self)
    }

    @Test func geometryAndAppearanceAreTheLayersProperties() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.layer.position == CGPoint(x: 60, y: 45))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        v.center = CGPoint(x: 0, y: 0)
        #expect(v.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.layer.transform.m11 == 2 && v.layer.transform.m22 == 2)
        #expect(v.frame == CGRect(x: -100, y: -50, width: 200, height: 100))
        v.alpha = 0.25
        #expect(v.layer.opacity == 0.25)
        v.clipsToBounds = true
        #expect(v.layer.masksToBounds)
        v.backgroundColor = UIColor.blue
        #expect(v.layer.backgroundColor == CGColor.blue)
        v.isHidden = true
        #expect(v.layer.isHidden)
        v.contentMode = .scaleAspectFit
        #expect(v.layer.contentsGravity == .resizeAspect)
        v.contentMode = .redraw
        #expect(v.layer.needsDisplayOnBoundsChange)
    }

    /// UIKit's `.top` shows the content against the top edge on screen: the layer's gravity names read y up
    /// on a y-down layer, so the view gives its layer `.bottom` (as UIKit does on iOS), and so on for each edge
    /// and corner. Drawn by `render(in:)`, which places contents as the server does.
    @Test func edgeAndCornerContentModesPinTheContentWhereUIKitShowsIt() throws {
        let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.layer.contents = CGImage(width: 4, height: 4, rgba: Array(repeating: [UInt8]([255, 0, 0, 255]), count: 16).flatMap { $0 })
        let cases: [(UIView.ContentMode, CALayerContentsGravity, x: Int, y: Int)] = [
            (.top, .bottom, 9, 1), (.bottom, .top, 9, 18), (.left, .left, 1, 9), (.right, .right, 18, 9),
            (.topLeft, .bottomLeft, 1, 1), (.topRight, .bottomRight, 18, 1), (.bottomLeft, .topLeft, 1, 18), (.bottomRight, .topRight, 18, 18),
        ]
        for (mode, gravity, x, y) in cases {
            view.contentMode = mode
            #expect(view.layer.contentsGravity == gravity, "\(mode)")
            let context = try #require(CGContext(width: 20, height: 20))
            view.layer.render(in: context)
            let pixels = try CGContextTests.Pixels(context)
            #expect(pixels[x, y] == red, "\(mode): the 4×4 image covers (\(x), \(y))")
            #expect(pixels[19 - x, 19 - y] == clear, "\(mode): the opposite side is empty")
        }
    }

    @Test func subviewsKeepTheirLayersInOrder() {
        let parent = UIView()
        let (a, b, c, d) = (UIView(), UIView(), UIView(), UIView())
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        parent.insertSubview(d, aboveSubview: c)
        #expect(parent.subviews == [c, d, a, b])
        func layerOrder() -> [Bool] { (parent.layer.sublayers ?? []).map { l in parent.subviews.contains { $0.layer === l } } }
        #expect((parent.layer.sublayers ?? []).map { l in parent.subviews.firstIndex { $0.layer === l } } == [0, 1, 2, 3])
        parent.bringSubviewToFront(c)
        parent.sendSubviewToBack(b)
        #expect(parent.subviews == [b, d, a, c])
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(parent.subviews == [c, d, a, b])
        #expect((parent.layer.sublayers ?? []).map { l in parent.subviews.firstIndex { $0.layer === l } } == [0, 1, 2, 3])
        #expect(layerOrder().allSatisfy { $0 })
        a.removeFromSuperview()
        #expect(parent.subviews == [c, d, b] && a.superview == nil && a.layer.superlayer == nil)
        d.tag = 42
        #expect(parent.viewWithTag(42) === d)
        #expect(d.isDescendant(of: parent) && !parent.isDescendant(of: d))
        parent.addSubview(parent) // a view cannot contain itself
        #expect(parent.superview == nil)
    }

    @Test func hierarchyNotificationsComeInUIKitsOrder() {
        let parent = LayoutCountingView(), child = LayoutCountingView()
        child.tag = 3
        parent.addSubview(child)
        child.removeFromSuperview()
        #expect(child.events == ["willMove view", "didMove", "willMove nil", "didMove"])
        #expect(parent.events == ["didAdd 3", "willRemove 3"])
    }

    @Test func layoutRunsLayoutSubviewsAndAutoresizingFollowsTheSuperview() {
        let parent = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let half = UIView(), stretchy = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 80))
        stretchy.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(half)
        parent.addSubview(stretchy)
        parent.layoutIfNeeded()
        #expect(parent.layouts == 1)
        #expect(half.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.layoutIfNeeded()
        #expect(parent.layouts == 1) // nothing marked
        parent.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        #expect(stretchy.frame == CGRect(x: 10, y: 10, width: 280, height: 180))
        parent.layoutIfNeeded()
        #expect(parent.layouts == 2)
        #expect(half.frame == CGRect(x: 0, y: 0, width: 150, height: 200))
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(parent.layouts == 3)
    }

    @Test func aViewThatDrawsGetsABackingStoreAndOneThatDoesNotGetsNone() {
        let drawing = DrawingView(frame: CGRect(x: 0, y: 0, width: 8, height: 4))
        let container = ContainerView(frame: CGRect(x: 0, y: 0, width: 8, height: 4))
        CATransaction.flush()
        #expect(drawing.draws == [CGRect(x: 0, y: 0, width: 8, height: 4)])
        #expect(drawing.layer.contents != nil)
        #expect(container.layer.contents == nil)
        #expect(!ContainerView.drawsWithDrawRect)
        #expect(!ContainerView(frame: .zero).layer.needsDisplay()) // the next one is not drawn on its own
        drawing.setNeedsDisplay()
        container.setNeedsDisplay()
        #expect(drawing.layer.needsDisplay() && container.layer.needsDisplay())
        CATransaction.flush()
        #expect(drawing.draws.count == 2)
        #expect(container.layer.contents == nil) // drew nothing: no backing store
        // UIView's own classes never draw.
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        plain.setNeedsDisplay()
        #expect(!plain.layer.needsDisplay())
    }

    @Test func anOverrideThatCallsSuperStillDrawsAndRedraws() {
        let logging = SuperCallingView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        let painting = SuperCallingPainter(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        CATransaction.flush()
        #expect(logging.draws == 1 && painting.draws == 1)
        #expect(logging.layer.contents == nil)  // it painted nothing
        #expect(painting.layer.contents != nil) // it painted, then called super
        logging.setNeedsDisplay()
        painting.setNeedsDisplay()
        CATransaction.flush()
        #expect(logging.draws == 2 && painting.draws == 2)
    }

    @Test func hitTestingSkipsHiddenTransparentAndNonInteractiveViewsAndConvertsPoints() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let grandchild = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(child)
        child.addSubview(grandchild)
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === grandchild)
        #expect(grandchild.convert(CGPoint(x: 5, y: 5), to: root) == CGPoint(x: 65, y: 65))
        #expect(root.convert(CGPoint(x: 65, y: 65), to: grandchild) == CGPoint(x: 5, y: 5))
        #expect(child.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil) == CGRect(x: 50, y: 50, width: 10, height: 10))
        grandchild.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === child)
        child.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === root)
        child.isUserInteractionEnabled = true
        child.isHidden = true
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 65), with: nil) == nil)
        child.isHidden = false
        child.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // A quarter turn about its centre (100, 100): its local top-left corner is at the root's (150, 50).
        let corner = child.convert(CGPoint(x: 0, y: 0), to: root)
        #expect(abs(corner.x - 150) < 1e-9 && abs(corner.y - 50) < 1e-9)
    }

    @Test func aViewControllerLoadsItsViewOnceAndIsItsNextResponder() {
        final class Controller: UIViewController {
            var loads = 0
            override func viewDidLoad() { loads += 1 }
        }
        let controller = Controller()
        #expect(!controller.isViewLoaded)
        let view = controller.view
        #expect(controller.isViewLoaded && controller.loads == 1 && controller.view === view)
        #expect(view?.next === controller)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        window.rootViewController = controller
        #expect(view?.superview === window && view?.frame == window.bounds)
        #expect(controller.next === window)
        #expect(view?.window === window)
    }
}
