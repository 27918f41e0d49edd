import Foundation
import StrataCore
import StrataFuzzing
@testable import strata_fuzz_text
import StrataText
import Testing

@Suite("Text layout harness")
struct TextHarnessTests {
    @Test("the seed corpus and generated mixes lay out with every invariant holding")
    func seedsHold() throws {
        for s in TextFuzzInput.seeds(count: 200) {
            do { try TextHarness.run(s.input) } catch { Issue.record("\(s.name): \(error)") }
        }
    }

    @Test("the checks catch clusters and lines outside the text, lines out of order, and non-finite or negative sizes")
    func checksCatchBrokenLayouts() throws {
        let face = FontFace(id: 0, path: "", index: 0, family: "x", isColor: false)
        let line = LineBox(rect: CGRect(x: 0, y: 0, width: 10, height: 10), baseline: 8, range: 0..<3, isTruncated: false)
        let run = GlyphRun(face: face, size: 12, color: nil, glyphs: [1, 2], positions: [.zero, CGPoint(x: 5, y: 0)], line: 0, clusters: [0, 2])
        let good = LaidOutText(lines: [line], runs: [run], size: CGSize(width: 10, height: 10))
        try TextHarness.check(good, utf16Count: 3)

        // A "…" standing for an empty omitted range at the text's end has the end as its cluster.
        var ellipsis = good
        ellipsis.lines[0].omittedRange = 3..<3; ellipsis.lines[0].isTruncated = true; ellipsis.runs[0].clusters = [0, 3]
        try TextHarness.check(ellipsis, utf16Count: 3)

        var bad: [(String, LaidOutText)] = []
        var b = good; b.runs[0].clusters = [0, 3]; bad.append(("cluster past the end", b))
        b = good; b.runs[0].clusters = [-1, 0]; bad.append(("negative cluster", b))
        b = good; b.runs[0].clusters = [0]; bad.append(("a cluster short", b))
        b = good; b.runs[0].line = 1; bad.append(("run on no line", b))
        b = good; b.lines[0].range = 0..<4; bad.append(("line past the end", b))
        b = good; b.lines = [line, LineBox(rect: line.rect, baseline: 8, range: 1..<2, isTruncated: false)]; bad.append(("overlapping lines", b))
        b = good; b.lines[0].omittedRange = 2..<5; b.lines[0].isTruncated = true; bad.append(("omitted past the line", b))
        b = good; b.size.width = .nan; bad.append(("NaN size", b))
        b = good; b.size.height = -1; bad.append(("negative size", b))
        b = good; b.lines[0].rect.size.height = -1; bad.append(("negative line height", b))
        b = good; b.runs[0].positions[1].x = .infinity; bad.append(("infinite position", b))
        b = good; b.decorations = [TextDecoration(rect: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1), color: nil)]; bad.append(("NaN decoration", b))
        for (what, layout) in bad {
            #expect(throws: TextHarness.Violation.self, "\(what)") { try TextHarness.check(layout, utf16Count: 3) }
        }
    }

    @Test("fontconfig is pinned to Tests/Fonts/fonts.conf unless FONTCONFIG_FILE is set")
    func fontsPinned() throws {
        _ = TextHarness.library
        let path = try #require(ProcessInfo.processInfo.environment["FONTCONFIG_FILE"])
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(TextHarness.library.resolve("DejaVu Sans").matchedName)
    }
}
