import Foundation
@testable import Strata
import Testing

/// A progress layer as iOS code writes it (a popular circular progress view's shape): a custom animatable
/// `angle` over `value(forKey:)` (the `@NSManaged` stand-in), a stored colour, `override init(layer:)`
/// copying both by assignment, `required init?(coder:)`, `needsDisplay(forKey:)`, an action animating from
/// the presentation value, and `draw(in:)` reading `self`. It draws a bar `angle / 2π` of its width.
final class ArcLayer: CALayer, @unchecked Sendable {
    var angle: CGFloat {
        get { value(forKey: "angle") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "angle") }
    }
    var color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    override init() { super.init() }

    override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? ArcLayer {
            angle = layer.angle
            color = layer.color
        }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "angle" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "angle" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.angle ?? angle
        animation.duration = 4
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(color)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * angle / (2 * .pi), height: bounds.height))
    }
}

extension ClientProcessSuite {
@Suite struct PresentationDrawingTests {
    /// Red pixels of row 40 over the layer (x 10…109).
    static func barWidth(_ server: ServerProcess) throws -> Int {
        let (width, pixels) = try server.snapshot()
        return (10..<110).filter { x in
            let i = (40 * width + x) * 4
            return pixels[i] > 200 && pixels[i + 1] < 50
        }.count
    }

    @Test func drawingReadsThePresentationCopysInterpolatedValues() throws {
        let server = try ServerProcess(refresh: 60)
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let arc = ArcLayer()
        arc.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        arc.position = CGPoint(x: 60, y: 40)
        // Paused at local time 0 (Core Animation's pause: speed 0 and a time offset).
        arc.speed = 0
        arc.timeOffset = 0
        arc.setNeedsDisplay()
        connection.attach(arc)
        CATransaction.flush()
        #expect(try eventually(5) { try Self.barWidth(server) == 0 })

        // 0 → 2π over 4 s, linear, from the presentation value: the action's presentation() makes a copy
        // whose init(layer:) assigns to it.
        arc.angle = 2 * .pi
        CATransaction.flush()
        #expect(arc.animation(forKey: "angle") != nil && arc.angle == 2 * .pi)
        // Chosen frames: the paused layer shows its animation at 1 s and 3 s, a quarter and three quarters.
        for (offset, expected) in [(1.0, 25), (3.0, 75)] {
            arc.timeOffset = offset
            CATransaction.flush()
            #expect(try eventually(5) { try Self.barWidth(server) == expected }, "at \(offset) s: \((try? Self.barWidth(server)) ?? -1) pixels")
            let shown = try #require(arc.presentation())
            #expect(abs(shown.angle - 2 * .pi * offset / 4) < 1e-9 && shown.color == arc.color)
        }
        // Re-targeting mid-way (still paused at 3 s): from the presentation value (3π/2) to π.
        arc.angle = .pi
        CATransaction.flush()
        let retarget = try #require(arc.animation(forKey: "angle") as? CABasicAnimation)
        #expect(abs((retarget.fromValue as? CGFloat ?? 0) - 1.5 * .pi) < 1e-9)
        // Resumed: the animation runs to its end and the bar settles at half the width.
        arc.speed = 1
        arc.timeOffset = 0
        arc.beginTime = 0
        CATransaction.flush()
        #expect(try eventually(10) { try Self.barWidth(server) == 50 && arc.animation(forKey: "angle") == nil })
        #expect(arc.angle == .pi && errors.reasons.isEmpty)
    }

    @Test func presentationCopiesTakeAssignmentsAndLeaveTheModelAlone() throws {
        let arc = ArcLayer()
        arc.angle = 1
        arc.opacity = 0.5
        CATransaction.flush()
        let copy = try #require(arc.presentation())
        #expect(copy.presentation() === copy)                    // seed 001's pattern inside display()
        copy.angle = 2
        copy.opacity = 0.25
        copy.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(copy.angle == 2 && copy.opacity == 0.25)
        #expect(arc.angle == 1 && arc.opacity == 0.5 && arc.color == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(copy.model() === arc)
        // A copy cannot join the tree: logged, nothing changes.
        let other = CALayer()
        let logged = LogCapture.messages { other.addSublayer(copy) }
        #expect(logged.count == 1 && logged[0].contains("presentation layers cannot be rearranged") && other.sublayers == nil)
        #expect(ArcLayer(coder: NSCoder()) == nil)
    }

    @Test func aDelegatesDrawingGetsThePresentationCopy() throws {
        final class Painter: CALayerDelegate {
            var seen: [CGFloat] = []
            func draw(_ layer: CALayer, in ctx: CGContext) { seen.append(layer.opacity.cgFloat) }
        }
        /// Its opacity needs display (a built-in key, as a subclass may declare).
        final class Fading: CALayer, @unchecked Sendable {
            override class func needsDisplay(forKey key: String) -> Bool { key == "opacity" || super.needsDisplay(forKey: key) }
        }
        let painter = Painter()
        let layer = Fading()
        layer.delegate = painter
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.speed = 0
        layer.opacity = 1
        CATransaction.flush()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 2
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(fade, forKey: "fade")
        CATransaction.flush()                                   // begins at the paused local time, 0
        layer.timeOffset = 0.5
        CATransaction.flush()
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(painter.seen.last == 0.25, "\(painter.seen)")
        // An animation of a key that needs no display leaves drawing to the model layer, whose stored
        // properties a subclass need not copy.
        let plain = CALayer()
        plain.delegate = painter
        plain.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        plain.speed = 0
        CATransaction.flush()
        plain.add(fade, forKey: "fade")
        CATransaction.flush()
        plain.timeOffset = 0.5
        CATransaction.flush()
        plain.setNeedsDisplay()
        plain.displayIfNeeded()
        #expect(painter.seen.count == 2 && painter.seen.last == 1, "\(painter.seen)")
    }
}
}

private extension Float {
    var cgFloat: CGFloat { CGFloat(self) }
}
