import Foundation
import Strata
import StrataCore
@testable import StrataExamples
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// Seed 003's view-level demos, written as their author wrote them (StrataExamples), over a real server
/// driven by synthetic taps and swipes, with presentation values sampled at chosen times (from the
/// animation's own begin time, so exact) and pixels from the server's screen.
@MainActor
@Suite struct Seed003ViewDemoTests {
    @Test func d1ATapMovesAndGrowsTheCircleWithImplicitAnimations() async throws {
        let session = try ExampleSession("d1")
        defer { session.close() }
        let blue: [UInt8] = [0, 146, 255, 255]
        #expect(close(try session.pixel(160, 240), blue))
        try session.input("tap", "100", "300")
        let circle = try #require(session.controller.view.layer.sublayers?.first)
        #expect(await session.run(until: { circle.bounds.width == 200 }))
        let move = try #require(circle.animation(forKey: "position") as? CABasicAnimation)
        #expect(move.duration == 0.25)
        #expect(move.fromValue as? CGPoint == CGPoint(x: 160, y: 240))
        #expect(circle.presentation(at: move.beginTime + 0.25)?.position == CGPoint(x: 100, y: 300))
        let halfway = try #require(circle.presentation(at: move.beginTime + 0.125)?.bounds.width)
        #expect(halfway > 50 && halfway < 200)
        await session.run(0.5)
        #expect(close(try session.pixel(100, 390), blue))   // inside the 200-point circle round (100, 300)
        #expect(try session.pixel(100, 200 - 6)[2] < 60)       // above it: background
        // A second tap shrinks it back to 50 where it lands.
        try session.input("tap", "250", "100")
        #expect(await session.run(until: { circle.bounds.width == 50 }))
        await session.run(0.5)
        #expect(close(try session.pixel(250, 100), blue))
        #expect(try session.pixel(100, 390)[2] < 60)
    }

    @Test func theFirstAppInTheDocsSpringsItsBoxToATap() async throws {
        let session = try ExampleSession("first", size: "320x240")
        defer { session.close() }
        let box = try #require(session.controller.view.subviews.first)
        #expect(close(try session.pixel(60, 60), [255, 128, 0, 255]))
        try session.input("tap", "200", "150")
        #expect(await session.run(until: { box.center == CGPoint(x: 200, y: 150) }))
        let spring = try #require(box.layer.animation(forKey: "position") as? CASpringAnimation)
        #expect(spring.duration == 0.6)
        await session.run(0.8)
        #expect(close(try session.pixel(200, 150), [255, 128, 0, 255]))
        #expect(try session.pixel(60, 60)[0] < 30)
    }

    @Test func d8TheImageGrowsAboutItsCentreAfterTwoSeconds() async throws {
        let session = try ExampleSession("d8")
        defer { session.close() }
        let imageView = try #require(session.controller.view.subviews.first as? UIImageView)
        let grow = try #require(imageView.layer.animation(forKey: "bounds"))
        let start = grow.beginTime
        #expect(grow.duration == 1)
        #expect(grow.fillMode == .backwards)
        #expect(imageView.frame == CGRect(x: 80, y: 100, width: 160, height: 160))
        func frame(at t: Double) -> CGRect? { imageView.layer.presentation(at: start + t)?.frame }
        #expect(frame(at: -1) == CGRect(x: 120, y: 140, width: 80, height: 80))  // waiting out the delay
        let mid = try #require(frame(at: 0.5))
        #expect(mid.midX == 160 && mid.midY == 180)                             // the centre stays
        #expect(abs(mid.width - 120) < 0.5)                                      // ease-in-ease-out is half-way at 0.5
        #expect(frame(at: 1) == CGRect(x: 80, y: 100, width: 160, height: 160))
    }

    @Test func d19ThePetalGlidesToTheTapOverFiveSecondsAndStays() async throws {
        let session = try ExampleSession("d19")
        defer { session.close() }
        let petal = try #require(session.controller.view.subviews.first)
        try session.input("tap", "200", "350")
        #expect(await session.run(until: { petal.layer.animation(forKey: "position") != nil }))
        let move = try #require(petal.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(move.duration == 5)
        #expect(petal.center == CGPoint(x: 200, y: 350))
        let half = try #require(petal.layer.presentation(at: move.beginTime + 2.5)?.position)
        #expect(abs(half.x - 125) < 0.01 && abs(half.y - 250) < 0.01)
        #expect(petal.layer.presentation(at: move.beginTime + 6)?.position == CGPoint(x: 200, y: 350))
    }

    @Test func d20TheBallOvershootsAndSettlesWithinFiveSeconds() async throws {
        let session = try ExampleSession("d20")
        defer { session.close() }
        let ball = try #require(session.controller.view.subviews.first)
        try session.input("tap", "160", "400")
        #expect(await session.run(until: { ball.layer.animation(forKey: "position") != nil }))
        let spring = try #require(ball.layer.animation(forKey: "position") as? CASpringAnimation)
        let begin = spring.beginTime
        let ys = stride(from: 0.0, through: 5, by: 0.01).compactMap { ball.layer.presentation(at: begin + $0)?.position.y }
        let deepest = try #require(ys.max())
        #expect(deepest > 400 + 0.5 * 350)           // overshoots by over half the 350-point drop
        #expect(ys.contains { $0 < 400 - 100 })       // and swings back well short of it
        let last = try #require(ys.last)
        #expect(abs(last - 400) <= 0.35 + 1e-9)      // settled within 0.1 % of the distance at 5 s
        #expect(ball.layer.presentation(at: begin + 5.5)?.position == CGPoint(x: 160, y: 400))
    }

    @Test func d21KeyframeSegmentsLastTwoAndAHalfAndOneAndAQuarterSeconds() async throws {
        let session = try ExampleSession("d21")
        defer { session.close() }
        let controller = try #require(session.controller as? D21KeyframePetalController)
        let petal = try #require(session.controller.view.subviews.first)
        try session.input("tap", "10", "10")
        #expect(await session.run(until: { petal.layer.animation(forKey: "position") != nil }))
        let frames = try #require(petal.layer.animation(forKey: "position") as? CAKeyframeAnimation)
        let t0 = frames.beginTime
        func at(_ t: Double) -> CGPoint? { petal.layer.presentation(at: t0 + t)?.position }
        #expect(at(0) == CGPoint(x: 50, y: 150))
        #expect(at(1.25) == CGPoint(x: 65, y: 185))    // linear: half of the first 2.5 s segment
        #expect(at(2.5) == CGPoint(x: 80, y: 220))
        #expect(at(3.125) == CGPoint(x: 62.5, y: 260))
        #expect(at(3.75) == CGPoint(x: 45, y: 300))
        #expect(at(5) == CGPoint(x: 55, y: 400))
        #expect(at(7) == CGPoint(x: 55, y: 400))       // and stays
        #expect(await session.run(until: { controller.ends == 1 }, timeout: 8))
    }
}
}

extension ClientProcessSuite {
/// Seed 003's image browsers and D23's view swap: swipes through gesture recognizers, transitions on screen.
@MainActor
@Suite struct Seed003TransitionDemoTests {
    /// The browser pictures (ExampleImages): flat colours with a white band at 80·i…80·i + 80 on a 320 × 480
    /// screen (aspect-fit doubles the 160 × 240 picture).
    static let colours: [[UInt8]] = [[220, 40, 40, 255], [40, 160, 60, 255], [40, 80, 220, 255], [230, 180, 30, 255], [150, 60, 200, 255]]

    func showsPicture(_ session: ExampleSession, _ i: Int) throws -> Bool {
        let band = try session.pixel(160, 80 * i + 40), body = try session.pixel(160, 80 * ((i + 2) % 5) + 40)
        return close(band, [255, 255, 255, 255]) && close(body, Self.colours[i])
    }

    @Test func d17SwipesTurnACubeToTheNextAndPreviousPicture() async throws {
        let session = try ExampleSession("d17")
        defer { session.close() }
        let imageView = try #require(session.controller.view.subviews.first as? UIImageView)
        #expect(try showsPicture(session, 0))
        try session.input("swipe", "260", "240", "60", "240", "--duration", "0.2")
        #expect(await session.run(until: { imageView.layer.animation(forKey: kCATransition) != nil }))
        let cube = try #require(imageView.layer.animation(forKey: kCATransition) as? CATransition)
        #expect(cube.type.rawValue == "cube" && cube.subtype == .fromRight && cube.duration == 1)
        await session.run(1.3)
        #expect(try showsPicture(session, 1))
        try session.input("swipe", "60", "240", "260", "240", "--duration", "0.2")
        try session.input("swipe", "60", "240", "260", "240", "--duration", "0.2")
        await session.run(1.5)
        #expect(try showsPicture(session, 4))  // 1 → 0 → 4
    }

    @Test func d22ASwipeFlipsToTheNextPicture() async throws {
        let session = try ExampleSession("d22")
        defer { session.close() }
        let imageView = try #require(session.controller.view.subviews.first as? UIImageView)
        try session.input("swipe", "260", "240", "60", "240", "--duration", "0.2")
        #expect(await session.run(until: { imageView.layer.animation(forKey: kCATransition) != nil }))
        let flip = try #require(imageView.layer.animation(forKey: kCATransition) as? CATransition)
        #expect(flip.type.rawValue == "oglFlip" && flip.subtype == .fromRight && flip.duration == 1)
        // Half-way the card is edge-on: neither picture fills the middle of the screen's width.
        let begin = flip.beginTime
        while CACurrentMediaTime() < begin + 0.5 { await session.run(0.01) }
        let edgeOn = try session.pixel(40, 300)
        #expect(!close(edgeOn, Self.colours[0], 10) && !close(edgeOn, Self.colours[1], 10))
        await session.run(1)
        #expect(try showsPicture(session, 1))
        #expect(imageView.layer.animation(forKey: "contents") == nil)
    }

    @Test(arguments: [false, true])
    func d23ATapSwapsTheViewsRemovingOrHiding(showsAndHides: Bool) async throws {
        let session = try ExampleSession("d23") { ($0 as? D23SwapViewsController)?.showsAndHides = showsAndHides }
        defer { session.close() }
        let demo = try #require(session.controller as? D23SwapViewsController)
        #expect(close(try session.pixel(160, 300), Self.colours[1]))
        try session.input("tap", "160", "240")
        #expect(await session.run(until: { demo.swaps == 1 }, timeout: 5))
        if showsAndHides {
            #expect(demo.card.subviews.count == 2)
            #expect(demo.front.isHidden && !demo.back.isHidden)
        } else {
            #expect(demo.card.subviews.count == 1 && demo.card.subviews.first === demo.back)
            #expect(demo.front.superview == nil)
        }
        await session.run(0.2)
        #expect(close(try session.pixel(160, 300), Self.colours[2]))
        // And back.
        try session.input("tap", "160", "240")
        #expect(await session.run(until: { demo.swaps == 2 }, timeout: 5))
        await session.run(0.2)
        #expect(close(try session.pixel(160, 300), Self.colours[1]))
    }
}
}

extension ClientProcessSuite {
/// Seed 003's keyframe demos (D13–D15) and the display-link fish (D18) as their author wrote them.
@MainActor
@Suite struct Seed003KeyframeAndClockDemoTests {
    func petal(_ session: ExampleSession) throws -> CALayer { try #require(session.controller.view.layer.sublayers?.first) }

    @Test func d13TheValuesMakeThreeStraightSegmentsOfEightThirdsSecondsAfterTwoSeconds() async throws {
        let session = try ExampleSession("d13")
        defer { session.close() }
        let layer = try petal(session)
        let frames = try #require(layer.animation(forKey: "KCKeyframeAnimation_Position") as? CAKeyframeAnimation)
        let t0 = frames.beginTime
        #expect(abs(t0 - (CACurrentMediaTime() + 2)) < 1)
        func at(_ t: Double) -> CGPoint? { layer.presentation(at: t0 + t)?.position }
        #expect(at(-1) == CGPoint(x: 50, y: 150))
        #expect(near(at(8.0 / 3), CGPoint(x: 80, y: 220)))
        let mid = try #require(at(4.0))     // half-way along the second segment
        #expect(abs(mid.x - 62.5) < 1e-6 && abs(mid.y - 260) < 1e-6)
        #expect(near(at(16.0 / 3), CGPoint(x: 45, y: 300)))
        #expect(at(9) == CGPoint(x: 50, y: 150)) // snapped back: the model never moved
        #expect(layer.position == CGPoint(x: 50, y: 150))
    }

    @Test func d14ThePathIsTheSeedsCubic() async throws {
        let session = try ExampleSession("d14")
        defer { session.close() }
        let layer = try petal(session)
        let frames = try #require(layer.animation(forKey: "KCKeyframeAnimation_Position") as? CAKeyframeAnimation)
        let t0 = frames.beginTime
        #expect(layer.presentation(at: t0)?.position == CGPoint(x: 50, y: 150))
        #expect(layer.presentation(at: t0 + 8 - 1e-9).map { abs($0.position.x - 55) < 0.01 && abs($0.position.y - 400) < 0.01 } == true)
        // Paced along the curve: at 4 s half of its length is behind it, and the point lies on the cubic.
        let p = try #require(layer.presentation(at: t0 + 4)?.position)
        func cubic(_ u: Double) -> CGPoint {
            let a = 1 - u
            return CGPoint(x: a * a * a * 50 + 3 * a * a * u * 160 + 3 * a * u * u * -30 + u * u * u * 55,
                           y: a * a * a * 150 + 3 * a * a * u * 280 + 3 * a * u * u * 300 + u * u * u * 400)
        }
        let nearest = stride(from: 0.0, through: 1, by: 0.0005).map { hypot(cubic($0).x - p.x, cubic($0).y - p.y) }.min() ?? 1
        #expect(nearest < 0.5)
        #expect(layer.presentation(at: t0 + 9)?.position == CGPoint(x: 50, y: 150))
    }

    @Test func d15KeyTimesMakeSegmentsOfFourTwoAndTwoSeconds() async throws {
        let session = try ExampleSession("d15")
        defer { session.close() }
        let layer = try petal(session)
        let frames = try #require(layer.animation(forKey: "KCKeyframeAnimation_Position") as? CAKeyframeAnimation)
        let t0 = frames.beginTime
        #expect(layer.presentation(at: t0 + 4)?.position == CGPoint(x: 80, y: 220))
        #expect(layer.presentation(at: t0 + 6)?.position == CGPoint(x: 45, y: 300))
        #expect(layer.presentation(at: t0 + 2)?.position == CGPoint(x: 65, y: 185))
    }

    /// On the virtual clock, stepped a frame at a time: every display frame reaches the link, so 2 s at
    /// 60 Hz are exactly 120 calls and 12 new images, whatever the machine's speed.
    @Test func d18TheFishChangesFrameEveryTenthDisplayFrame() async throws {
        let session = try ExampleSession("d18", virtualClock: true)
        defer { session.close() }
        let fish = try petal(session)
        let controller = try #require(session.controller as? D18DisplayLinkFishController)
        var shown: [ObjectIdentifier] = []
        var changedAt: [Int] = []
        for frame in 1...120 {
            try await session.advance(frames: 1)
            if let image = fish.contents as? CGImage, shown.last != ObjectIdentifier(image) {
                shown.append(ObjectIdentifier(image))
                changedAt.append(frame)
            }
        }
        // 60 Hz / 10: a new image at every tenth frame.
        #expect(controller.s == 120)
        #expect(changedAt == Array(stride(from: 10, through: 120, by: 10)), "\(changedAt)")
        #expect(controller._index == shown.count % 10)
        try await session.advance(frames: 1) // the last image's commit shows
        let shot = try session.pixel(160, 284)
        #expect(shot[3] == 255 && shot[0] > 200) // an orange or white fish pixel over the sea
        controller.displayLink?.invalidate()
    }
}
}

/// Whether `p` is within 1e-6 of `q` on each axis (key times like 8/3 s are not exact in binary).
func near(_ p: CGPoint?, _ q: CGPoint) -> Bool {
    guard let p else { return false }
    return abs(p.x - q.x) < 1e-6 && abs(p.y - q.y) < 1e-6
}
