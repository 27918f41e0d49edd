import Foundation
import Strata
import StrataUIKit
import Testing

extension ClientProcessSuite {
/// UIPageControl on a real server (320 × 240 at scale 1, a white screen): a control at (20, 20), 281 × 37, with
/// five pages, so its dots' centres are at window x 128.5, 144.5, 160.5, 176.5, 192.5 and y 38.5.
@MainActor
@Suite struct UIPageControlTests {
    static func show(_ control: UIPageControl) throws -> ExampleSession {
        control.frame = CGRect(x: 20, y: 20, width: 281, height: 37)
        return try ExampleSession(controller: UIViewController(), size: "320x240") { c in
            c.view.backgroundColor = .white
            c.view.addSubview(control)
        }
    }

    static func fivePages(at page: Int) -> UIPageControl {
        let control = UIPageControl(frame: .zero)
        control.numberOfPages = 5
        control.currentPage = page
        return control
    }

    @Test func aTapEitherSideOfTheCurrentDotMovesOnePage() async throws {
        let control = Self.fivePages(at: 2)
        let session = try Self.show(control)
        defer { session.close() }
        let log = IndicatorsEventLog(control) { control.currentPage }
        try session.input("tap", "100", "38")  // left of the current dot
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(log.events == ["down", "valueChanged 1", "primary 1", "upInside"])
        try session.input("tap", "150", "30")  // right of page 1's dot
        try session.input("tap", "290", "50")
        #expect(await session.run(until: { log.events.count == 12 }))
        #expect(control.currentPage == 3)
        // At the last page a tap on its right changes nothing.
        control.currentPage = 4
        log.clear()
        try session.input("tap", "250", "38")
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(log.events == ["down", "upInside"] && control.currentPage == 4)
    }

    @Test func aTouchThatLeavesAndComesBackStillMovesAndOneThatLiftsOutsideDoesNot() async throws {
        let control = Self.fivePages(at: 2)
        let session = try Self.show(control)
        defer { session.close() }
        let log = IndicatorsEventLog(control) { control.currentPage }
        try session.input("touch", "down", "100", "38")
        try session.input("touch", "move", "100", "200")   // beyond the 70-point margin
        try session.input("touch", "move", "250", "40")    // back, right of the current dot
        try session.input("touch", "up", "250", "40")
        #expect(await session.run(until: { log.events.last == "upInside" }))
        #expect(log.events == ["down", "exit", "dragOutside", "enter", "dragInside", "valueChanged 3", "primary 3", "upInside"])
        log.clear()
        try session.input("touch", "down", "250", "38")
        try session.input("touch", "move", "250", "220")
        try session.input("touch", "up", "250", "220")
        #expect(await session.run(until: { log.events.last == "upOutside" }))
        #expect(log.events == ["down", "exit", "dragOutside", "upOutside"] && control.currentPage == 3)
    }

    @Test func pagesAreClampedAndCodeSendsNothing() async throws {
        let control = Self.fivePages(at: 9)
        #expect(control.currentPage == 4)
        control.currentPage = -3
        #expect(control.currentPage == 0)
        control.currentPage = 4
        control.numberOfPages = 2
        #expect(control.currentPage == 1)
        #expect(!control.hidesForSinglePage && control.pageIndicatorTintColor == nil && control.currentPageIndicatorTintColor == nil)
        #expect(control.size(forNumberOfPages: 5) == CGSize(width: 71, height: 37))
        #expect(control.size(forNumberOfPages: 1) == CGSize(width: 7, height: 37))
        #expect(control.intrinsicContentSize == CGSize(width: 23, height: 37))
        let log = IndicatorsEventLog(control) { control.currentPage }
        control.currentPage = 0
        #expect(log.events.isEmpty)
    }

    @Test func theDotsLook() async throws {
        let control = Self.fivePages(at: 2)
        let session = try Self.show(control)
        defer { session.close() }
        await session.run(0.1)
        #expect(try session.pixel(160, 38) == [0, 0, 0, 255], "the current page: label")
        // The others: tertiaryLabel over white.
        for x in [128, 144, 176, 192] { #expect(indicatorsClose(try session.pixel(x, 38), [197, 197, 199, 255])) }
        #expect(try session.pixel(136, 38) == [255, 255, 255, 255], "between dots")
        #expect(try session.pixel(208, 38) == [255, 255, 255, 255], "no sixth dot")
        control.currentPageIndicatorTintColor = .red
        control.pageIndicatorTintColor = .blue
        control.numberOfPages = 1
        await session.run(0.1)
        #expect(try session.pixel(160, 38) == [255, 0, 0, 255], "one page, centred")
        control.hidesForSinglePage = true
        await session.run(0.1)
        #expect(try session.pixel(160, 38) == [255, 255, 255, 255])
    }
}
}
