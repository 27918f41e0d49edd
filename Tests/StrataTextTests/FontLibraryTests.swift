import StrataTestSupport
import Foundation
import Testing
@testable import StrataText

@Suite struct FontLibraryTests {
    let library = TestFonts.library

    @Test func namesResolveThroughFontconfig() {
        let serif = library.resolve("DejaVu Serif")
        #expect(serif.face.family == "DejaVu Serif")
        #expect(serif.face.path == "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        #expect(serif.matchedName)
        // PostScript-style names: family and style.
        let bold = library.resolve("DejaVuSans-Bold")
        #expect(bold.face.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        #expect(bold.matchedName)
        // Generic families are what was asked for.
        #expect(library.resolve("monospace").matchedName)
        // Debian 12's 60-latin.conf prefers Noto Sans Mono, then DejaVu Sans Mono: which one depends on
        // whether apt pulled fonts-noto-mono in with the Noto fonts (it does on some machines, not others).
        #expect(["Noto Sans Mono", "DejaVu Sans Mono"].contains(library.resolve("monospace").face.family))
    }

    @Test func anUnknownNameGetsTheDefaultMatchAndSaysSo() {
        let missing = library.resolve("NoSuchFont")
        #expect(!missing.matchedName)
        #expect(missing.face == library.resolve("sans-serif").face)
        // Helvetica (nil) is not installed either: fontconfig's substitute for it, on this configuration Noto Sans.
        let helvetica = library.resolve(nil)
        #expect(helvetica.face == library.resolve("Helvetica").face)
        #expect(helvetica.face.path == "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
        #expect(!helvetica.matchedName)
    }

    @Test func idsAreStablePerFile() {
        let a = library.resolve("DejaVu Sans").face
        let b = library.resolve("DejaVuSans").face  // another name for the same file
        let c = library.resolve("DejaVu Serif").face
        #expect(a.id == b.id)
        #expect(a.id != c.id)
        #expect(library.face(for: 0x41, preferring: a, name: "DejaVu Sans").id == a.id)
    }

    @Test func metricsComeFromTheFontTables() {
        // DejaVuSans.ttf: head.unitsPerEm 2048, hhea 1901/−483/0, post underline −40/90, OS/2 strikeout 530/102; its
        // OS/2 table (version 1) has no cap or x height: the tops of "H" (1493) and "x" (1120).
        let m = library.metrics(of: library.face(named: "DejaVu Sans"))
        #expect(m == FontMetrics(unitsPerEm: 2048, ascender: 1901, descender: -483, lineGap: 0, underlinePosition: -40,
                                 underlineThickness: 90, strikeoutPosition: 530, strikeoutThickness: 102,
                                 capHeight: 1493, xHeight: 1120))
        #expect(m.scaled(to: 20).lineHeight == CGFloat(1901 + 483) * 20 / 2048)
    }

    @Test func fallbackPerCharacter() {
        let dejavu = library.face(named: "DejaVu Sans")
        #expect(library.face(for: 0x61, preferring: dejavu, name: "DejaVu Sans") == dejavu)
        let han = library.face(for: 0x4F60, preferring: dejavu, name: "DejaVu Sans")  // 你
        #expect(han.family.hasPrefix("Noto Sans CJK"))
        #expect(library.hasGlyph(han, codepoint: 0x4F60))
        // 😀 is an emoji-presentation character: the colour font, though DejaVu Sans has a black-and-white 😀.
        let emoji = library.face(for: 0x1F600, preferring: dejavu, name: "DejaVu Sans")
        #expect(emoji.family == "Noto Color Emoji")
        #expect(emoji.isColor)
        #expect(!dejavu.isColor)
        #expect(library.face(for: 0x1F600, preferring: dejavu, name: "DejaVu Sans", emojiPresentation: false) == dejavu)
        // A character no font has keeps the preferred face (it draws as .notdef).
        #expect(library.face(for: 0x10FFFD, preferring: dejavu, name: "DejaVu Sans") == dejavu)
    }
}
