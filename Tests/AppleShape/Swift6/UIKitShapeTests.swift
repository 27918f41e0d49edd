import Foundation
import StrataUIKit
import XCTest

/// Runs what the Apple-shaped UIKit code in Shared/UIKitShape.swift can run without a render server (the
/// test thread is the main thread, the main actor's).
final class UIKitShapeTests: XCTestCase {
    func testLayoutSublayersOverrideRunsOnTheMainActorAndSeesBounds() {
        MainActor.assumeIsolated {
            let view = GradientBackedView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
            view.setNeedsLayout()
            view.layoutIfNeeded()
            XCTAssertEqual(view.gradient.frame, CGRect(x: 0, y: 0, width: 40, height: 30))
            XCTAssertEqual(view.laidOut, 1)
        }
    }

    func testALayerClassIsMadeWithItsOwnInit() throws {
        try MainActor.assumeIsolated {
            let layer = try XCTUnwrap(PulseView().layer as? PulseLayer)
            XCTAssertEqual(layer.pulses, 2)
            XCTAssertEqual(layer.cornerRadius, 4)
        }
    }

    func testViewsAreNSObjectsEqualByIdentity() {
        MainActor.assumeIsolated {
            let a = ContainerView(), b = UIView()
            XCTAssertEqual(Set<UIView>([a, b, a]).count, 2)
            XCTAssertTrue(a == a)
            XCTAssertFalse(a == b)
            XCTAssertEqual(a.description, "ContainerView")
        }
    }

    func testOverriddenHierarchyMembersAreCalledByUIKit() {
        MainActor.assumeIsolated {
            let container = ContainerView(), child = UIView()
            container.addSubview(child)
            container.contentMode = .center
            container.tintColor = .red
            XCTAssertEqual(container.log, ["add", "contentMode", "tint"])
        }
    }

    func testTheControllerInitialiserPatternMakesAController() {
        MainActor.assumeIsolated {
            XCTAssertEqual(ShapeController().model, 1)
            XCTAssertTrue(ShapeController().prefersStatusBarHidden)
            XCTAssertFalse(PlainController().prefersStatusBarHidden)
            XCTAssertEqual(PlainController().supportedInterfaceOrientations, .all)
        }
    }

    func testTheViewVetoesItsRecognizerBeforeItBegins() {
        MainActor.assumeIsolated {
            let view = ContainerView()
            let recognizer = ShapeRecognizer(target: nil, action: nil)
            XCTAssertTrue(recognizer.made)
            view.addGestureRecognizer(recognizer)
            view.allowsGestures = false
            recognizer.state = .began
            XCTAssertEqual(recognizer.state, .failed)
        }
    }

    func testWindowLevelsOrderAsUIKits() {
        MainActor.assumeIsolated {
            XCTAssertLessThan(UIWindow.Level.normal, .statusBar)
            XCTAssertLessThan(UIWindow.Level.statusBar, .alert)
            XCTAssertEqual((UIWindow.Level.alert + 1).rawValue, 2001)
            XCTAssertEqual(UIWindow(frame: .zero).windowLevel, .normal)
        }
    }

    func testIgnoringInteractionEventsNests() {
        MainActor.assumeIsolated {
            let app = UIApplication.shared
            app.beginIgnoringInteractionEvents()
            app.beginIgnoringInteractionEvents()
            app.endIgnoringInteractionEvents()
            XCTAssertTrue(app.isIgnoringInteractionEvents)
            app.endIgnoringInteractionEvents()
            XCTAssertFalse(app.isIgnoringInteractionEvents)
            app.endIgnoringInteractionEvents() // one too many: still not ignoring, and the next begin counts
            app.beginIgnoringInteractionEvents()
            XCTAssertTrue(app.isIgnoringInteractionEvents)
            app.endIgnoringInteractionEvents()
        }
    }

    func testAnImageTurnedRightIsTallerThanWide() throws {
        let cg = try XCTUnwrap(CGImage(width: 4, height: 2, rgba: [UInt8](repeating: 255, count: 32)))
        let image = UIImage(cgImage: cg, scale: 2, orientation: .right)
        XCTAssertEqual(image.size, CGSize(width: 1, height: 2))
        XCTAssertEqual(image.imageOrientation, .right)
        XCTAssertEqual(image, image)
        XCTAssertNotEqual(image, UIImage(cgImage: cg))
    }

    func testARendererDrawsAnImageOfItsSizeAndScale() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 5), format: format).image { context in
            context.cgContext.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 5))
        }
        XCTAssertEqual(image.size, CGSize(width: 3, height: 5))
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.cgImage?.width, 6)
    }

    func testUIColorFromCGColorIsTheSameColour() {
        XCTAssertEqual(UIColor(cgColor: UIColor.orange.cgColor), UIColor.orange)
        XCTAssertEqual(UIColor(cgColor: CGColor(gray: 0.5, alpha: 1)).numberOfComponents, 2)
    }
}
