import Foundation
import Strata
import StrataPNG
import StrataProtocol
import StrataTesting
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// The delegate's calls in UIKit's order (consecutive `scrollViewDidScroll`s counted once), over a real
/// server on the virtual clock.
@Suite struct UIScrollViewDelegateTests {
    @Test func aDragAndFlingCallTheDelegateInUIKitsOrder() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000))
        defer { stage.close() }
        let scrollView = stage.scene.scrollView
        try UIScrollViewFlingTests.fling(stage)
        #expect(onMain { !scrollView.isDragging && !scrollView.isTracking && scrollView.isDecelerating })
        try stage.server.advance(by: 6)
        #expect(stage.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        #expect(onMain { !scrollView.isDecelerating })
    }

    @Test func aDragThatStopsBeforeLiftingDoesNotDecelerate() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000))
        defer { stage.close() }
        let server = stage.server, scrollView = stage.scene.scrollView
        try server.inject([InjectedInput(kind: .touchDown, position: CGPoint(x: 160, y: 200))])
        #expect(onMain { scrollView.isTracking && !scrollView.isDragging })
        for i in 1...5 {
            try server.advance(by: 0.02)
            try server.inject([InjectedInput(kind: .touchMotion, position: CGPoint(x: 160, y: 200 - 20 * CGFloat(i)))])
        }
        #expect(onMain { scrollView.isTracking && scrollView.isDragging })
        #expect(stage.offset == CGPoint(x: 0, y: 80)) // 100 points less the 20 of the move that began it
        try server.advance(by: 0.2)
        try server.inject([InjectedInput(kind: .touchUp, position: CGPoint(x: 160, y: 100))])
        #expect(stage.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        #expect(onMain { !scrollView.isTracking && !scrollView.isDragging && !scrollView.isDecelerating })
        #expect(stage.offset == CGPoint(x: 0, y: 80))
    }

    @Test func anAnimatedSetContentOffsetScrollsEachFrameThenEnds() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000))
        defer { stage.close() }
        let scrollView = stage.scene.scrollView
        onMain { scrollView.setContentOffset(CGPoint(x: 0, y: 400), animated: true) }
        #expect(stage.offset == .zero) // nothing has been shown yet
        try stage.server.advance(by: 0.15)
        // Half-way through 0.3 s ease-in-ease-out: half-way there (the curve is symmetric).
        #expect(abs(stage.offset.y - 200) < 0.5)
        #expect(onMain { scrollView.bounds.origin } == CGPoint(x: 0, y: 400)) // the model is already the end
        try stage.server.advance(by: 0.2)
        #expect(stage.offset == CGPoint(x: 0, y: 400))
        #expect(stage.calls == ["didScroll", "didEndScrollingAnimation"])
        #expect(onMain { stage.scene.recorder.scrolls } >= 2) // frames, from the display link
        // Without animation: one didScroll, at once.
        onMain { scrollView.setContentOffset(CGPoint(x: 0, y: 100), animated: false) }
        #expect(stage.offset == CGPoint(x: 0, y: 100))
        #expect(stage.calls == ["didScroll", "didEndScrollingAnimation", "didScroll"])
    }

    @Test func scrollRectToVisibleScrollsAsLittleAsItCan() throws {
        let stage = try ScrollStage(contentSize: CGSize(width: 320, height: 4000))
        defer { stage.close() }
        let scrollView = stage.scene.scrollView
        onMain { scrollView.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 40), animated: false) }
        #expect(stage.offset == CGPoint(x: 0, y: 300)) // its bottom at the bottom edge
        onMain { scrollView.scrollRectToVisible(CGRect(x: 0, y: 320, width: 10, height: 40), animated: false) }
        #expect(stage.offset == CGPoint(x: 0, y: 300)) // already visible
        onMain { scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 40), animated: false) }
        #expect(stage.offset == CGPoint(x: 0, y: 100)) // its top at the top edge
        onMain { scrollView.scrollRectToVisible(CGRect(x: 0, y: 3990, width: 10, height: 40), animated: false) }
        #expect(stage.offset == CGPoint(x: 0, y: 3760)) // no further than the end
    }
}
}
