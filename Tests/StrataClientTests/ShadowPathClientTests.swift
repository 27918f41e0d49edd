import Foundation
@testable import Strata
import Testing

extension ClientProcessSuite {
/// CALayer.shadowPath on the client: default, actions, KVC, and drawn by a server.
@Suite struct ShadowPathClientTests {
    /// A committed tree, as implicit animations need one.
    func committedPair() -> (CALayer, CALayer) {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        return (root, child)
    }

    func points(_ path: CGPath?) -> [CGPoint] { path?.path.points ?? [] }

    @Test func theDefaultIsNil() {
        let l = CALayer()
        #expect(l.shadowPath == nil)
        #expect(CALayer.defaultValue(forKey: "shadowPath") == nil)
    }

    @Test func aShadowPathChangeBetweenPathsOfOneStructureAnimatesFromTheOnScreenPath() throws {
        let (root, child) = committedPair()
        defer { withExtendedLifetime(root) {} }
        // A path appearing (nil → path) shows at once: there is nothing to interpolate from.
        child.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(child.animation(forKey: "shadowPath") == nil)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        child.shadowPath = CGPath(rect: CGRect(x: 20, y: 0, width: 10, height: 30))
        CATransaction.commit()
        let anim = try #require(child.animation(forKey: "shadowPath") as? CABasicAnimation)
        #expect(points(anim.fromValue as? CGPath) == points(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))))
        #expect(anim.toValue == nil && anim.duration == 0.25)
        // Half-way, every point is half-way (linear timing).
        let halfway = try #require(child.presentation(at: anim.beginTime + 0.125)).shadowPath
        #expect(points(halfway) == points(CGPath(rect: CGRect(x: 10, y: 0, width: 10, height: 20))))
        #expect(points(child.presentation(at: anim.beginTime + 1)?.shadowPath) == points(child.shadowPath))
    }

    @Test func aShadowPathChangeOfStructureOrToNilShowsAtOnce() {
        let (root, child) = committedPair()
        defer { withExtendedLifetime(root) {} }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        CATransaction.commit()
        child.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)) // five elements → six
        #expect(child.animation(forKey: "shadowPath") == nil)
        CATransaction.flush()
        child.shadowPath = nil
        #expect(child.animation(forKey: "shadowPath") == nil)
        CATransaction.flush()
        // Other properties still animate as before.
        child.shadowRadius = 9
        #expect(child.animation(forKey: "shadowRadius") != nil)
        CATransaction.flush()
    }

    @Test func anExplicitAnimationBetweenPathsOfDifferentStructureIsRejected() {
        let (root, child) = committedPair()
        defer { withExtendedLifetime(root) {} }
        let bad = CABasicAnimation(keyPath: "shadowPath")
        bad.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        bad.toValue = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.add(bad, forKey: "morph")
        #expect(child.animation(forKey: "morph") == nil)
        let good = CABasicAnimation(keyPath: "shadowPath")
        good.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        good.toValue = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10))
        child.add(good, forKey: "slide")
        #expect(child.animation(forKey: "slide") != nil)
        CATransaction.flush()
    }

    @Test func shadowPathByKeyPath() {
        let l = CALayer()
        l.setValue(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)), forKeyPath: "shadowPath")
        #expect(points(l.value(forKeyPath: "shadowPath") as? CGPath) == points(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))))
        l.setValue(nil, forKeyPath: "shadowPath")
        #expect(l.shadowPath == nil && l.value(forKeyPath: "shadowPath") == nil)
        CATransaction.flush()
    }

    @Test func aServerDrawsThePathShadow() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let layer = CALayer()                                        // no background or contents
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 40, y: 60)                       // screen x 20…60, y 40…80
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = .zero
        layer.shadowColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.shadowPath = CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10))
        connection.attach(layer)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 35, 55) == [255, 255, 255, 255] })
        let px = try server.snapshot().pixels
        #expect(pixel(px, width: 160, 25, 45) == [0, 0, 0, 255])     // inside the bounds, outside the path
        #expect(errors.reasons.isEmpty)
    }
}
}
