import Foundation
import StrataUIKit
import XCTest

/// Runs the Apple-shaped Auto Layout code in Shared/AutoLayoutShape.swift without a render server.
final class AutoLayoutShapeTests: XCTestCase {
    func testAControllersConstraintsPlaceItsViews() throws {
        try MainActor.assumeIsolated {
            let controller = AutoLayoutController()
            controller.view.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
            controller.view.layoutIfNeeded()
            let badge = controller.badge
            XCTAssertTrue(controller.isRightToLeft)
            XCTAssertEqual(badge.frame.minY, 20)
            XCTAssertEqual(badge.frame.width, 120)
            // Right to left: the layout margin (8), the spacer (30) and twice the system spacing (16) from the right.
            XCTAssertEqual(badge.frame.maxX, 300 - 8 - 30 - 16)
            XCTAssertEqual(try XCTUnwrap(badge.pinnedLeading).identifier, "badge.leading")
            XCTAssertFalse(controller.badgeIsAmbiguous)
            controller.slideDown()
            XCTAssertEqual(badge.frame.minY, 80)
        }
    }

    func testOverriddenAnchorsAndGuidesAreTheOnesUsed() throws {
        MainActor.assumeIsolated {
            let card = InsetCardView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let content = UIView()
            pin(content, to: card) // through UIView's anchors: the card's overrides answer
            card.layoutIfNeeded()
            XCTAssertEqual(content.frame, CGRect(x: 8, y: 8, width: 40, height: 20))
            let spare = UILayoutGuide()
            (card as UIView).addLayoutGuide(spare)
            XCTAssertGreaterThanOrEqual(card.guidesAdded, 1)
            XCTAssertTrue(card.layoutGuides.contains { $0 === spare })
            XCTAssertEqual(InsetCardView.userInterfaceLayoutDirection(for: .forceRightToLeft), .rightToLeft)
        }
    }
}
