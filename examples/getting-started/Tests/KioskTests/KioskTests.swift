import Foundation
import KioskScreen
import Strata
import StrataTesting
import Testing

/// The screen on a headless server of the test's own, on the virtual clock: the test decides when time
/// passes, so each snapshot is the same on any machine. Not on the main actor: the app's handlers run
/// on the main queue while the test waits.
@Suite(.serialized) struct KioskTests {
    /// Exact on the llvmpipe these references were recorded with; another rasterizer may need a few levels.
    static let tolerance = UInt8(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0

    @Test func aTapTurnsTheButtonGreenAndSpinsItOnce() async throws {
        let server = try StrataTestServer(width: 800, height: 480)
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        // Built on the main actor, as the app builds it; a test has no run loop to commit it, so it flushes.
        let screen = await MainActor.run {
            let screen = KioskScreen(bounds: connection.screenBounds, scale: connection.screenScale)
            connection.attach(screen.root)
            CATransaction.flush()
            return screen
        }
        try server.advance(frames: 2) // the first frame, and the label's text laid out for the second
        try verifySnapshot(try server.snapshot(), matches: referenceURL("before-tap"), tolerance: Self.tolerance)

        try server.tap(at: CGPoint(x: 400, y: 240)) // the button's centre; the hold is 0.05 s
        try server.advance(by: 0.25)                // 0.3 s into the 0.6 s spin: upside down
        try verifySnapshot(try server.snapshot(), matches: referenceURL("half-spun"), tolerance: Self.tolerance)

        try server.advance(by: 0.5)                 // the spin is over, and its completion has run
        try verifySnapshot(try server.snapshot(), matches: referenceURL("after-tap"), tolerance: Self.tolerance)
        #expect(await MainActor.run { screen.taps } == 1)
    }
}
