import Foundation
import StrataCore
import StrataProtocol

/// The `text` family: CATextLayers on screen (so the server lays their text out when it draws them) given
/// `TextGenerator`'s strings, attributed strings, font names and sizes, wrapping, truncation, alignment and
/// bounds. Now and then one value the wire refuses (a non-finite or out-of-range size, a run outside the
/// string, a string or font name one over its bound, an unknown mode), which ends the session.
extension CommitGenerator {
    /// Share of text commits that carry one value the server must refuse (it ends the session, and with it
    /// the tree the family built up, so rarely).
    static let refusedTextShare = 0.03

    func textOps(_ b: inout Builder, _ r: inout FuzzRandom) {
        if r.chance(Self.refusedTextShare), let id = textLayer(&b, &r) {
            b.add(refusedTextValue(id, &r))
            return
        }
        for _ in 0..<r.int(1...4) {
            if r.chance(0.3), b.model.layerCount <= layerBudget {
                _ = newTextLayer(&b, &r)
            } else if let id = textLayer(&b, &r) {
                for _ in 0..<r.int(1...5) { setTextProperty(id, &b, &r) }
            }
        }
    }

    /// A text layer of the session (a few random draws), or a new one.
    private func textLayer(_ b: inout Builder, _ r: inout FuzzRandom) -> LayerID? {
        for _ in 0..<8 {
            if let id = b.randomLayer(&r), b.model.layers[id]?.kind == .text { return id }
        }
        return b.model.layerCount > layerBudget ? nil : newTextLayer(&b, &r)
    }

    /// A text layer with a string, on the 64×48 output (a root most of the time, else a sublayer).
    private func newTextLayer(_ b: inout Builder, _ r: inout FuzzRandom) -> LayerID {
        let id = b.model.freshID()
        b.add(.createLayer(id, kind: .text))
        let size = text.bounds(&r)
        b.add(.setProperty(id, .bounds, .rect(CGRect(origin: .zero, size: size))))
        b.add(.setProperty(id, .position, .point(CGPoint(x: r.int(0...64), y: r.int(0...48)))))
        b.add(.setProperty(id, .string, .text(text.attributedText(&r))))
        if r.chance(0.7) {
            b.add(.attachRoot(id))
        } else if let parent = b.randomLayer(&r), parent != id, b.model.depth(parent) < 24 {
            b.addIfAccepted(.insertSublayer(parent: parent, child: id, index: 0))
        }
        for _ in 0..<r.int(0...4) { setTextProperty(id, &b, &r) }
        return id
    }

    /// One property a text layer lays out with, or its colour, a valid value.
    private func setTextProperty(_ id: LayerID, _ b: inout Builder, _ r: inout FuzzRandom) {
        let value: (LayerProperty, AnimatableValue)
        switch r.int(0...9) {
        case 0, 1: value = (.string, .text(r.chance(0.05) ? nil : text.attributedText(&r)))
        case 2: value = (.font, .string(r.chance(0.1) ? nil : text.fontName(&r)))
        case 3: value = (.fontSize, .scalar(text.fontSize(&r)))
        case 4: value = (.isWrapped, .bool(r.chance(0.6)))
        case 5: value = (.truncationMode, .scalar(CGFloat(r.int(0...3))))
        case 6: value = (.alignmentMode, .scalar(CGFloat(r.int(0...4))))
        case 7: value = (.bounds, .rect(CGRect(origin: .zero, size: text.bounds(&r))))
        case 8: value = (.foregroundColor, .color(r.chance(0.1) ? nil : values.color(&r)))
        default: value = (.allowsFontSubpixelQuantization, .bool(r.chance(0.5)))
        }
        b.addIfAccepted(.setProperty(id, value.0, value.1))
    }

    /// A setProperty the server refuses while decoding the commit.
    private func refusedTextValue(_ id: LayerID, _ r: inout FuzzRandom) -> LayerOperation {
        switch r.int(0...8) {
        case 0: return .setProperty(id, .fontSize, .scalar(r.pick([.nan, .infinity, -.infinity, -1, -0.001, 4096.5, 1e300]) ?? .nan))
        case 1:
            // One unit over the bound (a cheap string: the decoder refuses it before anything lays it out).
            return .setProperty(id, .string, .text(AttributedText(String(repeating: "a", count: ValueRule.maxTextLength + 1))))
        case 2:
            let t = text.text(&r, limit: 64)
            let n = t.units.count
            let bad = r.pick([TextRun(location: n + 1, length: 0, attributes: TextAttributes()),
                              TextRun(location: 0, length: n + 1, attributes: TextAttributes()),
                              TextRun(location: n, length: Int(UInt32.max) - n, attributes: TextAttributes())])
            // Overlapping runs, or one outside the string.
            let runs = n > 1 && r.chance(0.5)
                ? [TextRun(location: 0, length: n, attributes: TextAttributes()), TextRun(location: n - 1, length: 1, attributes: TextAttributes())]
                : [bad ?? TextRun(location: n + 1, length: 0, attributes: TextAttributes())]
            return .setProperty(id, .string, .text(AttributedText(t.string, runs: runs)))
        case 3:
            let runs = (0...ValueRule.maxTextRuns).map { _ in TextRun(location: 0, length: 0, attributes: TextAttributes()) }
            return .setProperty(id, .string, .text(AttributedText("runs", runs: runs)))
        case 4:
            var a = TextAttributes()
            switch r.int(0...2) {
            case 0: a.fontSize = r.pick([.nan, -1, 5000]) ?? -1
            case 1: a.kern = r.pick([.infinity, 4097, -1e9]) ?? 4097
            default: a.font = String(repeating: "f", count: ValueRule.maxFontNameLength + 1)
            }
            return .setProperty(id, .string, .text(AttributedText("abc", runs: [TextRun(location: 0, length: 3, attributes: a)])))
        case 5: return .setProperty(id, .font, .string(String(repeating: "n", count: ValueRule.maxFontNameLength + 1)))
        case 6: return .setProperty(id, .truncationMode, .scalar(r.pick([4, 1.5, -1]) ?? 4))
        case 7: return .setProperty(id, .alignmentMode, .scalar(r.pick([5, 0.5, 255]) ?? 5))
        default: return .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: r.pick([.nan, .infinity, -.infinity]) ?? .nan, height: 10)))
        }
    }
}
