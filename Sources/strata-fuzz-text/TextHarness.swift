import Foundation
import StrataCore
import StrataFuzzing
import StrataText

/// Lays out one `TextFuzzInput` with `TextLayout.layout` and checks what comes back. Layout may not crash
/// (a trap, an abort in a C library, an overflow), and its result must hold:
///
/// - every glyph run's clusters inside the laid-out text (its first 64K UTF-16 units) — or, for a "…", the
///   start of its line's omitted range, which may be the text's end — one per glyph, as many positions as
///   glyphs, positions finite, its line one of the lines, its size finite and ≥ 0;
/// - every line's range inside the text, lines in order and not overlapping, the range "…" stands for
///   inside its line's, its box and baseline finite with a size ≥ 0 (its width may be negative where a
///   negative kern pulls clusters back past the line's start: kern is added after each cluster, whatever its sign);
/// - decorations finite with a size ≥ 0; the text's size finite and ≥ 0;
/// - where the input asks, a second layout equal to the first (layout is a pure function of its input).
enum TextHarness {
    struct Violation: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// One library for the process, on the pinned fonts (`PinnedFonts`), made on first use.
    static let library: FontLibrary = {
        PinnedFonts.install()
        return FontLibrary()
    }()

    static func run(_ bytes: [UInt8]) throws { try run(TextFuzzInput.decode(bytes)) }

    static func run(_ input: TextFuzzInput) throws {
        let text = input.text
        let style = TextStyle(font: input.font, fontSize: input.fontSize, alignment: input.alignment, isWrapped: input.isWrapped,
                              truncation: input.truncation)
        let laid = TextLayout.layout(text, style: style, bounds: input.bounds, library: library)
        let negativeKern = input.runs.contains { ($0.attributes.kern ?? 0) < 0 }
        try check(laid, utf16Count: text.utf16Count, negativeLineWidths: negativeKern)
        if input.checksDeterminism, TextLayout.layout(text, style: style, bounds: input.bounds, library: library) != laid {
            throw Violation("a second layout of the same input differs from the first")
        }
    }

    /// The layout of `input`, line by line and run by run (for reproducers).
    static func describeLayout(_ input: TextFuzzInput) -> String {
        let style = TextStyle(font: input.font, fontSize: input.fontSize, alignment: input.alignment, isWrapped: input.isWrapped,
                              truncation: input.truncation)
        let laid = TextLayout.layout(input.text, style: style, bounds: input.bounds, library: library)
        var out = ["layout: size \(laid.size.width) x \(laid.size.height), \(laid.lines.count) lines, \(laid.runs.count) runs"]
        for (i, l) in laid.lines.enumerated() {
            out.append("line \(i): range \(l.range) omitted \(l.omittedRange.map { "\($0)" } ?? "-") rect \(l.rect) baseline \(l.baseline)")
        }
        for (i, r) in laid.runs.enumerated() {
            out.append("run \(i): line \(r.line) \(r.face.family) \(r.size) pt, glyphs \(r.glyphs) clusters \(r.clusters)")
        }
        return out.joined(separator: "\n")
    }

    static func check(_ laid: LaidOutText, utf16Count: Int, negativeLineWidths: Bool = false) throws {
        // Layout reads at most 64K units (a scalar that would cross the bound is left out too).
        let limit = min(utf16Count, ValueRule.maxTextLength)
        func finite(_ xs: CGFloat...) -> Bool { xs.allSatisfy(\.isFinite) }
        func finiteBox(_ r: CGRect) -> Bool { finite(r.origin.x, r.origin.y, r.size.width, r.size.height) && r.size.width >= 0 && r.size.height >= 0 }

        guard finite(laid.size.width, laid.size.height), laid.size.width >= 0, laid.size.height >= 0 else {
            throw Violation("size \(laid.size) is not finite and non-negative")
        }
        var previousEnd = 0
        for (i, line) in laid.lines.enumerated() {
            guard line.range.lowerBound >= 0, line.range.upperBound <= limit else {
                throw Violation("line \(i) range \(line.range) is outside the text (0..<\(limit))")
            }
            guard line.range.lowerBound >= previousEnd else {
                throw Violation("line \(i) range \(line.range) starts before the line before it ends (\(previousEnd))")
            }
            previousEnd = line.range.upperBound
            if let omitted = line.omittedRange {
                guard line.isTruncated, omitted.lowerBound >= line.range.lowerBound, omitted.upperBound <= line.range.upperBound else {
                    throw Violation("line \(i) omits \(omitted), not inside its range \(line.range) (truncated: \(line.isTruncated))")
                }
            }
            var box = line.rect
            if negativeLineWidths { box.size.width = abs(box.size.width) }
            guard finiteBox(box), line.baseline.isFinite else {
                throw Violation("line \(i) box \(line.rect) or baseline \(line.baseline) is not finite with a size ≥ 0")
            }
        }
        for (i, run) in laid.runs.enumerated() {
            guard laid.lines.indices.contains(run.line) else { throw Violation("run \(i) is on line \(run.line) of \(laid.lines.count)") }
            guard run.positions.count == run.glyphs.count, run.clusters.isEmpty || run.clusters.count == run.glyphs.count else {
                throw Violation("run \(i) has \(run.glyphs.count) glyphs, \(run.positions.count) positions, \(run.clusters.count) clusters")
            }
            let ellipsis = laid.lines[run.line].omittedRange?.lowerBound
            if let bad = run.clusters.first(where: { !(0..<limit).contains($0) && $0 != ellipsis }) {
                throw Violation("run \(i) has a glyph of cluster \(bad), outside the text (0..<\(limit))")
            }
            guard run.size.isFinite, run.size >= 0 else { throw Violation("run \(i) size \(run.size) is not finite and non-negative") }
            if let p = run.positions.first(where: { !finite($0.x, $0.y) }) { throw Violation("run \(i) has a glyph at \(p)") }
        }
        for (i, d) in laid.decorations.enumerated() where !finiteBox(d.rect) {
            throw Violation("decoration \(i) rect \(d.rect) is not finite with a size ≥ 0")
        }
    }
}

/// Pins fontconfig to Tests/Fonts/fonts.conf (Debian 12's DejaVu and Noto fonts, as StrataTextTests use)
/// when FONTCONFIG_FILE is not set, so a run and its replays see the same fonts on any machine with them.
/// The file is found beside this source (the repository the binary was built from), else under the
/// working directory; fontconfig needs an absolute path.
enum PinnedFonts {
    @discardableResult
    static func install() -> String? {
        if let set = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"], !set.isEmpty { return set }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [repository.path, FileManager.default.currentDirectoryPath].map { "\($0)/Tests/Fonts/fonts.conf" }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            FileHandle.standardError.write(Data("strata-fuzz-text: Tests/Fonts/fonts.conf not found; using the system's fonts\n".utf8))
            return nil
        }
        setenv("FONTCONFIG_FILE", path, 1)
        return path
    }
}
