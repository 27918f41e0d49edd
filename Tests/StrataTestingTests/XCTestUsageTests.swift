import Foundation
import Strata
import StrataPNG
import StrataTesting
import XCTest

/// StrataTesting from XCTest, whose tests run on the main thread: the app's handlers run on the main queue,
/// which StrataTesting lets run (the main run loop) while a step or a tap waits for them. (XCTest runs
/// before Swift Testing in the same process, so this connection does not meet ClientProcessSuite's.)
final class XCTestUsageTests: XCTestCase {
    func testATapOnTheVirtualClockReachesItsHandlerAndTheNextFrameShowsIt() throws {
        let server = try StrataTestServer(width: 64, height: 48)
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let touches = TouchCount()
        let pad = CALayer()
        pad.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        pad.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        pad.isInteractive = true
        pad.inputHandler = { event in
            guard event.kind == .touchDown, let layer = event.layer else { return }
            touches.add()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        connection.attach(pad)
        CATransaction.flush()
        try server.advance(frames: 1)
        XCTAssertEqual(try server.snapshot().pixel(x: 32, y: 24).r, 0)

        try server.tap(at: CGPoint(x: 32, y: 24), hold: 0)
        XCTAssertEqual(touches.value, 1, "the handler ran before tap returned")
        try server.advance(frames: 1)
        XCTAssertEqual(try server.snapshot().pixel(x: 32, y: 24).r, 255, "its change is in the next frame")
    }
}

/// Touches counted on the main queue, read by the test.
private final class TouchCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
