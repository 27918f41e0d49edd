import Foundation
import Strata
import StrataUIKit
import Testing

/// UIFont is Core Text's font under UIKit's name: system fonts by weight through fontconfig, text styles at the
/// default content size, metrics from the matched face (the pinned test fonts: DejaVu Sans for sans-serif).
@Suite struct UIFontTests {
    @Test func systemFontsNameFontconfigsSansSerifAtUIKitsWeights() {
        #expect(UIFont.systemFont(ofSize: 17).fontName == "sans-serif:weight=80")
        #expect(UIFont.boldSystemFont(ofSize: 17).fontName == "sans-serif:weight=200")
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == "sans-serif:weight=180")
        #expect(UIFont.systemFont(ofSize: 12, weight: .ultraLight).fontName == "sans-serif:weight=0")
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.45)).fontName == "sans-serif:weight=200") // nearest: bold
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).fontName == "monospace:weight=80")
        #expect(UIFont.italicSystemFont(ofSize: 12).fontName == "sans-serif:slant=100")
        #expect(UIFont.systemFont(ofSize: 17).familyName == "sans-serif")
        #expect(UIFont.systemFont(ofSize: 17).pointSize == 17 && UIFont.systemFont(ofSize: 17).withSize(9).pointSize == 9)
    }

    @Test func textStylesHaveTheDefaultContentSizesValues() {
        let expected: [(UIFont.TextStyle, CGFloat, String)] = [
            (.largeTitle, 34, "weight=80"), (.title1, 28, "weight=80"), (.title2, 22, "weight=80"), (.title3, 20, "weight=80"),
            (.headline, 17, "weight=180"), (.body, 17, "weight=80"), (.callout, 16, "weight=80"),
            (.subheadline, 15, "weight=80"), (.footnote, 13, "weight=80"), (.caption1, 12, "weight=80"), (.caption2, 11, "weight=80"),
        ]
        for (style, size, weight) in expected {
            let font = UIFont.preferredFont(forTextStyle: style)
            #expect(font.pointSize == size && font.fontName.hasSuffix(weight), "\(style.rawValue)")
        }
        #expect(UIFont.systemFontSize == 14 && UIFont.labelFontSize == 17 && UIFont.buttonFontSize == 18 && UIFont.smallSystemFontSize == 12)
    }

    @Test func namedFontsAreFailableOnlyForNonsense() {
        #expect(UIFont(name: "", size: 12) == nil)
        #expect(UIFont(name: "DejaVu Sans", size: .nan) == nil)
        #expect(UIFont(name: "DejaVu Sans", size: -1) == nil)
        #expect(UIFont(name: "Helvetica-Bold", size: 0)?.pointSize == 12)           // Core Text's 0-point font
        #expect(UIFont(name: "Helvetica-Bold", size: 10)?.familyName == "Helvetica")
    }

    @Test func metricsComeFromTheMatchedFace() throws {
        // DejaVu Sans: 2048 units per em, ascender 1901, descender -483, no line gap, cap height 1493, x-height 1120.
        let font = try #require(UIFont(name: "DejaVu Sans", size: 20.48))
        #expect(abs(font.ascender - 19.01) < 1e-9)
        #expect(abs(font.descender + 4.83) < 1e-9)
        #expect(font.leading == 0)
        #expect(abs(font.lineHeight - 23.84) < 1e-9)
        #expect(abs(font.capHeight - 14.93) < 1e-9)
        #expect(abs(font.xHeight - 11.20) < 1e-9)
        #expect(abs(CTFontGetDescent(font) - 4.83) < 1e-9)
    }

    @Test func aUIFontIsACTFontWhereverOneGoes() {
        let attributed = NSAttributedString(string: "Wi-Fi", attributes: [.font: UIFont.boldSystemFont(ofSize: 15)])
        let font = attributed.attribute(.font, at: 0, effectiveRange: nil) as? CTFont
        #expect(font?.fontName == "sans-serif:weight=200" && font?.pointSize == 15)
    }
}
