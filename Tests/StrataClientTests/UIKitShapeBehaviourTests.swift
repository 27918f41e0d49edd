import Foundation
@testable import Strata
import StrataUIKit
import Testing

/// A view that takes keys and, on each, runs `onKey`.
@MainActor
private final class KeyTakingView: UIView {
    var onKey: (UIKey) -> Void = { _ in }
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let key = presses.first?.key { onKey(key) }
    }
}

/// A view that vetoes every recognizer attached to it.
@MainActor
private final class VetoingView: UIView {
    var log: [String] = []
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

extension ClientProcessSuite {
/// Apple-shaped UIKit members that do real work (issue 49): ignoring interaction events, a view's veto of
/// its recognizers, window levels, keys' HID usages, on a real server; image orientation and contexts.
@MainActor
@Suite struct UIKitShapeBehaviourTests {
    @Test func touchesAreIgnoredBetweenBeginAndEndIgnoringInteractionEventsAndKeysStillArrive() async throws {
        let recorder = RecordingView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let keys = KeyTakingView(frame: .zero)
        var typed: [UIKey] = []
        keys.onKey = { key in
            typed.append(key)
            UIApplication.shared.endIgnoringInteractionEvents()
        }
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.addSubview(recorder)
            c.view.addSubview(keys)
        }
        defer { session.close() }
        #expect(keys.becomeFirstResponder())
        UIApplication.shared.beginIgnoringInteractionEvents()
        try session.input("tap", "50", "50")   // ignored
        try session.input("key", "space")      // delivered: its handler ends the ignoring
        try session.input("tap", "60", "60")   // delivered
        #expect(await session.run(until: { recorder.log.count == 2 }))
        #expect(recorder.log == ["began 60,60 taps 1", "ended"])
        #expect(typed.map(\.keyCode) == [.keyboardSpacebar])
        #expect(typed.first?.keysym == 0x20)
        #expect(!UIApplication.shared.isIgnoringInteractionEvents)
        keys.resignFirstResponder()
    }

    @Test func aViewThatVetoesItsRecognizerKeepsItsTouchAndTheActionNeverRuns() async throws {
        let view = VetoingView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        var fired = 0
        let tap = UITapGestureRecognizer { _ in fired += 1 }
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.addSubview(view)
            view.addGestureRecognizer(tap)
        }
        defer { session.close() }
        try session.input("tap", "100", "80")
        #expect(await session.run(until: { view.log.count == 2 }))
        #expect(view.log == ["began", "ended"])
        #expect(fired == 0)
    }

    @Test func aHigherLevelWindowShowsAboveAndTakesTheTouch() async throws {
        let below = RecordingView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        below.backgroundColor = UIColor.blue
        let session = try ExampleSession(controller: UIViewController(), size: "320x240") { c in c.view.addSubview(below) }
        defer { session.close() }
        let overlay = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let over = RecordingView(frame: overlay.bounds)
        over.backgroundColor = UIColor.red
        overlay.addSubview(over)
        overlay.windowLevel = .normal - 1
        overlay.makeKeyAndVisible()          // shown last, but a lower level: stays under the session's window
        CATransaction.flush()
        #expect(await session.run(until: { (try? session.pixel(10, 10)) == [0, 0, 255, 255] }))
        try session.input("tap", "50", "50")
        #expect(await session.run(until: { below.log.count == 2 }))
        #expect(over.log.isEmpty)

        overlay.windowLevel = .alert + 1     // restacked above
        CATransaction.flush()
        #expect(await session.run(until: { (try? session.pixel(10, 10)) == [255, 0, 0, 255] }))
        try session.input("tap", "70", "70")
        #expect(await session.run(until: { over.log.count == 2 }))
        #expect(below.log.count == 2)
        overlay.isHidden = true // off the screen, and out of the app's windows
    }

    @Test func imagesAreDrawnAndShownTurnedByTheirOrientation() throws {
        // One row: red then green. Turned right (EXIF 6) it stands red over green; turned left, green over red.
        let cg = try #require(CGImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 255, 0, 255]))
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255]
        for (orientation, top, bottom) in [(UIImage.Orientation.right, red, green), (.left, green, red), (.down, green, red)] {
            let image = UIImage(cgImage: cg, scale: 1, orientation: orientation)
            // Drawn through an image context (one point per pixel).
            UIGraphicsBeginImageContextWithOptions(image.size, false, 1)
            image.draw(at: .zero)
            let drawn = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
            UIGraphicsEndImageContext()
            #expect(UIGraphicsGetCurrentContext() == nil)
            #expect(pixels(drawn) == [top, bottom], "\(orientation)")
            // Shown by an image view: its layer's contents are upright.
            let contents = try #require(MainActor.assumeIsolated { UIImageView(image: image).layer.contents as? CGImage })
            #expect(pixels(contents) == pixels(drawn), "\(orientation)")
        }
    }

    @Test func anImageViewShowsItsHighlightedImageWhileHighlighted() throws {
        let red = try #require(CGImage(width: 1, height: 1, rgba: [255, 0, 0, 255]))
        let green = try #require(CGImage(width: 1, height: 1, rgba: [0, 255, 0, 255]))
        MainActor.assumeIsolated {
            let view = UIImageView(image: UIImage(cgImage: red), highlightedImage: UIImage(cgImage: green))
            #expect((view.layer.contents as? CGImage) === red)
            view.isHighlighted = true
            #expect((view.layer.contents as? CGImage) === green)
            view.isHighlighted = false
            #expect((view.layer.contents as? CGImage) === red)
        }
    }

    /// The pixels of an image, top to bottom then left to right, as RGBA.
    private func pixels(_ image: CGImage) -> [[UInt8]] {
        let p = image.premultipliedPixels
        return stride(from: 0, to: p.count, by: 4).map { Array(p[$0..<($0 + 4)]) }
    }
}
}
