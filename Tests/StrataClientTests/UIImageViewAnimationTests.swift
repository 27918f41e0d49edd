import Foundation
import Strata
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// `UIImageView.animationImages` on the server's virtual clock (60 Hz), read back from its frames.
@MainActor
@Suite struct UIImageViewAnimationTests {
    static func solid(_ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { context in
            context.cgContext.setFillColor(color)
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        }
    }

    static let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
    static let white: [UInt8] = [255, 255, 255, 255]

    @Test func eachImageShowsForItsShareOfTheDurationThenTheImageComesBack() async throws {
        let view = UIImageView(image: Self.solid(UIColor(red: 1, green: 1, blue: 1, alpha: 1)))
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        view.animationImages = [Self.solid(UIColor(red: 1, green: 0, blue: 0, alpha: 1)),
                                Self.solid(UIColor(red: 0, green: 1, blue: 0, alpha: 1)),
                                Self.solid(UIColor(red: 0, green: 0, blue: 1, alpha: 1))]
        #expect(view.animationDuration == 0 && view.animationRepeatCount == 0 && !view.isAnimating)
        view.animationDuration = 0.3 // 0.1 s, six frames, per image
        view.animationRepeatCount = 2
        let session = try ExampleSession(controller: UIViewController(), size: "160x120", virtualClock: true) { c in
            c.view.addSubview(view)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        #expect(try session.pixel(30, 30) == Self.white)
        view.startAnimating()
        #expect(view.isAnimating)
        // Started at the clock's time t0; frame k is drawn at t0 + k/60.
        var seen: [[UInt8]] = []
        for frames in [3, 6, 6, 6, 6, 6] {
            try await session.advance(frames: frames)
            seen.append(try session.pixel(30, 30))
        }
        #expect(seen == [Self.red, Self.green, Self.blue, Self.red, Self.green, Self.blue], "frames 3, 9, 15, 21, 27, 33")
        #expect(view.isAnimating)
        // The second cycle ends at 0.6 s (frame 36); the server reports it and the image shows again.
        try await session.advance(frames: 4)
        try await session.advance(frames: 1)
        #expect(!view.isAnimating)
        #expect(try session.pixel(30, 30) == Self.white)
        #expect(view.layer.sublayers == nil || view.layer.sublayers?.isEmpty == true)
    }

    @Test func theDefaultIsAThirtiethOfASecondPerImageForEverUntilStopped() async throws {
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.animationImages = [Self.solid(UIColor(red: 1, green: 0, blue: 0, alpha: 1)),
                                Self.solid(UIColor(red: 0, green: 0, blue: 1, alpha: 1))]
        let session = try ExampleSession(controller: UIViewController(), size: "160x120", virtualClock: true) { c in
            c.view.addSubview(view)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        view.startAnimating()
        // 1/30 s per image: two frames each at 60 Hz; sampled at frames 1, 3, 5, …, 41.
        var seen: [[UInt8]] = []
        try await session.advance(frames: 1)
        for _ in 0..<21 {
            seen.append(try session.pixel(20, 20))
            try await session.advance(frames: 2)
        }
        #expect(seen == (0..<21).map { $0 % 2 == 0 ? Self.red : Self.blue })
        #expect(view.isAnimating)
        view.stopAnimating()
        #expect(!view.isAnimating)
        try await session.advance(frames: 1)
        #expect(try session.pixel(20, 20) == [0, 0, 0, 255], "no image: the black background")
    }
}
}
