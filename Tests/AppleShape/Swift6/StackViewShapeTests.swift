import Foundation
import StrataUIKit
import XCTest

/// Runs the Apple-shaped stack view code in Shared/StackViewShape.swift without a render server.
final class StackViewShapeTests: XCTestCase {
    func testRowsStackAndCollapse() {
        MainActor.assumeIsolated {
            let controller = StackViewController()
            controller.view.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
            controller.view.layoutIfNeeded()
            let rows = controller.rows
            XCTAssertEqual(rows[0].frame.minY, 0)
            XCTAssertEqual(rows[1].frame.maxY, 200)
            XCTAssertEqual(rows[0].frame.width, 300)
            XCTAssertEqual(rows[0].title.frame.minX, 16)
            XCTAssertEqual(rows[0].value.frame.minX, rows[0].title.frame.maxX + 12)
            XCTAssertEqual(rows[1].value.frame.maxX, 300 - 16)
            controller.toggleSecondRow()
            XCTAssertEqual(rows[0].frame, CGRect(x: 0, y: 0, width: 300, height: 200))
            controller.removeAllRows()
            XCTAssertTrue(controller.stack.arrangedSubviews.isEmpty && controller.stack.subviews.isEmpty)
        }
    }
}
