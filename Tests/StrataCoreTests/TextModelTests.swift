import Foundation
import Testing
import StrataCore

/// CATextLayer's values in the property table: Core Animation's defaults, which animate, and the rules
/// that bound what a client may ask the server to lay out.
@Suite struct TextModelTests {
    @Test func defaultsAreCoreAnimations() {
        let t = LayerModel(kind: .text).text
        #expect(t.string == nil && t.font == nil)
        #expect(t.fontSize == 36)
        #expect(t.foregroundColor == Color(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(t.alignmentMode == .natural && t.truncationMode == .none)
        #expect(!t.isWrapped && !t.allowsFontSubpixelQuantization)
        #expect(LayerProperty.fontSize.defaultValue == .scalar(36))
        #expect(LayerProperty(name: "wrapped") == .isWrapped)
    }

    @Test func fontSizeAndForegroundColorAnimateTheRestDoNot() {
        #expect(LayerProperty.fontSize.animation == .implicit)
        #expect(LayerProperty.foregroundColor.animation == .implicit)
        for p in [LayerProperty.string, .font, .alignmentMode, .isWrapped, .truncationMode, .allowsFontSubpixelQuantization] {
            #expect(!p.isAnimatable, "\(p)")
        }
        #expect(LayerProperty.carried(by: .text).contains(.fontSize))
        #expect(!LayerProperty.carried(by: .layer).contains(.fontSize))
        #expect(LayerKind(name: "text") == .text && LayerKind.text.className == "CATextLayer")
    }

    @Test func enumerationsTakeCoreAnimationsNames() {
        #expect(LayerProperty.alignmentMode.rule.names == ["natural", "left", "right", "center", "justified"])
        #expect(LayerProperty.truncationMode.rule.names == ["none", "start", "end", "middle"])
        #expect(LayerProperty.alignmentMode.rangeError(.scalar(5)) != nil)
    }

    @Test func setKeepsAPlainStringAsTextWithoutRuns() {
        var m = LayerModel(kind: .text)
        m[LayerKeyPath(property: .string)] = .text(AttributedText("Lorem"))
        #expect(m.text.string == AttributedText("Lorem"))
        m[LayerKeyPath(property: .font)] = .string("DejaVu Serif")
        #expect(m.text.font == "DejaVu Serif")
        // Another kind ignores the text's values.
        var plain = LayerModel()
        plain[LayerKeyPath(property: .fontSize)] = .scalar(10)
        #expect(plain.text.fontSize == 36)
    }

    @Test func fontSizeMustBeWithinRange() {
        #expect(LayerProperty.fontSize.rangeError(.scalar(-1)) == "fontSize must be 0…4096, got -1.0")
        #expect(LayerProperty.fontSize.rangeError(.scalar(5000)) != nil)
        #expect(LayerProperty.fontSize.rangeError(.scalar(0)) == nil)
    }

    @Test func textOutOfBoundsIsRefusedWithItsReason() {
        let inside = AttributedText("Lorem ipsum", runs: [TextRun(location: 6, length: 5, attributes: TextAttributes(underline: .single))])
        #expect(AttributedText.problem(inside) == nil)
        let outside = AttributedText("Lorem", runs: [TextRun(location: 3, length: 5, attributes: TextAttributes())])
        #expect(AttributedText.problem(outside) == "run 0 (3, 5) is outside the string (5 UTF-16 units) or overlaps the run before")
        let overlapping = AttributedText("Lorem ipsum", runs: [TextRun(location: 0, length: 6, attributes: TextAttributes()),
                                                               TextRun(location: 5, length: 2, attributes: TextAttributes())])
        #expect(AttributedText.problem(overlapping)?.hasPrefix("run 1 (5, 2)") == true)
        let huge = AttributedText(String(repeating: "a", count: ValueRule.maxTextLength + 1))
        #expect(AttributedText.problem(huge) == "is 65537 UTF-16 units long, more than 65536")
        let badSize = AttributedText("a", runs: [TextRun(location: 0, length: 1, attributes: TextAttributes(fontSize: -2))])
        #expect(AttributedText.problem(badSize) == "run 0 fontSize must be 0…4096, got -2.0")
        #expect(LayerProperty.string.rangeError(.text(huge)) == "string is 65537 UTF-16 units long, more than 65536")
    }

    /// NSRange counts UTF-16 units: an emoji is two.
    @Test func lengthsAreUTF16Units() {
        #expect(AttributedText("a😀").utf16Count == 3)
    }
}
