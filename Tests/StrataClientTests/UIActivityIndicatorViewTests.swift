import Foundation
import Strata
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// UIActivityIndicatorView on a real server (a white screen at scale 1): a large (37-point) spinner at (20, 20),
/// so its centre is at window (38.5, 38.5), its top spoke's middle near (38, 25) and the spoke 45° clockwise
/// of it near (47, 29).
@MainActor
@Suite struct UIActivityIndicatorViewTests {
    static let top = (38, 25), topRight = (47, 29)

    static func show(_ spinner: UIActivityIndicatorView, virtualClock: Bool = true) throws -> ExampleSession {
        spinner.frame.origin = CGPoint(x: 20, y: 20)
        return try ExampleSession(controller: UIViewController(), size: "160x120", virtualClock: virtualClock) { c in
            c.view.backgroundColor = .white
            c.view.addSubview(spinner)
        }
    }

    /// Black at `alpha` over white.
    static func grey(_ alpha: Double) -> [Int] {
        let v = Int((255 * (1 - alpha)).rounded())
        return [v, v, v, 255]
    }

    @Test func stylesSizesAndHiding() {
        let medium = UIActivityIndicatorView(style: .medium)
        #expect(medium.frame.size == CGSize(width: 20, height: 20) && medium.intrinsicContentSize == CGSize(width: 20, height: 20))
        let large = UIActivityIndicatorView(style: .large)
        #expect(large.intrinsicContentSize == CGSize(width: 37, height: 37) && large.style == .large)
        #expect(UIActivityIndicatorView(frame: .zero).style == .medium)
        #expect(UIActivityIndicatorView.Style.medium.rawValue == 100 && UIActivityIndicatorView.Style.large.rawValue == 101)
        #expect(UIActivityIndicatorView.Style.whiteLarge.rawValue == 0 && UIActivityIndicatorView.Style.gray.rawValue == 2)
        #expect(UIActivityIndicatorView(style: .whiteLarge).intrinsicContentSize.width == 37)
        #expect(UIActivityIndicatorView(style: .white).color == UIColor.white)
        #expect(medium.color == UIColor.secondaryLabel)
        medium.color = .red
        #expect(medium.color == UIColor.red)
        // Hidden until started, and again when stopped, while hidesWhenStopped (the default).
        #expect(medium.hidesWhenStopped && medium.isHidden && !medium.isAnimating)
        medium.startAnimating()
        #expect(medium.isAnimating && !medium.isHidden)
        medium.stopAnimating()
        #expect(!medium.isAnimating && medium.isHidden)
        medium.hidesWhenStopped = false
        #expect(!medium.isHidden)
        medium.startAnimating()
        medium.stopAnimating()
        #expect(!medium.isHidden)
    }

    @Test func theSpinnerStepsClockwiseOnTheServersClock() async throws {
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        let session = try Self.show(spinner)
        defer { session.close() }
        try await session.advance(frames: 1)
        #expect(try session.pixel(Self.top.0, Self.top.1) == [255, 255, 255, 255], "hidden until started")
        spinner.startAnimating()
        // One step of 45° each eighth of a second, sampled mid-step (frames 3, 12, 18 at 60 Hz). The app commits
        // nothing in between: the server turns it. The bright spoke is at the top, then 45° clockwise, and the
        // top spoke dims by a tenth a step as the trail passes.
        try await session.advance(frames: 3)
        #expect(try session.pixel(Self.top.0, Self.top.1) == [0, 0, 0, 255])
        #expect(indicatorsClose(try session.pixel(Self.topRight.0, Self.topRight.1), Self.grey(0.3)))
        try await session.advance(frames: 9)
        #expect(indicatorsClose(try session.pixel(Self.top.0, Self.top.1), Self.grey(0.9)))
        #expect(try session.pixel(Self.topRight.0, Self.topRight.1) == [0, 0, 0, 255])
        try await session.advance(frames: 6)
        #expect(indicatorsClose(try session.pixel(Self.top.0, Self.top.1), Self.grey(0.8)))
        // A turn later (frame 66, 1.1 s), as at frame 3.
        try await session.advance(frames: 48)
        #expect(try session.pixel(Self.top.0, Self.top.1) == [0, 0, 0, 255])
        spinner.stopAnimating()
        try await session.advance(frames: 1)
        #expect(try session.pixel(Self.top.0, Self.top.1) == [255, 255, 255, 255], "hidden when stopped")
    }

    @Test func itTurnsWhileTheAppsMainThreadIsBlocked() async throws {
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        let session = try Self.show(spinner, virtualClock: false)
        defer { session.close() }
        spinner.startAnimating()
        await session.run(0.1) // committed
        // The main thread waits (no commits, no callbacks) while another thread samples the top spoke on the
        // server until it has seen three shades of it, or 10 s pass.
        nonisolated(unsafe) let server = session.server
        nonisolated(unsafe) var shades = Set<UInt8>()
        let done = DispatchSemaphore(value: 0)
        let (x, y) = Self.top
        Thread.detachNewThread {
            let end = Date().addingTimeInterval(10)
            while shades.count < 3, Date() < end {
                if let shot = try? server.snapshot(), shot.width > 0 { shades.insert(shot.pixels[(y * shot.width + x) * 4]) }
                usleep(20_000)
            }
            done.signal()
        }
        done.wait()
        #expect(shades.count >= 3, "\(shades)")
    }

    @Test func theDefaultColourAtRest() async throws {
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.hidesWhenStopped = false
        let session = try Self.show(spinner, virtualClock: false)
        defer { session.close() }
        await session.run(0.1)
        // At rest the bright spoke is at the top: secondaryLabel (60, 60, 67 at 60 %) over white.
        #expect(indicatorsClose(try session.pixel(Self.top.0, Self.top.1), [138, 138, 142, 255]))
        #expect(try session.pixel(38, 38) == [255, 255, 255, 255], "an open centre")
    }
}
}
