import Foundation
import Strata
@testable import StrataUIKit
import Testing

extension ClientProcessSuite {
/// UISegmentedControl on a real server (320 × 240 at scale 1, a white screen): a control at (20, 20),
/// 240 × 32, so its three segments span window x 20–100, 100–180 and 180–260.
@MainActor
@Suite struct UISegmentedControlTests {
    static func show(_ control: UISegmentedControl) throws -> ExampleSession {
        control.frame = CGRect(x: 20, y: 20, width: 240, height: 32)
        return try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.backgroundColor = .white
            c.view.addSubview(control)
        }
    }

    @Test func aTapSelectsItsSegmentOnceAndCodeSendsNothing() async throws {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        #expect(control.numberOfSegments == 3 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        let session = try Self.show(control)
        defer { session.close() }
        let log = IndicatorsEventLog(control) { control.selectedSegmentIndex }
        try session.input("tap", "140", "36")
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(log.events == ["down", "valueChanged 1", "primary 1", "upInside"])
        #expect(control.selectedSegmentIndex == 1)
        // The selected segment again: no change, no value event.
        log.clear()
        try session.input("tap", "150", "30")
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(log.events == ["down", "upInside"])
        // In code: no event; out of range is no segment.
        control.selectedSegmentIndex = 2
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.selectedSegmentIndex = 0
        await session.run(0.05)
        #expect(log.events == ["down", "upInside"])
    }

    @Test func theHighlightFollowsTheTouchAcrossSegmentsAndOutAndBack() async throws {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.selectedSegmentIndex = 0
        let session = try Self.show(control)
        defer { session.close() }
        let log = IndicatorsEventLog(control) { control.selectedSegmentIndex }
        // After each step, once its events are in: the segment highlighted.
        var highlights: [Int?] = []
        for (step, events) in [(["down", "40", "36"], 1), (["move", "220", "36"], 2), (["move", "220", "200"], 4),
                               (["move", "140", "36"], 6)] {
            try strataInput(session.server, ["touch"] + step)
            #expect(await session.run(until: { log.events.count == events }))
            highlights.append(control.highlightedSegment)
        }
        try session.input("touch", "up", "140", "36")
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(log.events == ["down", "dragInside", "exit", "dragOutside", "enter", "dragInside",
                               "valueChanged 1", "primary 1", "upInside"])
        #expect(highlights == [0, 2, nil, 1])
        #expect(control.selectedSegmentIndex == 1 && control.highlightedSegment == nil)
        // Lifted outside: nothing selected.
        log.clear()
        try session.input("touch", "down", "220", "36")
        try session.input("touch", "move", "220", "200")
        try session.input("touch", "up", "220", "200")
        #expect(await session.run(until: { log.events.last == "upOutside" }))
        #expect(log.events == ["down", "exit", "dragOutside", "upOutside"])
        #expect(control.selectedSegmentIndex == 1)
    }

    @Test func disabledSegmentsAndMomentaryControls() async throws {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.setEnabled(false, forSegmentAt: 2)
        let session = try Self.show(control)
        defer { session.close() }
        let log = IndicatorsEventLog(control) { control.selectedSegmentIndex }
        try session.input("tap", "220", "36")
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(log.events == ["down", "upInside"] && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(!control.isEnabledForSegment(at: 2) && control.isEnabledForSegment(at: 0))
        // Momentary: every lift is a value change, and no plate stays.
        control.isMomentary = true
        log.clear()
        try session.input("tap", "60", "36")
        try session.input("tap", "60", "36")
        #expect(await session.run(until: { log.events.count == 8 }))
        #expect(log.events == ["down", "valueChanged 0", "primary 0", "upInside", "down", "valueChanged 0", "primary 0", "upInside"])
        #expect(control.plate.isHidden)
    }

    @Test func theUsersSelectionSlidesThePlate() async throws {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.selectedSegmentIndex = 0
        let session = try Self.show(control)
        defer { session.close() }
        var slide: CABasicAnimation?
        control.addAction(UIAction { _ in slide = control.plate.layer.animation(forKey: "position") as? CABasicAnimation }, for: .valueChanged)
        try session.input("tap", "220", "36")
        #expect(await session.run(until: { control.selectedSegmentIndex == 2 }))
        #expect(slide?.duration == UISegmentedControl.slideDuration)
        #expect(slide?.fromValue as? CGPoint == CGPoint(x: 40, y: 16))
        #expect(slide != nil && slide?.toValue == nil, "to the model: segment 2's plate")
        #expect(control.plate.frame == CGRect(x: 162, y: 2, width: 76, height: 28))
        // Set in code: no slide.
        control.selectedSegmentIndex = 1
        #expect(control.plate.layer.animation(forKey: "position") == nil)
        #expect(control.plate.frame == CGRect(x: 82, y: 2, width: 76, height: 28))
    }

    @Test func iOS14ActionsArePerformedWhenTheUserSelectsTheirSegment() async throws {
        var performed: [String] = []
        let actions = ["Day", "Week", "Month"].map { title in
            UIAction(title: title, identifier: UIAction.Identifier(title)) { action in
                performed.append("\(action.title) \((action.sender as? UISegmentedControl)?.selectedSegmentIndex ?? -9)")
            }
        }
        let control = UISegmentedControl(frame: .zero, actions: actions)
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 1) == "Week")
        #expect(control.segmentIndex(identifiedBy: UIAction.Identifier("Month")) == 2)
        #expect(control.segmentIndex(identifiedBy: UIAction.Identifier("Year")) == UISegmentedControl.noSegment)
        #expect(control.actionForSegment(at: 0) === actions[0] && control.actionForSegment(at: 5) == nil)
        let session = try Self.show(control)
        defer { session.close() }
        let log = IndicatorsEventLog(control) { control.selectedSegmentIndex }
        try session.input("tap", "140", "36")
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(performed == ["Week 1"])
        #expect(log.events == ["down", "valueChanged 1", "primary 1", "upInside"])
        control.selectedSegmentIndex = 2 // in code: no action
        #expect(performed == ["Week 1"])
    }

    @Test func segmentsAreEditedAndSized() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 8)).image { $0.fill(CGRect(x: 0, y: 0, width: 10, height: 8)) }
        let control = UISegmentedControl(items: ["A", image, "Longer title"])
        #expect(control.titleForSegment(at: 0) == "A" && control.imageForSegment(at: 1) === image)
        #expect(control.titleForSegment(at: 1) == nil && control.titleForSegment(at: 9) == nil)
        #expect(control.intrinsicContentSize.height == 32)
        let widest = control.segments[2].label.intrinsicContentSize.width + 24
        #expect(control.intrinsicContentSize.width == 3 * widest, "equal segments, as wide as the widest")
        control.apportionsSegmentWidthsByContent = true
        #expect(control.intrinsicContentSize.width == widest + 34 + control.segments[0].label.intrinsicContentSize.width + 24)
        control.apportionsSegmentWidthsByContent = false
        control.setWidth(50, forSegmentAt: 1)
        #expect(control.widthForSegment(at: 1) == 50 && control.widthForSegment(at: 0) == 0)
        control.frame = CGRect(x: 0, y: 0, width: 250, height: 32)
        #expect(control.segmentFrames().map(\.width) == [100, 50, 100])
        control.selectedSegmentIndex = 2
        control.insertSegment(withTitle: "Zero", at: 0, animated: false)
        #expect(control.numberOfSegments == 4 && control.selectedSegmentIndex == 3)
        control.insertSegment(with: image, at: 99, animated: true)
        #expect(control.imageForSegment(at: 4) === image)
        control.removeSegment(at: 3, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.numberOfSegments == 4)
        control.setTitle("Now text", forSegmentAt: 2)
        #expect(control.titleForSegment(at: 2) == "Now text" && control.imageForSegment(at: 2) == nil)
        control.setTitleTextAttributes([.foregroundColor: UIColor.red], for: .selected)
        #expect(control.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor == UIColor.red)
        #expect(control.titleTextAttributes(for: .normal) == nil)
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    @Test func theDefaultLook() async throws {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.selectedSegmentIndex = 0
        let session = try Self.show(control)
        defer { session.close() }
        await session.run(0.1)
        // The plate, white, above its title; the grey track (tertiarySystemFill over white) on segment 2.
        #expect(try session.pixel(60, 24) == [255, 255, 255, 255])
        #expect(indicatorsClose(try session.pixel(190, 24), [239, 239, 240, 255]))
        // The separator between the unselected segments 1 and 2 (opaqueSeparator); none beside the plate.
        #expect(try session.pixel(179, 36) == [198, 198, 200, 255])
        let besidePlate = try session.pixel(99, 36)
        #expect(besidePlate != [198, 198, 200, 255] && besidePlate[0] > 220, "\(besidePlate)")
        // Dark title text in each segment.
        let shot = try session.server.snapshot()
        func darkPixels(_ xs: Range<Int>) -> Int {
            (26..<46).reduce(0) { n, y in n + xs.filter { shot.pixels[(y * shot.width + $0) * 4] < 100 }.count }
        }
        #expect(darkPixels(24..<96) > 20 && darkPixels(104..<176) > 20 && darkPixels(184..<256) > 20)
    }
}
}
