import Foundation
import StrataCore
import StrataRender
@testable import StrataServer
import Testing

/// `MotionDecisions` on its own: a dry run's decisions are read back in the order it met the layers, a
/// subtree that could not move is remembered for the build, and a layer met out of order reads nothing.
@Suite struct MotionDecisionsTests {
    @Test func decisionsAreReadInTheOrderTheDryRunMetTheLayers() {
        let (parent, child, other) = (RenderNode(id: 1), RenderNode(id: 2), RenderNode(id: 3))
        let d = MotionDecisions()
        d.beginRecording()
        #expect(d.recording)
        let p = d.open(parent)
        let c = d.open(child)
        // The child's own drawing stays on the CPU (drawn still under the parent's slot); the parent moves.
        d.close(c, .cpu(.oneSided))
        d.close(p, .moved)
        d.endRecording()
        #expect(!d.recording)
        #expect(d.refusal(of: child) == nil) // a layer's own reason is not remembered: met elsewhere, it is asked again
        d.beginReplay()
        #expect(d.replaying)
        #expect(d.take(other) == nil) // out of order: nothing
        #expect(d.take(parent) == .moves)
        #expect(d.take(child) == .cpu(.oneSided))
        #expect(d.take(child) == nil)
        d.endReplay()
        #expect(!d.replaying)
    }

    @Test func aSubtreeThatCannotMoveIsRememberedForTheBuild() {
        let (outer, inner) = (RenderNode(id: 1), RenderNode(id: 2))
        let d = MotionDecisions()
        d.beginRecording()
        let o = d.open(outer)
        let i = d.open(inner)
        d.close(i, .refused(.drawing))
        d.close(o, .refused(.drawing))
        d.endRecording()
        #expect(d.refusal(of: inner) == .drawing)
        #expect(d.refusal(of: outer) == .drawing)
        d.beginReplay()
        #expect(d.take(outer) == .cpu(.drawing))
        d.endReplay()
        // Still remembered after the replay; forgotten at the next build.
        #expect(d.refusal(of: inner) == .drawing)
        d.reset()
        #expect(d.refusal(of: inner) == nil)
    }
}
