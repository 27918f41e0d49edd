import StrataTestSupport
import Foundation
import Strata
import StrataCore
import StrataText
import Testing

/// CATextLayer's client API as Core Animation code writes it (seed 004's listings 6.2 and 6.3 with UIKit
/// types renamed), its values by KVC, and `preferredFrameSize()` from the layout the server draws.
@Suite struct TextLayerClientTests {
    init() { TestFonts.install() }

    static let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius in, facilisis pulvinar leo."

    /// Listing 6.2, ported: plain text, justified and wrapped, a CGFont and a separate size.
    @Test func listing62SetsTheLayersValues() throws {
        let textLayer = CATextLayer()
        textLayer.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        textLayer.foregroundColor = CGColor.black.cgColor
        textLayer.alignmentMode = kCAAlignmentJustified
        textLayer.isWrapped = true
        let font = try #require(CGFont("Helvetica" as CFString))
        textLayer.font = font
        textLayer.fontSize = 15
        textLayer.string = Self.lorem
        #expect(textLayer.string as? String == Self.lorem)
        #expect(textLayer.font as? String == "Helvetica")
        #expect(textLayer.fontSize == 15 && textLayer.alignmentMode == .justified && textLayer.isWrapped)
        #expect(textLayer.foregroundColor?.components == [0, 0, 0, 1])
        #expect(textLayer.value(forKeyPath: "wrapped") as? Bool == true)
        #expect(textLayer.value(forKeyPath: "alignmentMode") as? CATextLayerAlignmentMode == .justified)
    }

    /// Listing 6.3, ported: Core Text attributes over ranges; "ipsum" red and single-underlined.
    @Test func listing63CarriesTheRuns() throws {
        let text = Self.lorem
        let string = NSMutableAttributedString(string: text)
        let fontRef = CTFontCreateWithName("Helvetica", 15, nil)
        var attribs: [String: Any] = [kCTForegroundColorAttributeName as String: CGColor.black.cgColor,
                                      kCTFontAttributeName as String: fontRef]
        string.setAttributes(Dictionary(uniqueKeysWithValues: attribs.map { (NSAttributedString.Key($0.key), $0.value) }),
                             range: NSRange(location: 0, length: text.utf16.count))
        attribs[kCTForegroundColorAttributeName as String] = CGColor.red.cgColor
        attribs[kCTUnderlineStyleAttributeName as String] = NSNumber(value: CTUnderlineStyle.single.rawValue)
        string.setAttributes(Dictionary(uniqueKeysWithValues: attribs.map { (NSAttributedString.Key($0.key), $0.value) }),
                             range: NSRange(location: 6, length: 5))
        let layer = CATextLayer()
        layer.string = string
        let back = try #require(layer.string as? NSAttributedString)
        #expect(back.string == text)
        var runs: [(NSRange, [NSAttributedString.Key: Any])] = []
        back.enumerateAttributes(in: NSRange(location: 0, length: back.length), options: []) { a, r, _ in runs.append((r, a)) }
        #expect(runs.map(\.0) == [NSRange(location: 0, length: 6), NSRange(location: 6, length: 5),
                                  NSRange(location: 11, length: text.utf16.count - 11)])
        #expect((runs[1].1[NSAttributedString.Key(kCTForegroundColorAttributeName)] as? CGColor)?.components == [1, 0, 0, 1])
        #expect(runs[1].1[.underlineStyle] as? Int == 1)
        #expect((runs[0].1[.font] as? CTFont)?.fontName == "Helvetica")
        #expect(runs[0].1[.underlineStyle] == nil)
    }

    /// UIKit's attribute names, as code written for UILabel sets them.
    @Test func uikitAttributeNamesAreUnderstood() {
        let s = NSMutableAttributedString(string: "Sale 50%")
        s.addAttributes([.foregroundColor: CGColor.red.cgColor, .strikethroughStyle: NSUnderlineStyle.double.rawValue,
                         .kern: 1.5, .baselineOffset: 2], range: NSRange(location: 5, length: 3))
        let layer = CATextLayer()
        layer.string = s
        let runs = (layer.string as? NSAttributedString).map { a in
            var n = 0
            a.enumerateAttributes(in: NSRange(location: 0, length: a.length), options: []) { attrs, range, _ in
                if range == NSRange(location: 5, length: 3) {
                    #expect(attrs[.strikethroughStyle] as? Int == 9)
                    #expect(attrs[.kern] as? Double == 1.5 && attrs[.baselineOffset] as? Double == 2)
                    n += 1
                }
            }
            return n
        }
        #expect(runs == 1)
    }

    /// The server draws the text: display() (which LayerLabel calls) makes no backing store.
    @Test func displayMakesNoBackingStore() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 30)
        layer.string = "Gate 12"
        layer.display()
        #expect(layer.contents == nil)
        let plain = CALayer()
        plain.bounds = layer.bounds
        plain.display()
        #expect(plain.contents != nil, "a plain layer's display() draws its backing store")
    }

    /// Wrong values are logged and change nothing, naming the layer and the key.
    @Test func wrongValuesAreRefused() {
        let layer = CATextLayer()
        layer.fontSize = -3
        #expect(layer.fontSize == 36)
        layer.string = 42
        #expect(layer.string == nil)
        layer.alignmentMode = CATextLayerAlignmentMode(rawValue: "diagonal")
        #expect(layer.alignmentMode == .natural)
        layer.setValue("end", forKeyPath: "truncationMode")
        #expect(layer.truncationMode == .end)
    }

    /// preferredFrameSize() is the laid-out text's size, by the layout the server draws.
    @Test func preferredFrameSizeIsTheLaidOutSize() {
        let layer = CATextLayer()
        layer.string = "Departures"
        layer.fontSize = 20
        let unwrapped = TextLayout.layout(AttributedText("Departures"), style: TextStyle(fontSize: 20),
                                          bounds: .zero).size
        #expect(layer.preferredFrameSize() == unwrapped)
        #expect(unwrapped.width > 80 && unwrapped.height > 20)
        layer.string = Self.lorem
        layer.isWrapped = true
        layer.bounds = CGRect(x: 0, y: 0, width: 150, height: 10)
        let wrapped = layer.preferredFrameSize()
        #expect(wrapped.width <= 150 && wrapped.height > 4 * unwrapped.height, "\(wrapped)")
        #expect(CALayer().preferredFrameSize() == .zero)
    }
}
