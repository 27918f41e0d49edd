import Foundation
import Strata
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// UIProgressView on a real server (a white screen at scale 1): a bar at (20, 20), 200 × 4.
@MainActor
@Suite struct UIProgressViewTests {
    static let blue = [0, 122, 255, 255].map(UInt8.init)
    /// systemFill (120, 120, 128 at 20 %) over white.
    static let track = [228, 228, 230, 255]

    static func show(_ bar: UIProgressView, virtualClock: Bool = false) throws -> ExampleSession {
        bar.frame = CGRect(x: 20, y: 20, width: 200, height: 4)
        return try ExampleSession(controller: UIViewController(), size: "320x240", virtualClock: virtualClock) { c in
            c.view.backgroundColor = .white
            c.view.addSubview(bar)
        }
    }

    @Test func progressIsClampedAndSizedByStyle() {
        let bar = UIProgressView(progressViewStyle: .default)
        #expect(bar.progressViewStyle == .default && bar.progress == 0)
        #expect(bar.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 4))
        #expect(bar.sizeThatFits(CGSize(width: 150, height: 40)) == CGSize(width: 150, height: 4))
        bar.progress = 1.5
        #expect(bar.progress == 1)
        bar.setProgress(-2, animated: false)
        #expect(bar.progress == 0)
        bar.progress = 0.25
        #expect(bar.progress == 0.25)
        #expect(UIProgressView(progressViewStyle: .bar).intrinsicContentSize.height == 2.5)
        #expect(UIProgressView.Style.bar.rawValue == 1 && bar.progressTintColor == nil && bar.trackTintColor == nil)
    }

    @Test func theDefaultLookFollowsTheTint() async throws {
        let bar = UIProgressView(progressViewStyle: .default)
        bar.progress = 0.5
        let session = try Self.show(bar)
        defer { session.close() }
        await session.run(0.1)
        #expect(try session.pixel(60, 21) == Self.blue, "filled: the tint")
        #expect(indicatorsClose(try session.pixel(180, 21), Self.track), "the track")
        #expect(try session.pixel(60, 25) == [255, 255, 255, 255], "4 points high")
        #expect(try session.pixel(20, 20) != Self.blue, "round ends")
        session.controller.view.tintColor = .systemGreen
        await session.run(0.1)
        #expect(try session.pixel(60, 21) == [52, 199, 89, 255])
        bar.progressTintColor = .red
        bar.trackTintColor = .black
        await session.run(0.1)
        #expect(try session.pixel(60, 21) == [255, 0, 0, 255])
        #expect(try session.pixel(180, 21) == [0, 0, 0, 255])
    }

    @Test func setProgressAnimatedSlidesOnTheServer() async throws {
        let bar = UIProgressView(progressViewStyle: .default)
        let session = try Self.show(bar, virtualClock: true)
        defer { session.close() }
        try await session.advance(frames: 1)
        #expect(indicatorsClose(try session.pixel(30, 21), Self.track))
        bar.setProgress(1, animated: true)
        #expect(bar.progress == 1)
        // 0.25 s, ease in and out: after 0.1 s (6 frames) about a third is filled, after 0.3 s all of it.
        try await session.advance(frames: 6)
        #expect(try session.pixel(30, 21) == Self.blue)
        #expect(indicatorsClose(try session.pixel(200, 21), Self.track))
        try await session.advance(frames: 12)
        #expect(try session.pixel(200, 21) == Self.blue)
        // Not animated: at once.
        bar.setProgress(0.1, animated: false)
        try await session.advance(frames: 1)
        #expect(indicatorsClose(try session.pixel(100, 21), Self.track))
    }
}
}
