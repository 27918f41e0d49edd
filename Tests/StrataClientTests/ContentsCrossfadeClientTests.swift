import Foundation
@testable import Strata
import StrataCore
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// `CABasicAnimation(keyPath: "contents")` from the client library to a server: the images it names go to the
/// server before it and are released after it, the server draws the crossfade, and `presentation()` shows
/// the image the crossfade shows most.
@Suite struct ContentsCrossfadeClientTests {
    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> CGImage {
        try #require(CGImage(width: 4, height: 4, rgba: Array(repeating: [r, g, b, 255], count: 16).flatMap { $0 }))
    }

    /// A crossfade from red to blue held at `progress` (the animation's own speed 0 and time offset).
    static func crossfade(from: CGImage, to: CGImage, at progress: Double) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "contents")
        fade.fromValue = from
        fade.toValue = to
        fade.duration = 1
        fade.speed = 0
        fade.timeOffset = progress
        fade.isRemovedOnCompletion = false
        return fade
    }

    @Test func theServerDrawsTheCrossfadeAndPresentationShowsTheNearerImage() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let (red, blue) = (try Self.solid(255, 0, 0), try Self.solid(0, 0, 255))
        let photo = CALayer()
        photo.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        photo.position = CGPoint(x: 80, y: 60)
        photo.contents = blue
        connection.attach(photo)
        photo.add(Self.crossfade(from: red, to: blue, at: 0.25), forKey: "fade")
        CATransaction.flush()
        // red · 0.75 + blue · 0.25.
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [191, 0, 64, 255] })
        #expect(photo.presentation()?.contents as? CGImage === red)
        #expect(photo.contents as? CGImage === blue)

        // Replaced at three quarters: the other image leads.
        photo.add(Self.crossfade(from: red, to: blue, at: 0.75), forKey: "fade")
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [64, 0, 191, 255] })
        #expect(photo.presentation()?.contents as? CGImage === blue)

        // Removed: the model's image alone.
        photo.removeAnimation(forKey: "fade")
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [0, 0, 255, 255] })

        // New contents crossfade by default, as Core Animation's: a fade transition (kept, as every transition,
        // under kCATransition).
        photo.contents = red
        let implicit = try #require(photo.animation(forKey: kCATransition) as? CATransition)
        #expect(implicit.type == .fade && implicit.duration == 0.25)
        CATransaction.flush()
        #expect(try eventually { photo.animation(forKey: kCATransition) == nil }) // removed when it ends
        // Turned off as in Core Animation.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        photo.contents = blue
        CATransaction.commit()
        #expect(photo.animation(forKey: kCATransition) == nil)
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [0, 0, 255, 255] })
        #expect(errors.reasons.isEmpty)
    }

    /// The commit defines an animation's images before it, once each, and releases them after the animation
    /// goes unless a layer still shows them.
    @Test func anAnimationsImagesAreDefinedBeforeItAndReleasedAfterIt() throws {
        let (red, green, blue) = (try Self.solid(255, 0, 0), try Self.solid(0, 255, 0), try Self.solid(0, 0, 255))
        let layer = CALayer()
        layer.contents = blue
        let slides = CAKeyframeAnimation(keyPath: "contents")
        slides.values = [red, green, blue, red]
        layer.add(slides, forKey: "slides")
        let images = ImageTable()
        var first = CommitEncoder(images: images)
        try LayerLock.with {
            for entry in layer.animationEntries { entry.committed = true }
            try first.encode([layer])
        }
        let defined = first.operations.compactMap { op -> UInt64? in if case let .defineImage(id, _, _, _, _) = op { id } else { nil } }
        #expect(defined == [blue.imageID, red.imageID, green.imageID])
        let added = try #require(first.operations.firstIndex { if case .addAnimation = $0 { true } else { false } })
        #expect(first.operations.lastIndex { if case .defineImage = $0 { true } else { false } }.map { $0 < added } == true)

        layer.removeAnimation(forKey: "slides")
        var second = CommitEncoder(images: images)
        try LayerLock.with { try second.encode([layer]) }
        let released = second.operations.compactMap { op -> UInt64? in if case let .releaseImage(id) = op { id } else { nil } }
        // Blue is still the layer's contents.
        #expect(Set(released) == [red.imageID, green.imageID])
    }
}
}
