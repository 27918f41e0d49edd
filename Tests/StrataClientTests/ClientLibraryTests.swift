import Foundation
import Strata
import Testing
import StrataTestSupport

extension ClientProcessSuite {
/// The client library on its own (no server): hierarchy, geometry, transactions, actions, presentation().
@Suite struct ClientLibraryTests {
    /// A committed tree, as implicit animations need one.
    func committedPair() -> (CALayer, CALayer) {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        return (root, child)
    }

    @Test func hierarchyOperations() {
        let p = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        #expect(p.sublayers == nil)
        p.addSublayer(a)
        p.addSublayer(b)
        p.insertSublayer(c, at: 0)
        #expect(p.sublayers?.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        p.insertSublayer(d, above: a)
        #expect(p.sublayers?.map(ObjectIdentifier.init) == [c, a, d, b].map(ObjectIdentifier.init))
        p.insertSublayer(b, below: c) // moving within the same parent
        #expect(p.sublayers?.map(ObjectIdentifier.init) == [b, c, a, d].map(ObjectIdentifier.init))
        let e = CALayer()
        p.replaceSublayer(a, with: e)
        #expect(p.sublayers?.map(ObjectIdentifier.init) == [b, c, e, d].map(ObjectIdentifier.init))
        #expect(a.superlayer == nil && e.superlayer === p)
        let q = CALayer()
        q.addSublayer(d) // adding elsewhere removes it from its old parent first
        #expect(p.sublayers?.count == 3 && d.superlayer === q)
        c.removeFromSuperlayer()
        #expect(p.sublayers?.map(ObjectIdentifier.init) == [b, e].map(ObjectIdentifier.init))
        CATransaction.flush()
    }

    @Test func groupOpacityAndEdgeAntialiasingPropertiesAreCarriedAndNotAnimated() {
        let layer = CALayer()
        #expect(layer.allowsGroupOpacity && layer.allowsEdgeAntialiasing)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        layer.allowsGroupOpacity = false
        layer.allowsEdgeAntialiasing = false
        layer.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        #expect(!layer.allowsGroupOpacity && !layer.allowsEdgeAntialiasing)
        #expect(layer.edgeAntialiasingMask.rawValue == 9)
        for key in ["allowsGroupOpacity", "allowsEdgeAntialiasing", "edgeAntialiasingMask"] {
            #expect(layer.action(forKey: key) == nil, "\(key) has no implicit animation")
        }
        #expect(layer.action(forKey: "opacity") != nil)
    }

    @Test func rasterizationPropertiesAreCarriedAndAnimatable() {
        let layer = CALayer()
        #expect(!layer.shouldRasterize && layer.rasterizationScale == 1)
        layer.shouldRasterize = true
        layer.rasterizationScale = 2
        #expect(layer.shouldRasterize && layer.rasterizationScale == 2)
        // Both are animatable in Core Animation: they get the default implicit animation.
        #expect(layer.action(forKey: "shouldRasterize") != nil)
        #expect(layer.action(forKey: "rasterizationScale") != nil)
        #expect(layer.minificationFilterBias == 0)
        layer.minificationFilterBias = -1.5
        #expect(layer.minificationFilterBias == -1.5)
        #expect(layer.action(forKey: "minificationFilterBias") == nil)   // not animatable
    }

    @Test func frameIsDerivedFromBoundsPositionAndAnchor() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.position = CGPoint(x: 200, y: 200)
        #expect(l.frame == CGRect(x: 150, y: 150, width: 100, height: 100))
        l.anchorPoint = .zero
        #expect(l.frame == CGRect(x: 200, y: 200, width: 100, height: 100))
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.position == CGPoint(x: 10, y: 20) && l.bounds.size == CGSize(width: 30, height: 40))
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(l.frame == CGRect(x: -20, y: -20, width: 60, height: 80))
        CATransaction.flush()
    }

    @Test func transformFunctionsFollowCoreAnimationOrder() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0) // translate first, then scale
        #expect(t.m41 == 20 && t.m11 == 2)
        let c = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 1))
        #expect(c == t)
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(abs(r.m12 - 1) < 1e-12 && abs(r.m21 + 1) < 1e-12)
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        #expect(CATransform3DConcat(c, CATransform3DInvert(c)) == CATransform3DIdentity)
        var values: [Float] = [0, 0]
        CAMediaTimingFunction(name: .easeInEaseOut).getControlPoint(at: 2, values: &values)
        #expect(values == [0.58, 1])
    }

    @Test func presentationIsNilBeforeCommitAndModelAfter() {
        let l = CALayer()
        l.opacity = 0.3
        #expect(l.presentation() == nil)
        CATransaction.flush()
        #expect(l.presentation()?.opacity == 0.3)
    }

    @Test func modelOfAPresentationIsTheLayer() throws {
        let shape = CAShapeLayer()
        shape.strokeEnd = 0.5
        #expect(shape.model() === shape)
        CATransaction.flush()
        let p = try #require(shape.presentation())
        #expect(p !== shape && p.model() === shape)
        #expect(p.model().strokeEnd == 0.5)   // typed as the layer's own class
        #expect(p.presentation() === p)
    }

    @Test func implicitAnimationFromPresentationValueWithTransactionDuration() throws {
        let (root, child) = committedPair()
        defer { withExtendedLifetime(root) {} }
        child.opacity = 0.0
        let anim = try #require(child.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(anim.fromValue as? CGFloat == 1 && anim.toValue == nil && anim.duration == 0.25)
        #expect(anim.timingFunction?.progress(at: 0.5) == CAMediaTimingFunction(name: .default).progress(at: 0.5))
        CATransaction.flush()
        let begin = try #require(child.animation(forKey: "opacity")).beginTime
        for dt in [0.0, 0.05, 0.125, 0.2, 0.25, 0.3] {
            let p = try #require(child.presentation(at: begin + dt))
            let expected = dt >= 0.25 ? 0 : 1 - ReferenceBezier.defaultCurve(dt / 0.25)
            #expect(abs(Double(p.opacity) - expected) < 1e-4, "opacity at +\(dt)")
        }

        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        child.position = CGPoint(x: 10, y: 0)
        CATransaction.commit()
        let move = try #require(child.animation(forKey: "position"))
        #expect(move.duration == 2)
        #expect(try #require(child.presentation(at: move.beginTime + 1)).position == CGPoint(x: 5, y: 0))
    }

    @Test func noImplicitAnimationWhenDisabledStandaloneOrHidden() {
        let (root, child) = committedPair()
        defer { withExtendedLifetime(root) {} }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.opacity = 0.5
        CATransaction.commit()
        #expect(child.animation(forKey: "opacity") == nil)
        child.isHidden = true
        #expect(child.animationKeys() == nil)
        let standalone = CALayer() // never committed
        standalone.opacity = 0.5
        #expect(standalone.animationKeys() == nil)
        CATransaction.flush()
    }

    @Test func explicitAnimationsAreCopiedKeyedAndRemovable() throws {
        let l = CALayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0.0
        a.toValue = 100.0
        a.duration = 1
        l.add(a, forKey: "slide")
        a.toValue = 5.0 // changing the original after adding has no effect
        #expect((l.animation(forKey: "slide") as? CABasicAnimation)?.toValue as? Double == 100)
        l.add(a, forKey: nil)
        #expect(l.animationKeys()?.count == 2)
        let unsupported = CABasicAnimation(keyPath: "contentsFormat")
        unsupported.toValue = 4.0
        l.add(unsupported, forKey: "corner")
        #expect(l.animation(forKey: "corner") == nil)
        l.removeAnimation(forKey: "slide")
        #expect(l.animationKeys()?.count == 1)
        l.removeAllAnimations()
        #expect(l.animationKeys() == nil)
        CATransaction.flush()
    }

    @Test func springAnimationsEvaluateLocallyAndCopyTheirParameters() throws {
        let l = CALayer()
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0.0
        spring.toValue = 1.0
        spring.duration = 2
        spring.damping = 5
        spring.initialVelocity = 1
        spring.beginTime = 100 // absolute media time, so the test controls the clock
        l.add(spring, forKey: "pop")
        spring.damping = 50 // changing the original after adding has no effect
        CATransaction.flush()
        let added = try #require(l.animation(forKey: "pop") as? CASpringAnimation)
        #expect(added.damping == 5 && added.mass == 1 && added.stiffness == 100 && added.initialVelocity == 1)
        for t in [0.0, 0.1, 0.3, 0.8, 1.5] {
            let x = ReferenceSpring.displacement(mass: 1, stiffness: 100, damping: 5, velocity: 1, at: t)
            let p = try #require(l.presentation(at: 100 + t))
            #expect(abs(Double(p.opacity) - (1 - x)) < 1e-5, "t=\(t)")
        }
        let bad = CASpringAnimation(keyPath: "opacity")
        bad.toValue = 1.0
        bad.mass = 0
        l.add(bad, forKey: "bad") // mass must be > 0: logged and not added
        #expect(l.animation(forKey: "bad") == nil)
    }

    @Test func anAnimationWithNoValuesRunsFromTheOnScreenValueToTheModel() throws {
        let (root, child) = committedPair()
        defer { withExtendedLifetime(root) {} }
        child.position = CGPoint(x: 0, y: 0)
        CATransaction.setDisableActions(true)
        CATransaction.flush()
        // Core Animation: with fromValue, toValue and byValue all nil, the animation interpolates between the
        // previous and the current presentation value of the key path.
        CATransaction.setDisableActions(true)
        child.position = CGPoint(x: 100, y: 40)
        let move = CABasicAnimation(keyPath: "position")
        move.duration = 2
        child.add(move, forKey: "move")
        CATransaction.flush()
        let added = try #require(child.animation(forKey: "move") as? CABasicAnimation)
        #expect(added.fromValue as? CGPoint == CGPoint(x: 0, y: 0))
        #expect(try #require(child.presentation(at: added.beginTime + 1)).position == CGPoint(x: 50, y: 20))
    }

    @Test func transactionPropertiesByKeyAsInTheSeedsListings() throws {
        let (root, layer) = committedPair()
        defer { withExtendedLifetime(root) {} }
        // Seed 000 listing 5-6: [CATransaction setValue:@10.0 forKey:kCATransactionAnimationDuration].
        CATransaction.begin()
        CATransaction.setValue(10.0, forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 10)
        layer.opacity = 0.5
        CATransaction.commit()
        #expect(layer.animation(forKey: "opacity")?.duration == 10)

        // Listing 5-7: an outer 2 s transaction moves the layer; an inner 5 s one changes zPosition and opacity.
        CATransaction.begin()
        CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
        layer.position = CGPoint(x: 0, y: 0.5)
        CATransaction.begin()
        CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
        layer.zPosition = 200
        layer.opacity = 0
        CATransaction.commit()
        CATransaction.commit()
        #expect(layer.animation(forKey: "position")?.duration == 2)
        #expect(layer.animation(forKey: "zPosition")?.duration == 5)
        #expect(layer.animation(forKey: "opacity")?.duration == 5)

        // Listing 6-2: kCATransactionDisableActions true → no implicit animation for the change.
        layer.removeAllAnimations()
        CATransaction.begin()
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        layer.opacity = 1
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)

        // Any other key is stored per transaction and read from the innermost outwards.
        CATransaction.begin()
        CATransaction.setValue("outer", forKey: "myKey")
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
        CATransaction.setValue("inner", forKey: "myKey")
        #expect(CATransaction.value(forKey: "myKey") as? String == "inner")
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
        CATransaction.setValue("ten", forKey: kCATransactionAnimationDuration) // wrong type: logged, ignored
        #expect(CATransaction.animationDuration() == 0.25)
        CATransaction.commit()
    }

    @Test func keyPathSettersAndGetters() {
        let l = CALayer()
        l.setValue(0.5, forKeyPath: "transform.rotation.z")
        #expect(l.transform == CATransform3DMakeRotation(0.5, 0, 0, 1))
        l.setValue(20.0, forKeyPath: "position.x")
        #expect(l.position.x == 20)
        #expect(l.value(forKeyPath: "transform.rotation.z") as? CGFloat == 0.5)
        l.setValue(3.0, forKeyPath: "contentsFormat") // not carried: logged, model unchanged
        #expect(l.value(forKeyPath: "contentsFormat") == nil)
        CATransaction.flush()
    }

    @Test func transactionsBelongToTheThreadThatMakesTheChanges() {
        nonisolated(unsafe) let a = CALayer()
        let b = CALayer()
        let done = DispatchSemaphore(value: 0)
        // A thread with no run loop changes `a` and never flushes: its implicit transaction stays open.
        let other = Thread { a.opacity = 0.5; done.signal() }
        other.start()
        done.wait()
        b.opacity = 0.25
        CATransaction.flush() // commits this thread's transaction only
        #expect(b.presentation()?.opacity == 0.25)
        #expect(a.presentation() == nil)
    }

    @Test func completionBlockRunsAfterTheAnimationsWithoutAServer() {
        let (root, child) = committedPair()
        defer { withExtendedLifetime(root) {} }
        let done = DispatchSemaphore(value: 0)
        let start = Date()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.3)
        CATransaction.setCompletionBlock { done.signal() }
        child.opacity = 0.1
        CATransaction.commit()
        #expect(done.wait(timeout: .now() + 3) == .success)
        #expect(Date().timeIntervalSince(start) >= 0.25)
    }
}
}

extension ClientProcessSuite {
@Suite struct EnumerationKVCTests {
    @Test func gravityAndFillModeTravelByName() {
        let l = CALayer()
        l.setValue("resizeAspectFill", forKeyPath: "contentsGravity")
        #expect(l.contentsGravity == .resizeAspectFill)
        #expect(l.value(forKeyPath: "contentsGravity") as? CALayerContentsGravity == .resizeAspectFill)
        l.setValue(CAMediaTimingFillMode.both, forKeyPath: "fillMode")
        #expect(l.fillMode == .both && l.value(forKeyPath: "fillMode") as? CAMediaTimingFillMode == .both)
        l.setValue("sideways", forKeyPath: "contentsGravity")     // unknown: logged, unchanged
        #expect(l.contentsGravity == .resizeAspectFill)
        CATransaction.flush()
    }
}
}
