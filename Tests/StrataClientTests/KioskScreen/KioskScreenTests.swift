import Foundation
import Strata
import StrataTesting
import Testing

extension ClientProcessSuite {
/// The test docs/testing.md shows: a kiosk screen on a headless server, tapped, compared with its reference.
/// In the suite that serializes every test that connects: the client library has one connection per process
/// (an app's own test target marks its suite `.serialized` instead). Not on the main actor: the app's
/// handlers run on the main queue while the test waits.
@Suite struct KioskScreenTests {
    /// Exact on the pinned Mesa llvmpipe; other rasterizers may set STRATA_PIXEL_TOLERANCE.
    static let tolerance = UInt8(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0

    @Test func aTapTurnsTheButtonGreenAndItsSpringMatchesTheReferencesAtChosenTimes() throws {
        let server = try StrataTestServer(width: 320, height: 240) // on the virtual clock
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let screen = KioskScreen(bounds: connection.screenBounds)
        connection.attach(screen.root)
        CATransaction.flush()
        try server.advance(frames: 1) // the screen's first frame: the button is on screen (and hit-testable)
        #expect(isBlue(try server.snapshot().pixel(x: 160, y: 120)))

        try server.tap(screen.button) // touch down, 0.05 s on the clock, lift
        try server.advance(by: 0.05)
        // 0.1 s into the bounce (6 frames at 60 Hz): the green button part-way back to full size, as wide
        // as the app's presentation layer says at that time.
        let bouncing = try server.snapshot()
        let scale = try #require(screen.button.presentation()?.value(forKeyPath: "transform.scale") as? CGFloat)
        // The row's width in pixels, an antialiased edge counting by its coverage (green's G over the root's).
        let width = (0..<320).reduce(0.0) { sum, x in sum + (Double(bouncing.pixel(x: x, y: 120).g) - 31) / (178.5 - 31) }
        #expect(scale > 0.85 && scale < 1 && abs(width - 100 * scale) <= 0.5, "scale \(scale), \(width) pixels wide")
        try verifySnapshot(bouncing, matches: referenceURL("kiosk-spring-at-0.1s"), tolerance: Self.tolerance)
        // Past its settling duration (1.16 s) the bounce is over: the full-size green button.
        try server.advance(by: 1.5)
        #expect(screen.button.animation(forKey: "bounce") == nil)
        try verifySnapshot(try server.snapshot(), matches: referenceURL("kiosk-after-tap"), tolerance: Self.tolerance)
    }

    @Test func oneChangedPixelBeyondTheToleranceFailsWithADiffImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-kiosk-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("kiosk-after-tap.png")
        try FileManager.default.copyItem(at: referenceURL("kiosk-after-tap"), to: reference)
        var shot = try readSnapshotPNG(at: reference)
        shot.pixels[(10 * shot.width + 10) * 4] &+= 3 // one pixel's red, 3 levels

        #expect(throws: Never.self) { try verifySnapshot(shot, matches: reference, tolerance: 3) }
        let failure = try #require(throws: SnapshotFailure.self) { try verifySnapshot(shot, matches: reference, tolerance: 2) }
        #expect(failure.reason == .mismatch)
        #expect(failure.comparison?.differingPixels == 1 && failure.comparison?.largestDifference == 3)
        #expect(failure.description.contains("1 pixel(s)") && failure.description.contains("largest channel difference 3"))
        let diff = try readSnapshotPNG(at: try #require(failure.diffURL))
        #expect(diff.pixel(x: 10, y: 10) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 11, y: 10).r < 64) // dimmed
        #expect(try readSnapshotPNG(at: try #require(failure.actualURL)) == shot)
    }

    /// On the wall clock (a server as a kiosk runs it): the test waits for the screen instead of stepping.
    @Test func aLayerSnapshotIsTheScreenWithinTheLayersBounds() throws {
        let server = try StrataTestServer(width: 320, height: 240, clock: .wall)
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let screen = KioskScreen(bounds: connection.screenBounds)
        connection.attach(screen.root)
        CATransaction.flush()
        let full = try server.waitForSnapshot("the blue button") { isBlue($0.pixel(x: 160, y: 120)) }

        let button = try server.snapshot(of: screen.button)
        #expect(button.width == 100 && button.height == 100)
        #expect(button == (try full.cropped(to: CGRect(x: 110, y: 70, width: 100, height: 100))))
        #expect(isBlue(button.pixel(x: 50, y: 50)))
        #expect(!isBlue(button.pixel(x: 0, y: 0))) // the rounded corner shows the root
    }

    @Test func swipesAndKeysReachTheApp() throws {
        let server = try StrataTestServer(width: 320, height: 240)
        defer { server.stop() }
        let connection = try server.connect()
        defer { connection.close() }
        let screen = KioskScreen(bounds: connection.screenBounds)
        let events = KioskEventLog()
        screen.root.isInteractive = true
        screen.root.inputHandler = { events.append($0) }
        connection.inputHandler = { events.append($0) } // keys: no layer has the focus
        connection.attach(screen.root)
        CATransaction.flush()
        try server.advance(frames: 1)

        // On the virtual clock each event has reached the app's handler by the time the call returns.
        let began = try #require(server.now)
        try server.swipe(from: CGPoint(x: 20, y: 200), to: CGPoint(x: 60, y: 200), duration: 0.1, steps: 4)
        try server.type("ok")
        try server.press(.return)
        #expect(events.kinds.filter { $0 != .key } == [.touchDown, .touchMoved, .touchMoved, .touchMoved, .touchMoved, .touchUp])
        #expect(events.snapshot.first?.location == CGPoint(x: 20, y: 200))
        // Input is stamped on the virtual clock: the touch's events 0.025 s of it apart (the swipe's steps).
        let times = events.snapshot.filter { $0.kind != .key }.map(\.timestamp)
        #expect(times.first == began && abs((times.last ?? 0) - began - 0.1) < 1e-9, "\(times)")
        #expect(events.snapshot.filter { $0.kind == .key && $0.isPressed }.map(\.text) == ["o", "k", ""])
        #expect(events.snapshot.filter { $0.kind == .key && $0.isPressed }.map(\.keysym) == [0x6f, 0x6b, 0xff0d])
    }
}
}

func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.b > 200 && p.r < 90 }
func isGreen(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.g > 150 && p.b < 120 }

/// Events the app's handlers got (on the main queue), read by the test.
final class KioskEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [StrataInputEvent] = []
    func append(_ e: StrataInputEvent) { lock.withLock { events.append(e) } }
    var snapshot: [StrataInputEvent] { lock.withLock { events } }
    var kinds: [StrataInputEvent.Kind] { snapshot.map(\.kind) }
}
