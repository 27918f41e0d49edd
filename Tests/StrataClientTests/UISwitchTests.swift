import Foundation
import Strata
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// UISwitch on a real server (320 × 240, white), the switch at (100, 100): taps and drags toggle it with
/// `.valueChanged` only from the user, and its look by the server's pixels.
@MainActor
@Suite struct UISwitchTests {
    private func session(_ toggle: UISwitch) throws -> ExampleSession {
        try ExampleSession(controller: UIViewController(), size: "320x240") { controller in
            controller.view.backgroundColor = .white
            controller.view.addSubview(toggle)
        }
    }

    @Test func aTapTogglesItAndOnlyTheUserSendsValueChanged() async throws {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        #expect(toggle.frame == CGRect(x: 100, y: 100, width: 51, height: 31) && toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(!toggle.isOn && toggle.onTintColor == nil && toggle.thumbTintColor == nil)
        let log = ControlEventLog(toggle) { [weak toggle] event in event == .valueChanged ? toggle.map { "\($0.isOn)" } : nil }
        let session = try session(toggle)
        defer { session.close() }
        try session.input("tap", "120", "115")
        #expect(await session.run(until: { log.entries.count >= 4 }))
        #expect(log.entries == ["touchDown", "valueChanged true", "primaryActionTriggered", "touchUpInside"])
        #expect(toggle.isOn)
        // Set in code: no event.
        toggle.setOn(false, animated: true)
        toggle.isOn = true
        toggle.isOn = false
        try session.input("tap", "145", "105") // 27 points from the first: not a repeated tap
        #expect(await session.run(until: { log.entries.count >= 8 }))
        #expect(log.entries.suffix(4) == ["touchDown", "valueChanged true", "primaryActionTriggered", "touchUpInside"])
        #expect(toggle.isOn)
    }

    @Test func draggingTheThumbAcrossSetsTheSideItIsLiftedOn() async throws {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let log = ControlEventLog(toggle) { [weak toggle] event in event == .valueChanged ? toggle.map { "\($0.isOn)" } : nil }
        let session = try session(toggle)
        defer { session.close() }
        var highlights: [Bool] = []
        var thumbWidths: [CGFloat] = [] // stretched while held
        let thumb = try #require(toggle.layer.sublayers?.first?.sublayers?.last)
        func step(_ arguments: String..., events: Int) async throws {
            try strataInput(session.server, ["touch"] + arguments)
            #expect(await session.run(until: { log.entries.count >= events }))
            highlights.append(toggle.isHighlighted)
            thumbWidths.append(thumb.frame.width)
        }
        try await step("down", "104", "115", events: 1)
        try await step("move", "140", "115", events: 2) // across the middle: the thumb shows on
        #expect(!toggle.isOn)
        try await step("move", "260", "115", events: 4) // past the margin
        try await step("move", "145", "118", events: 6) // back
        try await step("up", "145", "118", events: 9)
        #expect(log.entries == ["touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragEnter",
                                "touchDragInside", "valueChanged true", "primaryActionTriggered", "touchUpInside"])
        #expect(highlights == [true, true, false, true, false])
        #expect(thumbWidths == [34, 34, 34, 34, 27])
        #expect(toggle.isOn && thumb.frame == CGRect(x: 22, y: 2, width: 27, height: 27))

        // Dragged over and back to where it was: no change, no value event. (It goes down 41 points from
        // the last lift, so it is not a repeated tap.)
        log.entries = []
        try await step("down", "104", "115", events: 1)
        try await step("move", "146", "115", events: 2)
        try await step("move", "105", "115", events: 3)
        try await step("move", "146", "115", events: 4)
        try await step("up", "146", "115", events: 5)
        #expect(log.entries == ["touchDown", "touchDragInside", "touchDragInside", "touchDragInside", "touchUpInside"])
        #expect(toggle.isOn)
    }

    @Test func itLooksAsIOSDrawsItAndTheThumbSlidesThroughCoreAnimation() async throws {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        let session = try session(toggle)
        defer { session.close() }
        // Off: a light grey track, the white thumb at the left.
        let off = overWhite(120, 120, 128, 0.16) // translucent: within the server's rounding of the blend
        let seen = await session.eventually(off, tolerance: 2) { try session.pixel(145, 115) }
        #expect(close(seen, off, 2), "off track: \(seen)")
        #expect(try session.pixel(115, 115) == [255, 255, 255, 255])
        // On, animated: the thumb's move is a quarter-second animation the server plays.
        toggle.setOn(true, animated: true)
        let thumb = try #require(toggle.layer.sublayers?.first?.sublayers?.last)
        #expect(thumb.animation(forKey: "position")?.duration == 0.25)
        let green = overWhite(52, 199, 89)
        #expect(await session.eventually(green) { try session.pixel(106, 115) } == green)
        #expect(await session.eventually([255, 255, 255, 255]) { try session.pixel(135, 115) } == [255, 255, 255, 255])
        toggle.onTintColor = .systemBlue
        let blue = overWhite(0, 122, 255)
        #expect(await session.eventually(blue) { try session.pixel(106, 115) } == blue)
        toggle.thumbTintColor = .systemRed
        let red = overWhite(255, 59, 48)
        #expect(await session.eventually(red) { try session.pixel(135, 115) } == red)
    }
    /// On the virtual clock: half way through the quarter second the thumb is between its ends, then at the end.
    @Test func theThumbSlidesAcrossInAQuarterSecond() async throws {
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        let session = try ExampleSession(controller: UIViewController(), size: "320x240", virtualClock: true) { controller in
            controller.view.backgroundColor = .white
            controller.view.addSubview(toggle)
        }
        defer { session.close() }
        try await session.advance(frames: 1)
        let white: [UInt8] = [255, 255, 255, 255]
        #expect(try session.pixel(104, 115) == white && session.pixel(146, 115) != white) // the thumb at the left
        toggle.setOn(true, animated: true)
        try await session.advance(frames: 1 + Int((0.125 * session.server.refresh).rounded()))
        // Between the ends: thumb over x 108…143 at most (its left edge 2…22 points in, 27 wide).
        #expect(try session.pixel(104, 115) != white && session.pixel(146, 115) != white)
        #expect(try session.pixel(130, 115) == white)
        try await session.advance(frames: Int((0.25 * session.server.refresh).rounded()))
        #expect(try session.pixel(146, 115) == white && session.pixel(106, 115) == overWhite(52, 199, 89))
    }
}
}
