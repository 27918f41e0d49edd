import CStrataText
import Foundation
import StrataCore
import StrataTestSupport
@testable import StrataText

/// The text tests' helpers over the pinned fonts (`TestFonts`, StrataTestSupport).
extension TestFonts {
    /// The shared library on the test configuration.
    static var library: FontLibrary {
        install()
        return FontLibrary.shared
    }

    static func layout(_ text: AttributedText, _ style: TextStyle, width: CGFloat = 0, height: CGFloat = 0) -> LaidOutText {
        TextLayout.layout(text, style: style, bounds: CGSize(width: width, height: height), library: library)
    }

    static func layout(_ string: String, _ style: TextStyle, width: CGFloat = 0, height: CGFloat = 0) -> LaidOutText {
        layout(AttributedText(string), style, width: width, height: height)
    }
}

/// HarfBuzz asked directly (not through TextLayout), for expected values.
enum HarfBuzz {
    /// Glyphs and advances in points of `string` shaped alone in `font` at `size` (direction and script
    /// guessed by HarfBuzz).
    static func shape(_ string: String, font name: String, size: CGFloat) -> (glyphs: [UInt32], advances: [CGFloat]) {
        let library = TestFonts.library
        let font = library.shapingFont(for: library.face(named: name))
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, string, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, nil)
        let scale = size / CGFloat(hb_face_get_upem(hb_font_get_face(font.font)))
        var glyphs: [UInt32] = [], advances: [CGFloat] = []
        for i in 0..<Int(count) {
            glyphs.append(infos?[i].codepoint ?? 0)
            advances.append(CGFloat(positions?[i].x_advance ?? 0) * scale)
        }
        return (glyphs, advances)
    }

    static func width(_ string: String, font: String, size: CGFloat) -> CGFloat {
        shape(string, font: font, size: size).advances.reduce(0, +)
    }

    /// The glyph the font's cmap gives `scalar` (its isolated, unshaped form).
    static func nominalGlyph(_ scalar: Unicode.Scalar, font name: String) -> UInt32? {
        let library = TestFonts.library
        return library.shapingFont(for: library.face(named: name)).glyph(for: scalar.value)
    }
}

extension LaidOutText {
    /// The source UTF-16 offsets of every glyph of `line`, left to right.
    func clusters(line: Int) -> [Int] { runs.filter { $0.line == line }.flatMap(\.clusters) }
    func glyphs(line: Int) -> [UInt32] { runs.filter { $0.line == line }.flatMap(\.glyphs) }
    func positions(line: Int) -> [CGPoint] { runs.filter { $0.line == line }.flatMap(\.positions) }

    /// Each line's text (its source range of `string`).
    func lineTexts(_ string: String) -> [String] {
        let units = Array(string.utf16)
        return lines.map { String(decoding: units[$0.range], as: UTF16.self) }
    }
}
