import Foundation
import XCTest
import Strata

/// Runs the Apple-shaped Core Animation code in Shared/ (that it compiles, in both language modes, is the
/// rest of the check): overrides are reached, NSObject identity holds, Apple's types carry the values.
final class AppleShapeRunTests: XCTestCase {
    func testLayersAreNSObjectsWithOverridableDescription() {
        let parent = CALayer(), child = ShapeProbeLayer()
        parent.addSublayer(child)
        XCTAssertTrue(isOwnSublayer(child, of: parent))
        XCTAssertFalse(isOwnSublayer(parent, of: child))
        XCTAssertEqual(child.description, "ShapeProbeLayer(0)")
        XCTAssertEqual(Set([parent, child, parent]).count, 2)
        XCTAssertNotEqual(CALayer(), CALayer())
    }

    func testOverriddenLayerMembersAreReached() {
        let layer = ShapeProbeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.addSublayer(CALayer())
        layer.insertSublayer(CALayer(), at: 0)             // not addSublayer: not counted
        layer.setNeedsDisplay()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.5
        layer.add(fade, forKey: "fade")
        layer.add(fade, forKey: nil)
        XCTAssertEqual(layer.boundsChanges, 1)
        XCTAssertFalse(ShapeProbeLayer.shouldArchiveValue(forKey: "added"))
        XCTAssertTrue(CALayer.shouldArchiveValue(forKey: "added"))
        XCTAssertEqual(layer.sublayersAdded, 1)
        XCTAssertEqual(layer.sublayers?.count, 2)
        XCTAssertEqual(layer.displayRequests, 1)
        XCTAssertEqual(layer.added, ["fade", "nil"])
        XCTAssertEqual(layer.animationKeys()?.count, 2)
        CATransaction.flush()
    }

    func testContentsIsAnyAndTakesImagesOnly() throws {
        let image = try XCTUnwrap(CGImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 255, 0, 255]))
        let layer = CALayer()
        XCTAssertTrue(showImage(image, in: layer) === image)
        layer.contents = "not an image"                     // logged: contents unchanged
        XCTAssertTrue((layer.contents as? CGImage) === image)
        layer.contents = NSNull()                           // nothing, as iOS shows for NSNull
        XCTAssertNil(layer.contents)
        layer.contents = image
        let none: CGImage? = nil
        layer.contents = none as Any                        // an empty optional boxed in Any: nothing too
        XCTAssertNil(layer.contents)
        layer.contents = image
        layer.contents = nil
        XCTAssertNil(layer.contents)
        CATransaction.flush()
    }

    func testEachInitialiserPatternMakesPresentationCopiesOfItsClass() throws {
        let badge = BadgeCountLayer()
        badge.count = 7
        let pulse = PulseLayer()
        pulse.pulses = 5
        let ring = RingLayer(title: "Wi-Fi", color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        for layer in [badge, pulse, ring] as [CALayer] { layer.opacity = 0.5 }
        CATransaction.flush()
        // No initialiser: the inherited init(layer:) copies CALayer's state; the subclass's own property
        // starts at its default, as on iOS.
        let badgeCopy = try XCTUnwrap(badge.presentation())
        XCTAssertEqual(badgeCopy.count, 3)
        XCTAssertEqual(badgeCopy.opacity, 0.5)
        let pulseCopy = try XCTUnwrap(pulse.presentation())
        XCTAssertEqual(pulseCopy.pulses, 5)
        XCTAssertEqual(pulseCopy.cornerRadius, 4)
        let ringCopy = try XCTUnwrap(ring.presentation())
        XCTAssertEqual(ringCopy.title, "Wi-Fi")
        XCTAssertEqual(ringCopy.ringColor, ring.ringColor)
        XCTAssertEqual(ringCopy.opacity, 0.5)
        XCTAssertFalse(ringCopy === ring)
        XCTAssertTrue(ringCopy.model() === ring)
    }

    func testFiltersAndCornerCurvesTakeApplesTypes() throws {
        let card = frostedCard()
        XCTAssertEqual((card.backgroundFilters as? [CIFilter])?.map(\.name), ["frost", "CIColorControls"])
        XCTAssertEqual((card.compositingFilter as? CIFilter)?.name, "CIMultiplyBlendMode")
        XCTAssertEqual(card.cornerCurve, .continuous)
        XCTAssertEqual(card.value(forKeyPath: "backgroundFilters.frost.inputRadius") as? CGFloat, 12)
        XCTAssertNotNil(card.animation(forKey: "pulse"))
        XCTAssertEqual(continuousReach(of: 10), 15.2866483, accuracy: 1e-6)
        XCTAssertEqual(typedFilters().map(\.name), ["CIGaussianBlur", "CIColorControls", "CIMultiplyBlendMode"])
    }

    func testFadeDurationIsAClassMethodSubclassesOverride() {
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        XCTAssertEqual(QuickTiledLayer.fadeDuration(), 0)
    }

    func testEmitterCellsTakeAppleTypes() throws {
        let cell = SparkCell()
        configureSpark(cell, image: nil)
        XCTAssertEqual(cell.magnificationFilter, "nearest")
        XCTAssertEqual(cell.minificationFilter, "linear")
        XCTAssertEqual(cell.value(forKey: "sparkle") as? Int, 3)
        cell.setValue(2.5, forKey: "birthRate")
        XCTAssertEqual(cell.birthRate, 2.5)
        cell.setValue(4, forKey: "duration")
        cell.setValue(true, forKey: "autoreverses")
        XCTAssertEqual(cell.duration, 4)
        XCTAssertTrue(cell.autoreverses)
        XCTAssertEqual(cell.value(forKey: "duration") as? Double, 4)
        cell.magnificationFilter = "blurry"                 // logged: unchanged
        XCTAssertEqual(cell.magnificationFilter, "nearest")
        let image = try XCTUnwrap(CGImage(width: 1, height: 1, rgba: [1, 2, 3, 255]))
        cell.setValue(image, forKey: "contents")
        XCTAssertTrue((cell.contents as? CGImage) === image)
    }

    func testTransactionsAreClassesWithPlainCompletionBlocks() {
        let layer = CALayer()
        CATransaction.withoutActions { layer.opacity = 0.5 }
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertNotNil(commitWithCompletion {})
        CATransaction.flush()
    }

    func testAnimationSubclassesAndKeyValueCoding() throws {
        let shake = makeShake()
        XCTAssertTrue(shake is Shake)
        XCTAssertEqual(shake.keyPath, "position.x")
        XCTAssertEqual(shake.values?.count, 4)
        XCTAssertEqual(shake.duration, 0.3)
        let copy = try XCTUnwrap(fadeCopy(duration: 0.7))
        XCTAssertEqual(copy.duration, 0.7)
        XCTAssertEqual(copy.keyPath, "opacity")
        XCTAssertEqual(copy.value(forKey: "origin") as? String, "tap")
        XCTAssertEqual(copy.preferredFrameRateRange, CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60))
        XCTAssertEqual(copy.value(forKey: "duration") as? Double, 0.7)
        copy.setValue("slow", forKey: "duration")          // logged: wrong type, unchanged
        XCTAssertEqual(copy.duration, 0.7)
        copy.setValue(NSNumber(value: 2), forKey: "repeatCount")
        XCTAssertEqual(copy.repeatCount, 2)
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.setValue(50, forKey: "stiffness")
        XCTAssertEqual(spring.stiffness, 50)
        XCTAssertNotNil(spinFunction())
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")))
        let linear = CAMediaTimingFunction(name: .linear)
        XCTAssertTrue(sameCurve(linear, linear))
        XCTAssertFalse(sameCurve(linear, CAMediaTimingFunction(name: .linear)))
    }
}

/// iOS 17's perceptual spring (SwiftUI's `Spring(duration:bounce:)` parameters) and the timing protocol.
final class SpringAndTimingShapeTests: XCTestCase {
    func testAPerceptualSpringHasSwiftUIsPhysics() {
        let omega = 2 * Double.pi / 0.5
        let critical = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        XCTAssertEqual(critical.mass, 1)
        XCTAssertEqual(Double(critical.stiffness), omega * omega, accuracy: 1e-9)
        XCTAssertEqual(Double(critical.damping), 2 * omega, accuracy: 1e-9)
        XCTAssertEqual(critical.perceptualDuration, 0.5, accuracy: 1e-12)
        XCTAssertEqual(Double(critical.bounce), 0, accuracy: 1e-12)
        let bouncy = gentleSpring()
        XCTAssertEqual(Double(bouncy.damping), 2 * 0.8 * omega, accuracy: 1e-9)
        XCTAssertEqual(Double(bouncy.bounce), 0.2, accuracy: 1e-12)
        let overdamped = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5)
        XCTAssertEqual(Double(overdamped.damping), 2 * 2 * omega, accuracy: 1e-9)
        XCTAssertEqual(Double(overdamped.bounce), -0.5, accuracy: 1e-12)
        let refused = CASpringAnimation(perceptualDuration: 0, bounce: 0)   // logged: the default spring
        XCTAssertEqual(refused.stiffness, 100)
        XCTAssertEqual(refused.damping, 10)
    }

    func testLayersAnimationsAndCellsShareTheTimingProtocol() {
        let layer = CALayer(), animation = CABasicAnimation(keyPath: "opacity"), cell = CAEmitterCell()
        for timing in [layer, animation, cell] as [CAMediaTiming] { pause(timing, at: 2) }
        XCTAssertEqual(layer.speed, 0)
        XCTAssertEqual(layer.timeOffset, 2)
        XCTAssertEqual(animation.speed, 0)
        XCTAssertEqual(cell.timeOffset, 2)
        CATransaction.flush()
    }
}

/// CALayerDelegate's layout and will-draw callbacks (docs/status.md, `CALayerDelegate`).
final class CALayerDelegateTests: XCTestCase {
    func testTheDelegateLaysOutSublayersWhenTheLayerIsLaidOut() {
        let delegate = LayoutDelegate()
        let layer = CALayer(), sublayer = CALayer()
        layer.delegate = delegate
        layer.addSublayer(sublayer)
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.layoutIfNeeded()
        XCTAssertEqual(delegate.laidOut.count, 1)
        XCTAssertTrue(delegate.laidOut.first === layer)
        XCTAssertEqual(sublayer.frame, CGRect(x: 0, y: 0, width: 40, height: 30))
        layer.layoutIfNeeded()                              // nothing marked: not asked again
        XCTAssertEqual(delegate.laidOut.count, 1)
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        XCTAssertEqual(delegate.laidOut.count, 2)
        CATransaction.flush()
    }

    func testTheDelegateHearsOfEachDrawingFirst() {
        let delegate = LayoutDelegate()
        let layer = CALayer()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.willDraw, 1)
        XCTAssertNotNil(layer.contents as? CGImage)
        layer.displayIfNeeded()                             // not marked: no drawing
        XCTAssertEqual(delegate.willDraw, 1)
        CATransaction.flush()
    }
}
