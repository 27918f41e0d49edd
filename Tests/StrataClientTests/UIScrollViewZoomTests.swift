import Foundation
import Strata
import StrataPNG
import StrataProtocol
import StrataTesting
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// Pinch zooming with two injected fingers (touch ids 1 and 2) on a real server: the scale follows the
/// pinch from where it began, about the fingers' centroid, within `minimumZoomScale`…`maximumZoomScale`
/// (past the maximum with resistance, springing back when `bouncesZoom`).
@Suite struct UIScrollViewZoomTests {
    static func zoomStage(bouncesZoom: Bool) throws -> ScrollStage {
        try ScrollStage(contentSize: CGSize(width: 320, height: 240)) { scene in
            scene.recorder.zoomView = scene.content
            scene.scrollView.minimumZoomScale = 1
            scene.scrollView.maximumZoomScale = 2
            scene.scrollView.bouncesZoom = bouncesZoom
        }
    }

    /// Fingers 100 + 20·i points apart about (160, 120), each step 1/60 s after the last.
    static func spread(_ server: StrataTestServer, steps: ClosedRange<Int>) throws {
        for i in steps {
            try server.advance(frames: 1)
            let d = CGFloat(10 * i)
            try server.inject([InjectedInput(kind: .touchMotion, position: CGPoint(x: 110 - d, y: 120), touchID: 1),
                               InjectedInput(kind: .touchMotion, position: CGPoint(x: 210 + d, y: 120), touchID: 2)])
        }
    }

    static func down(_ server: StrataTestServer) throws {
        try server.inject([InjectedInput(kind: .touchDown, position: CGPoint(x: 110, y: 120), touchID: 1)])
        try server.inject([InjectedInput(kind: .touchDown, position: CGPoint(x: 210, y: 120), touchID: 2)])
    }

    static func up(_ server: StrataTestServer, spread i: Int) throws {
        let d = CGFloat(10 * i)
        try server.inject([InjectedInput(kind: .touchUp, position: CGPoint(x: 110 - d, y: 120), touchID: 1),
                           InjectedInput(kind: .touchUp, position: CGPoint(x: 210 + d, y: 120), touchID: 2)])
    }

    @Test func thePinchZoomsAboutTheCentroidAndBouncesBackFromPastTheMaximum() throws {
        let stage = try Self.zoomStage(bouncesZoom: true)
        defer { stage.close() }
        let scrollView = stage.scene.scrollView, server = stage.server
        #expect(onMain { scrollView.pinchGestureRecognizer != nil })
        try Self.down(server)
        // The fingers move one event at a time: the pinch begins when the first has moved, 110 points apart
        // (past the 10-point slop), with the centroid at (155, 120). The zoom follows it from there, and the
        // content point then under the centroid stays under it: offset = 155·s − 160, 120·s − 120, on the pixel
        // grid (scale 1: whole points), as UIKit keeps it.
        func expectZoom(_ s: CGFloat, _ comment: Comment) {
            #expect(abs(onMain { scrollView.zoomScale } - s) < 1e-9, comment)
            #expect(stage.offset == CGPoint(x: (155 * s - 160).rounded(), y: (120 * s - 120).rounded()), comment)
        }
        try Self.spread(server, steps: 1...3)
        expectZoom(160.0 / 110, "160 points apart")
        #expect(onMain { scrollView.isZooming })
        try Self.spread(server, steps: 4...6)
        expectZoom(2, "220 points apart: the maximum")
        #expect(onMain { scrollView.contentSize } == CGSize(width: 640, height: 480))
        // Past the maximum: 340/110 asked, 2·√(340/220) shown.
        try Self.spread(server, steps: 7...12)
        expectZoom(2 * (340.0 / 220).squareRoot(), "340 points apart, resisted")
        try Self.up(server, spread: 12)
        #expect(onMain { stage.scene.recorder.zoomEnds }.isEmpty) // still bouncing back
        #expect(onMain { scrollView.isZoomBouncing && !scrollView.isZooming })
        try server.advance(by: 0.5)
        // Back at the maximum, about the centre of what was shown.
        expectZoom(2, "bounced back")
        #expect(onMain { stage.scene.recorder.zoomEnds } == [2])
        #expect(onMain { stage.scene.content.transform } == CGAffineTransform(scaleX: 2, y: 2))
        // The server shows it: the bar at content y 150…152 is 4 points tall at screen y 180…184.
        let shot = try server.snapshot()
        let shown = try #require(shownBarCentre(shot, near: 182))
        #expect(abs(shown - 182) <= 0.75)
        #expect(stage.calls.first == "willBeginZooming" && stage.calls.last == "didEndZooming")
    }

    @Test func withoutBouncesZoomThePinchStopsAtTheLimit() throws {
        let stage = try Self.zoomStage(bouncesZoom: false)
        defer { stage.close() }
        let scrollView = stage.scene.scrollView, server = stage.server
        try Self.down(server)
        try Self.spread(server, steps: 1...12)
        #expect(onMain { scrollView.zoomScale } == 2)
        try Self.up(server, spread: 12)
        #expect(onMain { stage.scene.recorder.zoomEnds } == [2])
        #expect(!onMain { scrollView.isZooming })
    }

    @Test func setZoomScaleClampsAndZoomingNeedsRoom() throws {
        let stage = try Self.zoomStage(bouncesZoom: true)
        defer { stage.close() }
        let scrollView = stage.scene.scrollView
        onMain { scrollView.setZoomScale(5, animated: false) }
        #expect(onMain { scrollView.zoomScale } == 2)
        onMain { scrollView.zoomScale = 0.25 }
        #expect(onMain { scrollView.zoomScale } == 1)
        onMain { scrollView.zoom(to: CGRect(x: 0, y: 0, width: 160, height: 120), animated: false) }
        #expect(onMain { scrollView.zoomScale } == 2 && stage.offset == .zero)
        onMain { scrollView.maximumZoomScale = 1 }
        #expect(onMain { scrollView.pinchGestureRecognizer } == nil)
    }
}
}
