import Foundation
import StrataCore
import StrataFuzzing
import StrataProtocol
import Testing

@Suite("Text generator")
struct TextGeneratorTests {
    @Test("the same seed gives the same text, runs, fonts, sizes and bounds; another seed other ones")
    func deterministic() {
        func draw(_ seed: UInt64) -> [String] {
            var r = FuzzRandom(seed: seed)
            let g = TextGenerator()
            return (0..<200).map { _ in
                let t = g.attributedText(&r, wireValid: r.chance(0.5))
                return "\(t) \(g.fontName(&r, wireValid: false)) \(g.fontSize(&r, wireValid: false).bitPattern) \(g.bounds(&r, finite: false))"
            }
        }
        #expect(draw(11) == draw(11))
        #expect(draw(11) != draw(12))
    }

    @Test("over 30,000 pieces every class of every table and every sequence kind comes up")
    func everyClassAppears() {
        var r = FuzzRandom(seed: 1)
        let g = TextGenerator()
        var seen: Set<String> = []
        var loneSurrogates = false
        var longestMarkRun = 0
        for _ in 0..<30_000 {
            let p = g.piece(&r)
            seen.insert(p.source)
            if String(decoding: p.units, as: UTF16.self).utf16.elementsEqual(p.units) == false { loneSurrogates = true }
            if p.source == "seq:mark-run" { longestMarkRun = max(longestMarkRun, p.units.count) }
        }
        let missing = Set(TextGenerator.allSources).subtracting(seen)
        #expect(missing.isEmpty, "never drawn: \(missing.sorted())")
        #expect(seen.isSubset(of: Set(TextGenerator.allSources)), "unknown sources: \(seen.subtracting(TextGenerator.allSources).sorted())")
        #expect(loneSurrogates)
        // Past the stream-safe cut (30 extending characters) that shaping applies.
        #expect(longestMarkRun > 31)
    }

    @Test("every UAX #14 class, the UAX #9 classes, scripts and special code points of the tables are what Swift's Unicode data says")
    func tablesMatchUnicodeProperties() {
        typealias Check = (Unicode.Scalar.Properties, UInt32) -> Bool
        let letters: [Unicode.GeneralCategory] = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        let marks: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark]
        let punctuation: [Unicode.GeneralCategory] = [.openPunctuation, .closePunctuation, .otherPunctuation, .initialPunctuation, .finalPunctuation]
        let lineBreak: [String: Check] = [
            "BK": { p, _ in p.isWhitespace }, "CR": { $1 == 0x0D }, "LF": { $1 == 0x0A }, "NL": { $1 == 0x85 },
            "CM": { p, _ in (marks + [.control]).contains(p.generalCategory) },
            "WJ": { p, _ in p.isDefaultIgnorableCodePoint && p.generalCategory == .format }, "ZW": { $1 == 0x200B },
            "GL": { p, _ in !letters.contains(p.generalCategory) || p.isDefaultIgnorableCodePoint }, "SP": { $1 == 0x20 },
            "ZWJ": { p, v in p.isJoinControl && v == 0x200D }, "B2": { p, _ in p.isDash }, "HY": { p, _ in p.isDash }, "HH": { p, _ in p.isDash },
            "CB": { $1 == 0xFFFC }, "CP": { p, _ in p.generalCategory == .closePunctuation },
            "CL": { p, _ in punctuation.contains(p.generalCategory) }, "OP": { p, _ in punctuation.contains(p.generalCategory) },
            "EX": { p, _ in p.generalCategory == .otherPunctuation }, "IN": { p, _ in p.generalCategory == .otherPunctuation },
            "IS": { p, _ in p.generalCategory == .otherPunctuation },
            "QU": { p, _ in p.isQuotationMark || [.initialPunctuation, .finalPunctuation, .otherSymbol].contains(p.generalCategory) },
            "NU": { p, _ in p.generalCategory == .decimalNumber }, "SY": { $1 == 0x2F },
            "PR": { p, _ in [.currencySymbol, .mathSymbol, .otherPunctuation, .otherSymbol].contains(p.generalCategory) },
            "PO": { p, _ in [.currencySymbol, .otherSymbol, .otherPunctuation].contains(p.generalCategory) },
            "EB": { p, _ in p.isEmojiModifierBase }, "EM": { p, _ in p.isEmojiModifier },
            "H2": { p, v in p.generalCategory == .otherLetter && (0xAC00...0xD7A3).contains(v) && (v - 0xAC00) % 28 == 0 },
            "H3": { p, v in p.generalCategory == .otherLetter && (0xAC00...0xD7A3).contains(v) && (v - 0xAC00) % 28 != 0 },
            "HL": { p, v in p.generalCategory == .otherLetter && ((0x05D0...0x05EA).contains(v) || (0xFB1D...0xFB4F).contains(v)) },
            "ID": { p, v in p.isIdeographic || p.isRadical || p.isEmojiPresentation || (0x3040...0x30FF).contains(v) },
            "CJ": { p, _ in [.otherLetter, .modifierLetter].contains(p.generalCategory) },
            "JL": { _, v in (0x1100...0x115F).contains(v) || (0xA960...0xA97F).contains(v) },
            "JV": { _, v in (0x1160...0x11A7).contains(v) || (0xD7B0...0xD7C6).contains(v) },
            "JT": { _, v in (0x11A8...0x11FF).contains(v) || (0xD7CB...0xD7FB).contains(v) },
            "RI": { _, v in (0x1F1E6...0x1F1FF).contains(v) },
            "SA": { p, _ in ([.otherLetter] + marks).contains(p.generalCategory) },
            "AK": { p, _ in p.generalCategory == .otherLetter }, "AP": { p, _ in p.generalCategory == .otherLetter },
            "AS": { p, _ in p.generalCategory == .otherLetter }, "VF": { p, _ in marks.contains(p.generalCategory) },
            "VI": { p, _ in marks.contains(p.generalCategory) },
            "XX": { p, _ in [.unassigned, .privateUse].contains(p.generalCategory) || p.isNoncharacterCodePoint },
        ]
        let letterOrDigit = letters + [.decimalNumber]
        let bidi: [String: Check] = [
            "L": { p, v in letterOrDigit.contains(p.generalCategory) || v == 0x200E },
            "R": { p, v in letterOrDigit.contains(p.generalCategory) || v == 0x200F },
            "AL": { p, v in letterOrDigit.contains(p.generalCategory) || v == 0x061C },
            "EN": { p, _ in p.numericType != nil }, "AN": { p, _ in p.numericType != nil || [.format, .otherPunctuation].contains(p.generalCategory) },
            "ES": { p, _ in [.mathSymbol, .dashPunctuation].contains(p.generalCategory) },
            "ET": { p, _ in [.otherPunctuation, .currencySymbol, .otherSymbol].contains(p.generalCategory) },
            "CS": { p, _ in [.otherPunctuation, .spaceSeparator].contains(p.generalCategory) },
            "NSM": { p, _ in [.nonspacingMark, .enclosingMark].contains(p.generalCategory) },
            "BN": { p, _ in p.isDefaultIgnorableCodePoint || p.generalCategory == .control || p.isNoncharacterCodePoint },
            "B": { p, _ in [.control, .paragraphSeparator].contains(p.generalCategory) }, "S": { p, _ in p.generalCategory == .control },
            "WS": { p, _ in p.isWhitespace },
            "ON": { p, _ in !letterOrDigit.contains(p.generalCategory) && p.generalCategory != .unassigned },
        ]
        let special: [String: Check] = [
            "c0": { p, v in p.generalCategory == .control && (v < 0x20 || v == 0x7F) },
            "c1": { p, v in p.generalCategory == .control && (0x80...0x9F).contains(v) },
            "noncharacter": { p, _ in p.isNoncharacterCodePoint }, "private-use": { p, _ in p.generalCategory == .privateUse },
            "unassigned": { p, _ in p.generalCategory == .unassigned && !p.isNoncharacterCodePoint },
            "line-separator": { p, _ in p.generalCategory == .lineSeparator },
            "paragraph-separator": { p, _ in p.generalCategory == .paragraphSeparator },
            "vs1-16": { p, v in p.isVariationSelector && (0xFE00...0xFE0F).contains(v) },
            "vs17+": { p, v in p.isVariationSelector && v >= 0xE0100 },
            "mongolian-fvs": { p, _ in p.isVariationSelector }, "tag": { p, _ in p.generalCategory == .format },
            "default-ignorable": { p, _ in p.isDefaultIgnorableCodePoint },
            "specials": { p, _ in [.format, .otherSymbol].contains(p.generalCategory) },
            "space-separator": { p, _ in p.generalCategory == .spaceSeparator }, "wild": { _, _ in true },
        ]
        func verify(_ table: [TextGenerator.CodePointClass], _ checks: [String: Check], _ what: String) {
            for c in table {
                #expect(!c.scalars.isEmpty, "\(what) \(c.name) is empty")
                for v in c.scalars {
                    guard let s = Unicode.Scalar(v) else {
                        // Only the surrogate class holds code points that are not scalars.
                        #expect(what == "lb" && c.name == "SG" && (0xD800...0xDFFF).contains(v), "\(what) \(c.name) U+\(String(v, radix: 16))")
                        continue
                    }
                    let p = s.properties
                    if what == "lb" || what == "bidi", c.name != "XX" {
                        #expect(p.generalCategory != .unassigned, "\(what) \(c.name) U+\(String(v, radix: 16)) is unassigned")
                    }
                    if let check = checks[c.name] {
                        #expect(check(p, v), "\(what) \(c.name): U+\(String(v, radix: 16, uppercase: true)) is \(p.generalCategory)")
                    } else if what != "lb" {
                        Issue.record("\(what) \(c.name) has no check")
                    }
                }
            }
        }
        verify(TextGenerator.lineBreakClasses, lineBreak, "lb")
        verify(TextGenerator.bidiClasses.filter { $0.scalars.count > 1 || !["LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"].contains($0.name) },
               bidi, "bidi")
        for c in TextGenerator.bidiClasses where ["LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"].contains(c.name) {
            #expect(c.scalars.allSatisfy { Unicode.Scalar($0)?.properties.isBidiControl == true }, "bidi \(c.name)")
        }
        verify(TextGenerator.specialClasses, special, "special")
        // Every class the brief lists is in the line-break table.
        let names = Set(TextGenerator.lineBreakClasses.map(\.name))
        for n in ["BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "WJ", "GL", "BA", "BB", "B2", "HY", "CB", "CL", "CP", "EX", "IN", "NS", "OP", "QU",
                  "IS", "NU", "PO", "PR", "SY", "AI", "AL", "CJ", "EB", "EM", "H2", "H3", "HL", "ID", "JL", "JV", "JT", "RI", "SA", "XX", "CM", "SG"] {
            #expect(names.contains(n), "no \(n)")
        }
        // Scripts: real words of assigned, visible or joining characters.
        for s in TextGenerator.scripts {
            for w in s.words {
                #expect(w.unicodeScalars.allSatisfy { $0.properties.generalCategory != .unassigned && $0.properties.generalCategory != .control },
                        "script \(s.name) word \(w)")
            }
        }
    }

    @Test("sequences are the sequences they are named after")
    func sequencesHaveTheirShape() {
        var r = FuzzRandom(seed: 4)
        let g = TextGenerator()
        func scalars(_ p: TextGenerator.Piece) -> [UInt32] { String(decoding: p.units, as: UTF16.self).unicodeScalars.map(\.value) }
        let ri = 0x1F1E6...UInt32(0x1F1FF)
        for _ in 0..<200 {
            let pair = scalars(g.sequence("ri-pair", &r))
            #expect(pair.count == 2 && pair.allSatisfy(ri.contains))
            let odd = scalars(g.sequence("ri-odd-run", &r))
            #expect(odd.count % 2 == 1 && odd.allSatisfy(ri.contains))
            #expect(scalars(g.sequence("ri-marks", &r)).contains(where: ri.contains))
            // A well-formed ZWJ sequence is one grapheme cluster (Swift's own segmentation).
            let zwj = String(decoding: g.sequence("zwj-emoji", &r).units, as: UTF16.self)
            #expect(zwj.count == 1 && zwj.unicodeScalars.contains("\u{200D}"), "\(zwj.unicodeScalars.map(\.value))")
            #expect(scalars(g.sequence("emoji-modifier", &r)).contains { Unicode.Scalar($0)?.properties.isEmojiModifier == true })
            #expect(scalars(g.sequence("tag-sequence", &r)).contains { (0xE0001...0xE007F).contains($0) })
            for kind in ["vs-emoji", "vs-ideographic"] {
                #expect(scalars(g.sequence(kind, &r)).contains { Unicode.Scalar($0)?.properties.isVariationSelector == true }, "\(kind)")
            }
            let marks = scalars(g.sequence("mark-run", &r)).dropFirst()
            #expect(marks.allSatisfy { Unicode.Scalar($0).map { [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory) } ?? false })
            let lone = g.sequence("lone-surrogates", &r).units
            #expect(String(decoding: lone, as: UTF16.self).utf16.elementsEqual(lone) == false, "\(lone)")
            let bidi = scalars(g.sequence("bidi-nesting", &r))
            #expect(bidi.contains { Unicode.Scalar($0)?.properties.isBidiControl == true })
        }
    }

    @Test("sizes stay bounded: texts, runs, font names, font sizes; wire-valid values pass the property rules")
    func bounded() {
        var r = FuzzRandom(seed: 8)
        var g = TextGenerator(maxUTF16: 3000)
        g.extremeShare = 0.3
        var sawNonFinite = false, sawLongName = false
        for i in 0..<2000 {
            let t = g.text(&r)
            #expect(t.units.count <= 3000)
            #expect(t.string.utf16.count == t.units.count)
            let limited = g.text(&r, limit: 10)
            #expect(limited.units.count <= 10)
            let valid = g.attributedText(&r, wireValid: true)
            #expect(AttributedText.problem(valid) == nil, "\(i): \(AttributedText.problem(valid) ?? "")")
            #expect(LayerProperty.string.rangeError(.text(valid)) == nil)
            let invalid = g.attributedText(&r, wireValid: false)
            #expect(invalid.runs.count <= ValueRule.maxTextRuns + 1)
            let name = g.fontName(&r)
            #expect(name.utf8.count <= ValueRule.maxFontNameLength)
            sawLongName = sawLongName || g.fontName(&r, wireValid: false).utf8.count > ValueRule.maxFontNameLength
            let size = g.fontSize(&r)
            #expect(size.isFinite && size >= 0 && size <= ValueRule.maxFontSize)
            #expect(LayerProperty.fontSize.rangeError(.scalar(size)) == nil)
            sawNonFinite = sawNonFinite || !g.fontSize(&r, wireValid: false).isFinite
            let b = g.bounds(&r)
            #expect(b.width.isFinite && b.height.isFinite)
        }
        #expect(sawNonFinite)
        #expect(sawLongName)
        #expect(TextGenerator(maxUTF16: 1 << 20).maxUTF16 == ValueRule.maxTextLength)
    }

    @Test("the text family makes text layers the session model accepts, sets every layout property, and its refused values are refused by the decoder")
    func textFamilyCommits() throws {
        var r = FuzzRandom(seed: 21)
        var generator = CommitGenerator()
        var model = SessionModel()
        var properties: Set<String> = []
        var textLayers = 0, roots = 0, refused = 0, total = 0
        for _ in 0..<600 {
            let before = model
            let g = generator.next(.text, model: &model, now: 100, &r)
            total += 1
            let frame = MessageCoding.encode(ClientMessage.commit(g.commit))
            if g.breaksSession {
                refused += 1
                #expect(throws: ProtocolError.self) { try MessageCoding.decodeClient(type: 2, body: Array(frame.dropFirst(6))) }
                model = SessionModel()
                generator.reset()
                continue
            }
            var check = before
            for op in g.commit.operations {
                #expect(check.accepts(op), "\(op)")
                check.apply(op)
                switch op {
                case let .createLayer(_, kind) where kind == .text: textLayers += 1
                case .attachRoot: roots += 1
                case let .setProperty(_, p, _): properties.insert(p.name)
                default: break
                }
            }
            #expect(try MessageCoding.decodeClient(type: 2, body: Array(frame.dropFirst(6))) == .commit(g.commit))
        }
        #expect(textLayers > 50 && roots > 20)
        for p in [LayerProperty.string, .font, .fontSize, .isWrapped, .truncationMode, .alignmentMode, .bounds, .foregroundColor] {
            #expect(properties.contains(p.name), "never set \(p.name)")
        }
        #expect(refused > 0 && refused < total / 5, "\(refused) of \(total) commits refused")
    }

    @Test("text fuzz inputs: generated seeds encode and decode back, any bytes decode, and decoding is bounded")
    func fuzzInputFormat() {
        let seeds = TextFuzzInput.seeds(count: 300)
        #expect(seeds.count == 300)
        #expect(Set(seeds.map(\.name)).count == seeds.count)
        for s in seeds {
            let bytes = s.input.encode()
            let decoded = TextFuzzInput.decode(bytes)
            #expect(decoded.units == s.input.units, "\(s.name)")
            #expect(decoded.runs.map { [$0.location, $0.length] } == s.input.runs.map { [$0.location, $0.length] }, "\(s.name)")
            #expect(decoded.isWrapped == s.input.isWrapped && decoded.truncation == s.input.truncation && decoded.alignment == s.input.alignment)
            #expect(decoded.fontSize.bitPattern == s.input.fontSize.bitPattern || (decoded.fontSize.isNaN && s.input.fontSize.isNaN))
            #expect(decoded.bounds.width.bitPattern == s.input.bounds.width.bitPattern || decoded.bounds.width.isNaN)
            #expect(decoded.encode() == bytes, "\(s.name): encoding is not stable")
        }
        var r = FuzzRandom(seed: 2)
        for _ in 0..<3000 {
            let bytes = r.bytes(r.skewed(600))
            let input = TextFuzzInput.decode(bytes)
            #expect(input.units.count <= bytes.count / 2)
            #expect(input.runs.count <= TextFuzzInput.maxRuns)
            #expect(TextFuzzInput.decode(bytes).encode() == input.encode())
        }
        #expect(TextFuzzInput.decode([]) == TextFuzzInput.decode([0, 0, 0, 0, 0, 0]))
    }
}
