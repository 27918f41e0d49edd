import Foundation
import StrataUIKit

// Seed 003 D7 (使用自定义图层绘图): KCLayer, a CALayer subclass, draws a green star in `drawInContext:`;
// KCView (the screen's size, light grey) holds one (185 × 185, blue, at (160, 284)) on its own layer and
// overrides `drawLayer:inContext:` and `drawRect:` only to log them, showing the order UIKit calls them in:
// "1-drawLayer:inContext:" (the view as its layer's delegate), "2-drawRect:" (called from there, with the
// same context as UIGraphicsGetCurrentContext()), then the sublayer's "3-drawInContext:".

/// The seed's NSLog lines, kept so that they can be checked: each message with the context it printed.
final class D7Log: @unchecked Sendable {
    static let shared = D7Log()
    private let lock = NSLock()
    private var lines: [(message: String, context: CGContext?)] = []

    func log(_ message: String, _ context: CGContext?) {
        print(message)
        print("CGContext:\(context.map { "\(ObjectIdentifier($0))" } ?? "nil")")
        lock.lock(); lines.append((message, context)); lock.unlock()
    }

    var entries: [(message: String, context: CGContext?)] {
        lock.lock(); defer { lock.unlock() }
        return lines
    }

    func clear() { lock.lock(); lines.removeAll(); lock.unlock() }
}

// KCLayer.m
final class KCLayer: CALayer {
    override func draw(in ctx: CGContext) {
        D7Log.shared.log("3-drawInContext:", ctx)
        // ctx.rotate(by: .pi / 4)
        ctx.setFillColor(red: 135.0 / 255.0, green: 232.0 / 255.0, blue: 84.0 / 255.0, alpha: 1)
        ctx.setStrokeColor(red: 135.0 / 255.0, green: 232.0 / 255.0, blue: 84.0 / 255.0, alpha: 1)
        // ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        // ctx.fillEllipse(in: CGRect(x: 50, y: 50, width: 100, height: 100))
        ctx.move(to: CGPoint(x: 94.5, y: 33.5)) //// Star Drawing
        ctx.addLine(to: CGPoint(x: 104.02, y: 47.39))
        ctx.addLine(to: CGPoint(x: 120.18, y: 52.16))
        ctx.addLine(to: CGPoint(x: 109.91, y: 65.51))
        ctx.addLine(to: CGPoint(x: 110.37, y: 82.34))
        ctx.addLine(to: CGPoint(x: 94.5, y: 76.7))
        ctx.addLine(to: CGPoint(x: 78.63, y: 82.34))
        ctx.addLine(to: CGPoint(x: 79.09, y: 65.51))
        ctx.addLine(to: CGPoint(x: 68.82, y: 52.16))
        ctx.addLine(to: CGPoint(x: 84.98, y: 47.39))
        ctx.closePath()
        ctx.drawPath(using: .fillStroke)
    }
}

// KCView.m
final class KCView: UIView {
    override init(frame: CGRect) {
        print("initWithFrame:")
        super.init(frame: frame)
        let layer = KCLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 185, height: 185)
        layer.position = CGPoint(x: 160, y: 284)
        layer.backgroundColor = UIColor(red: 0, green: 146 / 255.0, blue: 1.0, alpha: 1.0).cgColor
        // 显示图层 (show the layer: without setNeedsDisplay drawInContext: is never called)
        layer.setNeedsDisplay()
        self.layer.addSublayer(layer)
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        // 得到的当前图形上下文正是drawLayer中传递的 (the current context is the one drawLayer was given)
        D7Log.shared.log("2-drawRect:", UIGraphicsGetCurrentContext())
        super.draw(rect)
    }

    override func draw(_ layer: CALayer, in ctx: CGContext) {
        D7Log.shared.log("1-drawLayer:inContext:", ctx)
        super.draw(layer, in: ctx)
    }
}

// KCMainViewController.m
final class D7CustomLayerStarController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let view = KCView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor(red: 249.0 / 255.0, green: 249.0 / 255.0, blue: 249.0 / 255.0, alpha: 1)
        self.view.addSubview(view)
    }
}
