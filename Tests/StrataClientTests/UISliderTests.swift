import Foundation
import Strata
import StrataUIKit
import Testing

/// A slider whose track leaves 20 points each side: the layout and the drag both go through the override.
@MainActor
final class InsetTrackSlider: UISlider {
    override func trackRect(forBounds bounds: CGRect) -> CGRect { super.trackRect(forBounds: bounds).insetBy(dx: 20, dy: 0) }
}

extension ClientProcessSuite {
/// UISlider on a real server (320 × 240, white). The slider is at (20, 100), 280 × 30: its track spans
/// x 20…300, and the thumb's centre travels 34…286 (252 points), so 63 points are a quarter of the range.
@MainActor
@Suite struct UISliderTests {
    private func session(_ slider: UISlider) throws -> ExampleSession {
        try ExampleSession(controller: UIViewController(), size: "320x240") { controller in
            controller.view.backgroundColor = .white
            controller.view.addSubview(slider)
        }
    }

    private func slider() -> (UISlider, ControlEventLog) {
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 280, height: 30))
        slider.value = 0.5
        let log = ControlEventLog(slider) { [weak slider] event in event == .valueChanged ? slider.map { "\($0.value)" } : nil }
        return (slider, log)
    }

    @Test func draggingTheThumbSetsExactClampedValuesAsItMoves() async throws {
        let (slider, log) = slider()
        let session = try session(slider)
        defer { session.close() }
        var highlights: [Bool] = []
        func step(_ arguments: String..., events: Int) async throws {
            try strataInput(session.server, ["touch"] + arguments)
            #expect(await session.run(until: { log.entries.count >= events }))
            highlights.append(slider.isHighlighted)
        }
        try await step("down", "164", "115", events: 1) // 4 points right of the thumb's centre: it does not jump
        try await step("move", "227", "115", events: 4)
        try await step("move", "310", "115", events: 7) // past the end: clamped
        try await step("move", "310", "230", events: 9) // past the margin: no value change
        try await step("move", "101", "116", events: 13) // back
        try await step("up", "101", "116", events: 14)
        // UIControl asks continueTracking (where the slider sends its value) before a move's drag events.
        #expect(log.entries == [
            "touchDown", "valueChanged 0.75", "primaryActionTriggered", "touchDragInside",
            "valueChanged 1.0", "primaryActionTriggered", "touchDragInside",
            "touchDragExit", "touchDragOutside",
            "valueChanged 0.25", "primaryActionTriggered", "touchDragEnter", "touchDragInside", "touchUpInside",
        ])
        #expect(highlights == [true, true, true, false, true, false])
        #expect(slider.value == 0.25)
    }

    @Test func aTapOnTheTrackMovesNothing() async throws {
        let (slider, log) = slider()
        let session = try session(slider)
        defer { session.close() }
        try session.input("tap", "40", "115")
        try session.input("tap", "160", "115") // then one on the thumb, which is tracked
        #expect(await session.run(until: { log.entries.count >= 2 }))
        await session.run(0.1)
        #expect(log.entries == ["touchDown", "touchUpInside"])
        #expect(slider.value == 0.5)
    }

    @Test func aSliderThatIsNotContinuousSendsOnceWhenLifted() async throws {
        let (slider, log) = slider()
        slider.isContinuous = false
        let session = try session(slider)
        defer { session.close() }
        for (phase, x, count) in [("down", "160", 1), ("move", "223", 2), ("move", "97", 3), ("up", "97", 6)] {
            try session.input("touch", phase, x, "115")
            #expect(await session.run(until: { log.entries.count >= count }))
        }
        #expect(log.entries == ["touchDown", "touchDragInside", "touchDragInside", "valueChanged 0.25",
                                "primaryActionTriggered", "touchUpInside"])
    }

    @Test func valuesClampAndTheGeometryIsOverridable() throws {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 280, height: 30))
        #expect(slider.minimumValue == 0 && slider.maximumValue == 1 && slider.value == 0 && slider.isContinuous)
        slider.value = 2
        #expect(slider.value == 1)
        slider.setValue(-3, animated: true)
        #expect(slider.value == 0)
        slider.maximumValue = 10
        slider.minimumValue = 4
        #expect(slider.value == 4)
        slider.minimumValue = 12
        #expect(slider.maximumValue == 12 && slider.value == 12)
        slider.minimumValue = 0
        slider.maximumValue = 1
        #expect(slider.value == 1)
        let bounds = slider.bounds
        #expect(slider.trackRect(forBounds: bounds) == CGRect(x: 0, y: 13, width: 280, height: 4))
        #expect(slider.thumbRect(forBounds: bounds, trackRect: slider.trackRect(forBounds: bounds), value: 0.5)
                == CGRect(x: 126, y: 1, width: 28, height: 28))
        #expect(slider.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 30))
        let image = UIButtonTests.square(.systemRed, side: 20)
        slider.minimumValueImage = image
        slider.maximumValueImage = image
        #expect(slider.minimumValueImageRect(forBounds: bounds) == CGRect(x: 0, y: 5, width: 20, height: 20))
        #expect(slider.maximumValueImageRect(forBounds: bounds) == CGRect(x: 260, y: 5, width: 20, height: 20))
        #expect(slider.trackRect(forBounds: bounds) == CGRect(x: 36, y: 13, width: 208, height: 4))
        let thumbImage = UIButtonTests.square(.systemBlue, side: 10)
        slider.setThumbImage(thumbImage, for: .normal)
        #expect(slider.thumbImage(for: .highlighted) === thumbImage && slider.currentThumbImage === thumbImage)
        let inset = InsetTrackSlider(frame: bounds)
        #expect(inset.thumbRect(forBounds: bounds, trackRect: inset.trackRect(forBounds: bounds), value: 0).minX == 20)
    }

    @Test func itLooksAsIOSDrawsIt() async throws {
        let (slider, _) = slider()
        let session = try session(slider)
        defer { session.close() }
        let tint = overWhite(0, 122, 255), grey = overWhite(120, 120, 128, 0.2), white: [UInt8] = [255, 255, 255, 255]
        #expect(await session.eventually(tint) { try session.pixel(30, 115) } == tint)
        let track = await session.eventually(grey, tolerance: 2) { try session.pixel(290, 115) }
        #expect(close(track, grey, 2), "translucent track, within the blend's rounding: \(track)")
        #expect(try session.pixel(160, 115) == white)
        #expect(try session.pixel(30, 112) == white) // above the 4-point track
        slider.minimumTrackTintColor = .systemRed
        slider.thumbTintColor = .systemGreen
        let red = overWhite(255, 59, 48), green = overWhite(52, 199, 89)
        #expect(await session.eventually(red) { try session.pixel(30, 115) } == red)
        #expect(await session.eventually(green) { try session.pixel(160, 115) } == green)
        // Moved in code, animated: the thumb slides there.
        slider.setValue(1, animated: true)
        #expect(await session.eventually(green) { try session.pixel(285, 115) } == green)
        #expect(await session.eventually(red) { try session.pixel(160, 115) } == red)
    }
}
}
