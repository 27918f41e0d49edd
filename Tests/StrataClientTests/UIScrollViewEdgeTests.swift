import Foundation
import Strata
import StrataPNG
import StrataProtocol
import StrataTesting
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// Where flings end: past the end they spring back to the edge (or stop at it without `bounces`), paged
/// they end on a page, a delegate's target is honoured, and a touch stops a fling where it is.
@Suite struct UIScrollViewEdgeTests {
    /// 1000 content points high in a 240-point view: offsets 0…760.
    static let content = CGSize(width: 320, height: 1000)

    @Test func aFlingPastTheEndSpringsBackToTheEdge() throws {
        let stage = try ScrollStage(contentSize: Self.content) { $0.scrollView.contentOffset = CGPoint(x: 0, y: 600) }
        defer { stage.close() }
        try UIScrollViewFlingTests.fling(stage) // 690 at release, heading for 1189
        #expect(onMain { stage.scene.recorder.proposedTarget } == CGPoint(x: 0, y: 760))
        var furthest: CGFloat = 0
        for _ in 0..<60 {
            try stage.server.advance(frames: 1)
            furthest = max(furthest, stage.offset.y)
        }
        #expect(furthest > 770, "it ran past the edge (to \(furthest))")
        try stage.server.advance(by: 3)
        #expect(stage.offset == CGPoint(x: 0, y: 760))
        #expect(stage.calls.last == "didEndDecelerating")
    }

    @Test func withoutBouncesAFlingStopsAtTheEdge() throws {
        let stage = try ScrollStage(contentSize: Self.content) {
            $0.scrollView.contentOffset = CGPoint(x: 0, y: 600)
            $0.scrollView.bounces = false
        }
        defer { stage.close() }
        try UIScrollViewFlingTests.fling(stage)
        for _ in 0..<60 {
            try stage.server.advance(frames: 1)
            #expect(stage.offset.y <= 760)
        }
        #expect(stage.offset == CGPoint(x: 0, y: 760))
    }

    @Test func aDragPastTheTopIsRubberBandedAndSpringsBack() throws {
        let stage = try ScrollStage(contentSize: Self.content)
        defer { stage.close() }
        // Down 110 points in 1 s, then held for 0.2 s (no velocity left) before lifting.
        let server = stage.server
        try server.inject([InjectedInput(kind: .touchDown, position: CGPoint(x: 160, y: 60))])
        for i in 1...11 {
            try server.advance(by: 0.1)
            try server.inject([InjectedInput(kind: .touchMotion, position: CGPoint(x: 160, y: 60 + 10 * CGFloat(i)))])
        }
        // 100 points past the top after the slop: UIKit's (1 − 1/(100·0.55/240 + 1))·240 shows, on the pixel grid.
        let banded: Double = (1 - 1 / (100 * 0.55 / 240 + 1)) * 240
        #expect(Double(stage.offset.y) == (-banded).rounded())
        try server.advance(by: 0.2)
        try server.inject([InjectedInput(kind: .touchUp, position: CGPoint(x: 160, y: 170))])
        #expect(onMain { stage.scene.recorder.releaseVelocity } == .zero)
        #expect(stage.calls.suffix(3) == ["willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        try server.advance(by: 2)
        #expect(stage.offset == .zero)
    }

    @Test func aPagedFlingEndsOnTheNextPageAndASlowOneOnTheNearest() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 960, height: 240)) { $0.scrollView.isPagingEnabled = true }
        defer { stage.close() }
        try stage.server.swipe(from: CGPoint(x: 250, y: 120), to: CGPoint(x: 150, y: 120), duration: 0.1, steps: 10)
        #expect(onMain { stage.scene.recorder.proposedTarget } == CGPoint(x: 320, y: 0))
        try stage.server.advance(by: 2)
        #expect(stage.offset == CGPoint(x: 320, y: 0))
        #expect(stage.calls.last == "didEndDecelerating")
        // 100 points in 1 s: 100 points per second projects 50 points on, nearer the page it left.
        try stage.server.swipe(from: CGPoint(x: 250, y: 120), to: CGPoint(x: 150, y: 120), duration: 1, steps: 10)
        #expect(onMain { stage.scene.recorder.proposedTarget } == CGPoint(x: 320, y: 0))
        try stage.server.advance(by: 2)
        #expect(stage.offset == CGPoint(x: 320, y: 0))
    }

    @Test func theDelegateMayMoveTheTarget() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000)) {
            $0.recorder.overrideTarget = CGPoint(x: 0, y: 300)
        }
        defer { stage.close() }
        try UIScrollViewFlingTests.fling(stage)
        try stage.server.advance(by: 0.1)
        #expect(stage.offset.y > 90 && stage.offset.y < 300)
        try stage.server.advance(by: 6)
        #expect(stage.offset == CGPoint(x: 0, y: 300))
    }

    @Test func aTouchStopsAFlingWhereItIs() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000))
        defer { stage.close() }
        try UIScrollViewFlingTests.fling(stage)
        try stage.server.advance(by: 0.25)
        let caught = stage.offset
        try stage.server.inject([InjectedInput(kind: .touchDown, position: CGPoint(x: 160, y: 120))])
        #expect(stage.offset == caught)
        #expect(!onMain { stage.scene.scrollView.isDecelerating })
        #expect(onMain { stage.scene.scrollView.isTracking })
        try stage.server.advance(by: 0.5)
        try stage.server.inject([InjectedInput(kind: .touchUp, position: CGPoint(x: 160, y: 120))])
        try stage.server.advance(by: 1)
        #expect(stage.offset == caught)
        let shot = try stage.server.snapshot()
        let shown = try #require(shownBarCentre(shot, near: UIScrollViewFlingTests.barOnScreen(for: Double(caught.y))))
        #expect(abs(shown - UIScrollViewFlingTests.barOnScreen(for: Double(caught.y))) <= 0.75)
        #expect(!stage.calls.contains("didEndDecelerating")) // interrupted, as in UIKit
    }
}
}
