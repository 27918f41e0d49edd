import Foundation
import Strata
import StrataExamples
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// `strata-examples settings` (StrataExamples' SettingsController) on a real server at 640 × 480: its rows laid
/// out from the controls' intrinsic sizes, a switch and a segmented control changed by taps, a button's target
/// called, and a fling that scrolls the list and comes to rest.
@MainActor
@Suite struct SettingsScreenTests {
    @Test func theScreenTakesTapsAndScrolls() async throws {
        let session = try ExampleSession("settings", size: "640x480")
        defer { session.close() }
        let settings = try #require(session.controller as? SettingsController)
        let scroll = settings.scrollView
        #expect(scroll.contentSize.height > scroll.bounds.height)
        // The first row is "Wi-Fi", a switch at its right end; the fifth "Appearance", a segmented control.
        let rows = scroll.subviews
        let wifi = try #require(rows.first?.subviews.compactMap { $0 as? UISwitch }.first)
        let before = wifi.isOn
        let centre = wifi.convert(CGPoint(x: wifi.bounds.midX, y: wifi.bounds.midY), to: nil)
        try session.input("tap", "\(Int(centre.x))", "\(Int(centre.y))")
        #expect(await session.run(until: { settings.values["Wi-Fi"] != nil }))
        #expect(wifi.isOn == !before && settings.values["Wi-Fi"] == (before ? 0 : 1))

        let segments = try #require(rows[4].subviews.compactMap { $0 as? UISegmentedControl }.first)
        let third = segments.convert(CGPoint(x: segments.bounds.width * 5 / 6, y: segments.bounds.midY), to: nil)
        try session.input("tap", "\(Int(third.x))", "\(Int(third.y))")
        #expect(await session.run(until: { settings.values["Appearance"] == 2 }))
        #expect(segments.selectedSegmentIndex == 2)

        // A flick up: the list scrolls and comes to rest further down, within its content.
        let x = Int(scroll.convert(CGPoint(x: scroll.bounds.midX, y: 0), to: nil).x)
        try session.input("swipe", "\(x)", "420", "\(x)", "150", "--duration", "0.1")
        #expect(await session.run(until: { scroll.contentOffset.y > 50 && !scroll.isDecelerating && !scroll.isDragging }, timeout: 20))
        #expect(scroll.contentOffset.y <= scroll.contentSize.height - scroll.bounds.height + 0.5)
    }
}
}
