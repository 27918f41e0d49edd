import Foundation
import Strata
import StrataPNG
import StrataProtocol
import StrataTesting
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// A fling on a real server on the virtual clock: the finger goes up 100 points in 0.1 s (1000 points per
/// second) and lifts; the deceleration that follows runs on the server and matches UIKit's law
/// x(t) = v0·(r^(1000t) − 1)/(1000·ln r), r per millisecond, v0 in points per second.
@Suite struct UIScrollViewFlingTests {
    static func fling(_ stage: ScrollStage) throws {
        try stage.server.swipe(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 100), duration: 0.1, steps: 10)
    }

    /// Where the red bar nearest the middle of the screen shows with the content at `offset`, in points.
    static func barOnScreen(for offset: Double) -> Double {
        let k = ((offset - 51 + 70) / 100).rounded(.up)
        return 51 + 100 * k - offset
    }

    @Test(arguments: [0.998, 0.99])
    func aFlingDeceleratesAtUIKitsRateOnTheServer(rate: Double) throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000)) {
            $0.scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: CGFloat(rate))
        }
        defer { stage.close() }
        try Self.fling(stage)
        let recorder = stage.scene.recorder
        let (t0, x0, v0) = onMain { (recorder.releaseTime, Double(recorder.releaseOffset.y), Double(recorder.releaseVelocity.y)) }
        // The pan's 10-point slop is not scrolled: 90 points dragged, at 1000 points per second.
        #expect(abs(x0 - 90) < 1e-9 && abs(v0 - 1000) < 1e-6)
        let distance = -v0 / (1000 * log(rate))
        func uikit(_ t: Double) -> Double { x0 + v0 * (pow(rate, 1000 * t) - 1) / (1000 * log(rate)) }
        #expect(abs(Double(onMain { recorder.proposedTarget.y }) - (x0 + distance)) < 1e-9)
        #expect(onMain { stage.scene.scrollView.isDecelerating })

        var scrolls = onMain { recorder.scrolls }
        var lastApp = x0
        for frames in [3, 6, 15, 30, 60] {
            let t = Double(frames) / 60
            try stage.server.advance(by: t0 + t - CACurrentMediaTime())
            let app = Double(stage.offset.y)
            // UIKit's law rounded to the screen's pixels (scale 1: whole points), as UIKit's offsets are: within half
            // a pixel and the polyline's 0.01 points of it.
            #expect(app == app.rounded(), "at \(t) s the app reads \(app), off the pixel grid")
            #expect(abs(app - uikit(t)) <= 0.5 + 0.011, "at \(t) s the app reads \(app), UIKit's law \(uikit(t))")
            // The server's frame at that vblank shows the same offset (to its pixels).
            let shot = try stage.server.snapshot()
            let shown = try #require(shownBarCentre(shot, near: Self.barOnScreen(for: uikit(t))))
            #expect(abs(shown - Self.barOnScreen(for: uikit(t))) <= 0.75, "at \(t) s the server shows the bar at \(shown)")
            // scrollViewDidScroll came with the frames, from the display link, while the offset on screen (on the
            // pixel grid) changed.
            let now = onMain { recorder.scrolls }
            if app != lastApp { #expect(now > scrolls, "at \(t) s") }
            scrolls = now
            lastApp = app
        }
        // It comes to rest where the law says, and says so once.
        try stage.server.advance(by: 6)
        #expect(stage.offset.y == CGFloat((x0 + distance).rounded()))
        #expect(!onMain { stage.scene.scrollView.isDecelerating })
        #expect(stage.calls.last == "didEndDecelerating")
        #expect(stage.calls.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    /// The app's main thread is blocked for a second of the server's clock just after release: the server
    /// goes on drawing the fling (each quarter second where UIKit's law puts it), with no help from the app.
    @Test func aFlingKeepsMovingWhileTheAppsMainThreadIsBlocked() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000))
        defer { stage.close() }
        try Self.fling(stage)
        let recorder = stage.scene.recorder
        let (x0, v0) = onMain { (Double(recorder.releaseOffset.y), Double(recorder.releaseVelocity.y)) }
        func uikit(_ t: Double) -> Double { x0 + v0 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998)) }

        let blocked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { blocked.signal(); release.wait() }
        blocked.wait()
        // The clock is stepped directly (StrataTesting's steps wait for the app, which cannot answer now).
        let clock = try InspectorClient(socketPath: stage.server.socketPath)
        var shown: [Double] = []
        for quarter in 1...4 {
            _ = try clock.advanceClock(by: 0.25)
            let expected = Self.barOnScreen(for: uikit(0.25 * Double(quarter)))
            let shot = try stage.server.snapshot()
            shown.append(try #require(shownBarCentre(shot, near: expected)))
            #expect(abs((shown.last ?? 0) - expected) <= 0.75, "after \(0.25 * Double(quarter)) s of a blocked app")
        }
        release.signal()
        #expect(Set(shown).count == 4, "the screen changed every quarter second: \(shown)")
        // Unblocked, the app reads what the server shows.
        try stage.server.advance(frames: 2)
        #expect(abs(Double(stage.offset.y) - uikit(CACurrentMediaTime() - onMain { recorder.releaseTime })) < 0.55)
    }
}
}
