import CStrataText
import Foundation

/// One paragraph analysed and shaped: FriBiDi's levels, the face each character is drawn in (fallback),
/// its script, the items (runs of one style, face, level and script) shaped by HarfBuzz, and each cluster's
/// advance, which line breaking and truncation measure with.
struct ShapedParagraph {
    struct Item {
        var range: Range<Int>
        var style: Int32
        var face: Int32
        var level: FriBidiLevel
        var script: hb_script_t
        var glyphs: ShapedGlyphs
    }

    let text: [UInt32]
    /// `text` as HarfBuzz gets it: a tab is a space and other control characters are zero-width spaces
    /// (fonts have no glyphs for them; Core Text does not draw them).
    let shapingText: [UInt32]
    /// Each character's UTF-16 offset in the source string, and the end's.
    let offsets: [Int]
    let styles: [Int32]
    let bidiTypes: [FriBidiCharType]
    let levels: [FriBidiLevel]
    /// The resolved paragraph direction (FRIBIDI_PAR_LTR or _RTL).
    let direction: FriBidiParType
    let faces: [Int32]
    let scripts: [hb_script_t]
    let items: [Item]
    /// advancePrefix[i]: the advance of text[0..<i], each cluster's advance counted at its first character.
    let advancePrefix: [CGFloat]
    /// Whether a character starts a HarfBuzz cluster (a place a line or a truncation may cut).
    let clusterStart: [Bool]

    var isRightToLeft: Bool { direction.rawValue & 1 != 0 }

    /// `direction`: FRIBIDI_PAR_ON to find it from the first strong character (rule P2), or a forced one.
    init(text: [UInt32], offsets: [Int], styles: [Int32], direction: FriBidiParType, table: StyleTable, shaper: Shaper) {
        self.text = text
        self.offsets = offsets
        self.styles = styles
        let n = text.count
        (bidiTypes, levels, self.direction) = Self.bidi(text, direction: direction)
        let shapingText = text.contains(where: Self.isControl) ? text.map(Self.shapingCharacter) : text
        self.shapingText = shapingText
        faces = Self.faces(shapingText, styles: styles, table: table)
        scripts = Self.scripts(text)

        var items: [Item] = []
        var start = 0
        let cuts = Self.streamSafeCuts(text)
        for i in stride(from: 1, through: n, by: 1) where i == n || styles[i] != styles[start] || faces[i] != faces[start]
            || levels[i] != levels[start] || scripts[i] != scripts[start] || cuts.contains(i) {
            let style = table[styles[start]]
            let glyphs = shaper.shape(shapingText, range: start..<i, font: table.faces.fonts[Int(faces[start])], size: style.size,
                                      rightToLeft: levels[start] & 1 == 1, script: scripts[start], kern: style.kern)
            items.append(Item(range: start..<i, style: styles[start], face: faces[start], level: levels[start],
                              script: scripts[start], glyphs: glyphs))
            start = i
        }
        self.items = items

        var advances = [CGFloat](repeating: 0, count: n)
        var clusterStart = [Bool](repeating: false, count: n)
        for item in items {
            if item.range.lowerBound < n { clusterStart[item.range.lowerBound] = true }
            for (cluster, advance) in zip(item.glyphs.clusters, item.glyphs.advances) where cluster < n {
                advances[cluster] += advance
                clusterStart[cluster] = true
            }
        }
        var prefix = [CGFloat](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + advances[i] }
        advancePrefix = prefix
        self.clusterStart = clusterStart
    }

    /// The advance of text[a..<b].
    func width(_ a: Int, _ b: Int) -> CGFloat { advancePrefix[b] - advancePrefix[a] }

    /// `b` moved back over whitespace (which hangs at a line's end).
    func contentEnd(_ a: Int, _ b: Int) -> Int {
        var end = b
        while end > a, Self.isWhitespace(text[end - 1]) { end -= 1 }
        return end
    }

    /// `a` moved forward over whitespace.
    func contentStart(_ a: Int, _ b: Int) -> Int {
        var start = a
        while start < b, Self.isWhitespace(text[start]) { start += 1 }
        return start
    }

    /// Whether a line or truncation may cut before character `i`.
    func isBoundary(_ i: Int) -> Bool { i <= 0 || i >= text.count || clusterStart[i] }

    /// The longest run of characters that extend the one before (marks, joiners, variation selectors)
    /// shaped together: UAX #15's stream-safe bound. HarfBuzz's cost grows with the square of a cluster's
    /// length, so a string of 65,000 combining accents would take seconds; past this many the run is cut
    /// into items of its own (a hostile string's accents then stack in groups, a real one never has 30).
    static let maxExtendingRun = 30

    /// Where an item must start because `maxExtendingRun` extending characters came before it.
    static func streamSafeCuts(_ text: [UInt32]) -> Set<Int> {
        var cuts: Set<Int> = [], run = 0
        for (i, c) in text.enumerated() {
            guard let scalar = Unicode.Scalar(c) else { run = 0; continue }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format:
                run += 1
                if run > maxExtendingRun { cuts.insert(i); run = 1 }
            default:
                run = 0
            }
        }
        return cuts
    }

    /// The index of the item holding character `i`.
    func item(at i: Int) -> Int {
        var lo = 0, hi = items.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if items[mid].range.lowerBound <= i { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    static func isControl(_ c: UInt32) -> Bool { c < 0x20 || (c >= 0x7F && c < 0xA0) }

    private static func shapingCharacter(_ c: UInt32) -> UInt32 {
        guard isControl(c) else { return c }
        return c == 0x09 ? 0x20 : 0x200B
    }

    static func isWhitespace(_ c: UInt32) -> Bool {
        if c == 0x20 || c == 0x09 { return true }
        if c < 0x85 { return c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D }
        return Unicode.Scalar(c)?.properties.isWhitespace ?? false
    }

    // MARK: - Analysis

    /// FriBiDi: types, brackets (rule N0) and levels of the paragraph.
    private static func bidi(_ text: [UInt32], direction: FriBidiParType) -> ([FriBidiCharType], [FriBidiLevel], FriBidiParType) {
        let n = text.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var resolved = direction
        guard n > 0 else {
            return (types, levels, direction == FRIBIDI_PAR_RTL ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR)
        }
        fribidi_get_bidi_types(text, FriBidiStrIndex(n), &types)
        BidiNesting.bound(&types)
        fribidi_get_bracket_types(text, FriBidiStrIndex(n), types, &brackets)
        if fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &resolved, &levels) == 0 {
            // FriBiDi could not allocate: show the text in logical order.
            resolved = direction == FRIBIDI_PAR_RTL ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
            levels = [FriBidiLevel](repeating: resolved == FRIBIDI_PAR_RTL ? 1 : 0, count: n)
        }
        return (types, levels, resolved.rawValue & 1 != 0 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR)
    }

    /// The face each character is drawn in: its style's font when that has the character, else
    /// fontconfig's fallback. Marks, joiners, variation selectors, emoji modifiers and tags stay in the face
    /// of the character before them, so a cluster (an accented letter, an emoji sequence) is never split.
    private static func faces(_ text: [UInt32], styles: [Int32], table: StyleTable) -> [Int32] {
        let faceTable = table.faces
        var faces = [Int32](repeating: 0, count: text.count)
        for i in text.indices {
            let c = text[i]
            let style = table[styles[i]]
            if i > 0, styles[i - 1] == styles[i], continuesCluster(c) {
                faces[i] = faces[i - 1]
                continue
            }
            // A following VS16 asks for emoji presentation, VS15 for text.
            var emoji: Bool?
            if i + 1 < text.count {
                if text[i + 1] == 0xFE0F { emoji = Unicode.Scalar(c)?.properties.isEmoji ?? false }
                if text[i + 1] == 0xFE0E { emoji = false }
            }
            let defaultEmoji = c >= 0x231A && (Unicode.Scalar(c)?.properties.isEmojiPresentation ?? false)
            if emoji == nil, !defaultEmoji, faceTable.fonts[Int(style.primary)].hasGlyph(c) {
                faces[i] = style.primary
                continue
            }
            let face = faceTable.library.face(for: c, preferring: faceTable.faces[Int(style.primary)], name: style.fontName,
                                              emojiPresentation: emoji)
            faces[i] = faceTable.slot(face)
        }
        return faces
    }

    private static func continuesCluster(_ c: UInt32) -> Bool {
        switch c {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        case 0..<0x300: return false
        default:
            switch Unicode.Scalar(c)?.properties.generalCategory {
            case .nonspacingMark?, .spacingMark?, .enclosingMark?: return true
            default: return false
            }
        }
    }

    /// Each character's script (HarfBuzz's Unicode data); Common and Inherited characters take the script
    /// before them, or at the start the first real script after them, or Common when there is none.
    private static func scripts(_ text: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var scripts = text.map { hb_unicode_script(funcs, $0) }
        func isReal(_ s: hb_script_t) -> Bool { s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN }
        var last: hb_script_t?
        var leading = 0
        for i in scripts.indices {
            if isReal(scripts[i]) {
                if last == nil { for j in 0..<leading { scripts[j] = scripts[i] } }
                last = scripts[i]
            } else if let last {
                scripts[i] = last
            } else {
                leading = i + 1
            }
        }
        // No real script at all (digits, punctuation, emoji): one Common run, Inherited marks included.
        if last == nil { for j in 0..<leading { scripts[j] = HB_SCRIPT_COMMON } }
        return scripts
    }
}
