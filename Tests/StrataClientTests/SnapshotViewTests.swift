import Foundation
import Strata
import StrataUIKit
import Testing

/// A view that paints its `paint` colour over an ellipse in its bounds.
@MainActor
final class SnapshotPainter: UIView {
    var paint = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setFillColor(paint.cgColor)
        ctx.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2))
    }
}

extension ClientProcessSuite {
/// `UIView.snapshotView(afterScreenUpdates:)`: a copy of the view's layer tree as presented, drawn by the
/// server like the original and unchanged by what happens to the original after.
@MainActor
@Suite struct SnapshotViewTests {
    /// A 100 × 80 view with every kind of content the copy must carry.
    static func richView() -> (view: UIView, sub: UIView, painter: SnapshotPainter) {
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 80))
        view.backgroundColor = UIColor(red: 0.8, green: 0.2, blue: 0.2, alpha: 1)
        view.layer.cornerRadius = 16
        view.clipsToBounds = true
        view.layer.borderWidth = 3
        view.layer.borderColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor
        let sub = UIView(frame: CGRect(x: 60, y: 50, width: 60, height: 40)) // reaches past the clip
        sub.backgroundColor = UIColor(red: 0, green: 0.7, blue: 0, alpha: 1)
        view.addSubview(sub)
        let shape = CAShapeLayer()
        shape.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 30, height: 30), transform: nil)
        shape.fillColor = UIColor(red: 1, green: 1, blue: 0, alpha: 1).cgColor
        shape.strokeColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor
        shape.lineWidth = 2
        view.layer.addSublayer(shape)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 8, y: 50, width: 40, height: 20)
        gradient.colors = [UIColor(red: 1, green: 0, blue: 1, alpha: 1).cgColor, UIColor(red: 0, green: 1, blue: 1, alpha: 1).cgColor]
        view.layer.addSublayer(gradient)
        let text = CATextLayer()
        text.frame = CGRect(x: 8, y: 70, width: 50, height: 10)
        text.string = "Snap"
        text.fontSize = 9
        text.foregroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor
        view.layer.addSublayer(text)
        let painter = SnapshotPainter(frame: CGRect(x: 50, y: 8, width: 40, height: 30))
        view.addSubview(painter)
        return (view, sub, painter)
    }

    @Test func theSnapshotShowsTheSamePixelsAndKeepsThemWhenTheOriginalChanges() async throws {
        let (view, sub, painter) = Self.richView()
        let session = try ExampleSession(controller: UIViewController(), size: "280x120", virtualClock: true) { c in
            c.view.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
            c.view.addSubview(view)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        let snapshot = try #require(view.snapshotView(afterScreenUpdates: false))
        #expect(snapshot.frame == CGRect(x: 0, y: 0, width: 100, height: 80) && snapshot.superview == nil)
        snapshot.frame.origin = CGPoint(x: 150, y: 10)
        session.controller.view.addSubview(snapshot)
        // A new text layer shows once the server's text worker has laid it out: the frame after.
        try await session.advance(frames: 2)
        let before = try session.screen()
        let original = before.region(10, 10, 100, 80), copied = before.region(150, 10, 100, 80)
        // Each piece shows in the copy: the shape, the drawing, the clipped subview, the border, the corner.
        #expect(close(before.pixel(150 + 25, 10 + 25), [255, 255, 0, 255], 2), "shape \(before.pixel(175, 35))")
        #expect(close(before.pixel(150 + 70, 10 + 23), [255, 128, 0, 255], 2), "drawing \(before.pixel(220, 33))")
        #expect(close(before.pixel(150 + 80, 10 + 65), [0, 179, 0, 255], 2), "subview \(before.pixel(230, 75))")
        #expect(close(before.pixel(150 + 1, 10 + 40), [0, 0, 255, 255], 2), "border \(before.pixel(151, 50))")
        #expect(before.pixel(150, 10) == [255, 255, 255, 255] && before.pixel(150 + 99, 10 + 79) == [255, 255, 255, 255], "rounded corners")
        let differing = zip(original, copied).filter { !close($0, $1, 2) }.count
        let samples = zip(original, copied).enumerated().filter { !close($0.element.0, $0.element.1, 2) }.prefix(6)
            .map { "(\($0.offset % 100),\($0.offset / 100)) \($0.element.0) \($0.element.1)" }
        #expect(differing == 0, "\(differing) of 8000 pixels differ: \(samples)")

        view.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        sub.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        painter.paint = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
        painter.setNeedsDisplay()
        try await session.advance(frames: 1)
        let after = try session.screen()
        #expect(after.region(10, 10, 100, 80) != original, "the original changed")
        let kept = zip(after.region(150, 10, 100, 80), copied).filter { !close($0, $1, 2) }.count
        #expect(kept == 0, "\(kept) pixels of the snapshot changed with the original")

        view.removeFromSuperview()
        try await session.advance(frames: 1)
        #expect(try session.screen().region(150, 10, 100, 80) == after.region(150, 10, 100, 80), "the original gone, the snapshot stays")
    }

    @Test func aViewMidAnimationIsSnapshottedAtItsPresentation() async throws {
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 60))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let mover = UIView(frame: CGRect(x: 0, y: 20, width: 20, height: 20))
        mover.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        view.addSubview(mover)
        let session = try ExampleSession(controller: UIViewController(), size: "240x100", virtualClock: true) { c in
            c.view.addSubview(view)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            mover.center.x += 40 // x 0…20 to 40…60
        })
        try await session.advance(frames: 30)
        let midway = try session.pixel(10 + 70, 10 + 5)
        let snapshot = try #require(view.snapshotView(afterScreenUpdates: false))
        snapshot.frame.origin = CGPoint(x: 140, y: 10)
        session.controller.view.addSubview(snapshot)
        try await session.advance(frames: 40) // the original's animation has ended
        #expect(try session.pixel(10 + 70, 10 + 5) == [0, 0, 255, 255])
        let copied = try session.pixel(140 + 70, 10 + 5)
        #expect(close(copied, midway, 6), "snapshot \(copied), original at the time \(midway)")
        #expect(copied[0] > 100 && copied[2] > 100, "half-way between red and blue: \(copied)")
        // The subview half-way: over x 20…40 of the snapshot, not yet at 50.
        #expect(try session.pixel(140 + 30, 10 + 30) == [0, 255, 0, 255])
        #expect(try session.pixel(140 + 52, 10 + 30) != [0, 255, 0, 255])
    }

    final class TiledView: UIView {
        override class var layerClass: AnyClass { CATiledLayer.self }
    }

    @Test func aViewWhoseOwnLayerCannotBeCopiedGivesNoSnapshot() {
        #expect(TiledView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)).snapshotView(afterScreenUpdates: false) == nil)
    }

    @Test func afterScreenUpdatesCommitsPendingChangesFirst() async throws {
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let session = try ExampleSession(controller: UIViewController(), size: "200x80", virtualClock: true) { c in
            c.view.addSubview(view)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        view.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1) // not committed yet
        let asShown = try #require(view.snapshotView(afterScreenUpdates: false))
        let updated = try #require(view.snapshotView(afterScreenUpdates: true))
        asShown.frame.origin = CGPoint(x: 70, y: 10)
        updated.frame.origin = CGPoint(x: 130, y: 10)
        session.controller.view.addSubview(asShown)
        session.controller.view.addSubview(updated)
        try await session.advance(frames: 1)
        #expect(try session.pixel(90, 30) == [255, 0, 0, 255], "as on screen when taken")
        #expect(try session.pixel(150, 30) == [0, 255, 0, 255], "with the pending change")
    }

    @Test func theCopyIsOfTheSameClassesWithItsOwnContentsAndNoDelegate() throws {
        let (view, _, painter) = Self.richView()
        view.layer.displayIfNeeded()
        painter.layer.displayIfNeeded()
        let drawn = try #require(painter.layer.contents as? CGImage)
        let snapshot = try #require(view.snapshotView(afterScreenUpdates: false))
        #expect(type(of: snapshot) == UIView.self)
        let root = try #require(snapshot.layer.sublayers?.first)
        #expect(root !== view.layer && root.delegate == nil && root.animationKeys() == nil)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 100, height: 80) && root.cornerRadius == 16 && root.masksToBounds)
        let copies = try #require(root.sublayers)
        #expect(copies.count == 5)
        let shape = try #require(copies.compactMap { $0 as? CAShapeLayer }.first)
        #expect(shape.path?.boundingBox == CGRect(x: 10, y: 10, width: 30, height: 30) && shape.lineWidth == 2)
        let painted = try #require(copies.last)
        let image = try #require(painted.contents as? CGImage)
        #expect(image !== drawn && image.width == drawn.width && image.height == drawn.height, "the drawing's pixels, copied")
    }

    @Test func emittersAreLeftOutAndLoggedOnce() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let emitter = CAEmitterLayer()
        view.layer.addSublayer(emitter)
        view.layer.addSublayer(CALayer())
        var first: UIView?
        let logged = LogCapture.messages {
            first = view.snapshotView(afterScreenUpdates: false)
            _ = view.snapshotView(afterScreenUpdates: false)
        }
        #expect(first?.layer.sublayers?.first?.sublayers?.count == 1)
        #expect(logged.filter { $0.hasPrefix("unsupported: snapshotView of CAEmitterLayer") }.count == 1, "\(logged)")
    }
}
}
