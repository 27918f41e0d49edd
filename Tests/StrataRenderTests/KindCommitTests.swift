import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataServer
import Testing

/// Commits that do not fit a layer's kind fail when applied: only that client's session ends, the
/// server keeps drawing everyone else.
@Suite struct KindCommitTests {
    /// Submits `ops` as client 2 beside a client 1 with a red square; returns the failure reported for
    /// client 2 and whether client 1 still draws.
    func apply(_ ops: [LayerOperation]) throws -> (failure: String?, otherStillDraws: Bool) {
        let display = try HeadlessDisplay(width: 40, height: 30)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        let log = CompositorEventLog()
        compositor.events = log
        compositor.addClient(1)
        compositor.addClient(2)
        compositor.submit(Commit(transactionID: 1, operations: [
            .createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 10, height: 10))),
            .setProperty(1, .position, .point(CGPoint(x: 5, y: 5))),
            .setProperty(1, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1))), .attachRoot(1),
        ]), fds: [], from: 1)
        compositor.submit(Commit(transactionID: 7, operations: ops), fds: [], from: 2)
        try compositor.renderFrame(at: 0)
        let px = try compositor.snapshot().pixels
        return (log.commitFailures.last { $0.client == 2 }?.reason, Array(px[0..<4]) == [255, 0, 0, 255])
    }

    @Test func aPropertyOfAnotherKindFailsTheCommit() throws {
        let (failure, others) = try apply([.createLayer(3), .setProperty(3, .strokeEnd, .scalar(0.5))])
        #expect(failure == "transaction 7: operation 1 setProperty: layer 3 is a CALayer, which has no strokeEnd")
        #expect(others)
    }

    @Test func anAnimationOfAnotherKindsPropertyFailsTheCommit() throws {
        let child = AnimationSpec(keyPath: LayerKeyPath(property: .colors), kind: .basic(from: .colors([.white]), to: .colors([.black]), by: nil))
        let group = AnimationSpec(keyPath: nil, kind: .group([child]))
        let (failure, others) = try apply([.createLayer(3, kind: .shape), .addAnimation(3, key: "g", group)])
        #expect(failure == "transaction 7: operation 1 addAnimation: layer 3 is a CAShapeLayer, which has no colors")
        #expect(others)
    }

    @Test func everyKindTakesItsOwnProperties() throws {
        let (failure, others) = try apply([
            .createLayer(3, kind: .shape), .setProperty(3, .strokeEnd, .scalar(0.5)), .setProperty(3, .opacity, .scalar(0.5)),
            .createLayer(4, kind: .gradient), .setProperty(4, .colors, .colors([.white, .black])),
            .createLayer(5, kind: .replicator), .setProperty(5, .instanceCount, .scalar(3)),
            .createLayer(6, kind: .transform), .setProperty(6, .opacity, .scalar(0.5)),
        ])
        #expect(failure == nil)
        #expect(others)
    }
}
