import CStrataText
import Foundation

/// Font names to font files, per-character fallback, and the HarfBuzz fonts layout shapes with, all on
/// fontconfig's configuration (FONTCONFIG_FILE when set when the library is first used, else the system's).
///
/// Thread-safe: one lock guards fontconfig and the caches; the HarfBuzz fonts it hands out are immutable.
public final class FontLibrary: @unchecked Sendable {
    public static let shared = FontLibrary()

    /// Core Animation's default font (CATextLayer's `font` when nil).
    public static let defaultFontName = "Helvetica"

    private let lock = NSLock()
    private let fontconfig = FontconfigMatcher()
    private var facesByFile: [FileKey: FontFace] = [:]
    private var shapingFonts: [Int: ShapingFont] = [:]
    /// Glyph counts by face id (`glyphCount(of:)`): one per face at most, as `facesByFile`.
    private var glyphCounts: [Int: UInt32] = [:]
    private var resolved: [String: (face: FontFace, matchedName: Bool)] = [:]
    private var fallbackLists: [ListKey: FallbackList] = [:]
    private var fallbacks: [FallbackKey: FontFace?] = [:]
    /// A hostile string can ask for every codepoint; past this many the fallback memo starts over.
    private static let fallbackMemoLimit = 1 << 16
    private static let resolvedMemoLimit = 4096
    private static let fallbackListLimit = 32

    /// The faces fontconfig lists, made on the first `listedFace` call.
    private var listed: [FileKey: FontFileRef]?
    private struct FileKey: Hashable { var path: String; var index: Int }
    private struct ListKey: Hashable { var name: String; var emoji: Bool }
    private struct FallbackKey: Hashable { var list: ListKey; var codepoint: UInt32 }

    public init() {}

    /// The face fontconfig matches for `name` (nil: Helvetica), and whether it is the family asked for:
    /// false when fontconfig substituted another family (its default for an unknown name), so the caller
    /// can say which font is missing. A name fontconfig cannot match at all gives a face with no file
    /// (its glyphs are .notdef with zero advance).
    public func resolve(_ name: String?) -> (face: FontFace, matchedName: Bool) {
        let name = name ?? Self.defaultFontName
        lock.lock(); defer { lock.unlock() }
        if let known = resolved[name] { return known }
        let answer: (face: FontFace, matchedName: Bool)
        if let match = fontconfig.match(name) {
            answer = (faceLocked(match.font), match.exact)
        } else {
            answer = (faceLocked(FontFileRef(path: "", index: 0, family: name, isColor: false)), false)
        }
        // A hostile client can name any number of fonts: past this many the memo starts over.
        if resolved.count >= Self.resolvedMemoLimit { resolved.removeAll(keepingCapacity: true) }
        resolved[name] = answer
        return answer
    }

    /// `resolve(name).face`.
    public func face(named name: String?) -> FontFace { resolve(name).face }

    /// The face that draws `codepoint` for text in font `name`: `preferring` when it has the character,
    /// else the first face of fontconfig's sorted list for `name` that covers it, else `preferring` (the
    /// character shows as .notdef). A character in emoji presentation (`emojiPresentation`, nil: the
    /// character's default, Unicode's Emoji_Presentation) first tries the list sorted for emoji, as Core Text
    /// draws emoji in the colour emoji font even when the text's font has a black-and-white glyph.
    public func face(for codepoint: UInt32, preferring: FontFace, name: String?, emojiPresentation: Bool? = nil) -> FontFace {
        let emoji = emojiPresentation ?? (Unicode.Scalar(codepoint)?.properties.isEmojiPresentation ?? false)
        if !emoji, shapingFont(for: preferring).hasGlyph(codepoint) { return preferring }
        let name = name ?? Self.defaultFontName
        if emoji, let face = fallback(codepoint, ListKey(name: name, emoji: true)) { return face }
        if emoji, shapingFont(for: preferring).hasGlyph(codepoint) { return preferring }
        return fallback(codepoint, ListKey(name: name, emoji: false)) ?? preferring
    }

    /// The first face of a sorted list that covers `codepoint`, memoised.
    private func fallback(_ codepoint: UInt32, _ listKey: ListKey) -> FontFace? {
        lock.lock(); defer { lock.unlock() }
        let key = FallbackKey(list: listKey, codepoint: codepoint)
        if let known = fallbacks[key] { return known }
        let list: FallbackList
        if let known = fallbackLists[listKey] {
            list = known
        } else {
            list = fontconfig.fallbackList(listKey.name, emoji: listKey.emoji)
            // Each list holds a copy of the character sets of the fonts it sorts (hundreds of kilobytes):
            // a hostile client naming many fonts would keep them all. Past this many they start over.
            if fallbackLists.count >= Self.fallbackListLimit { fallbackLists.removeAll(keepingCapacity: true) }
            fallbackLists[listKey] = list
        }
        let face = list.first(covering: codepoint).map(faceLocked)
        if fallbacks.count >= Self.fallbackMemoLimit { fallbacks.removeAll(keepingCapacity: true) }
        fallbacks[key] = face
        return face
    }

    /// This library's face for a file and face index that another process's library resolved (a text
    /// worker's layout), when fontconfig lists that face here; nil otherwise, so a misbehaving worker cannot
    /// make the server open any other file. The empty path is the face of a name nothing matched (no glyphs).
    public func listedFace(path: String, index: Int) -> FontFace? {
        lock.lock(); defer { lock.unlock() }
        let key = FileKey(path: path, index: index)
        if let face = facesByFile[key] { return face }
        if path.isEmpty { return faceLocked(FontFileRef(path: "", index: 0, family: "", isColor: false)) }
        if listed == nil {
            listed = Dictionary(fontconfig.listedFonts().map { (FileKey(path: $0.path, index: $0.index), $0) }) { first, _ in first }
        }
        return listed?[key].map(faceLocked)
    }

    /// How many glyphs the face has: a glyph index below it is the face's (what a worker's reply is checked
    /// against before FreeType is asked for the glyph). The server asks this of every face a layout uses:
    /// the count is kept, the HarfBuzz font read for it is not (it maps the whole font file, and a server
    /// whose clients used 50 faces kept 50 files mapped after they left).
    public func glyphCount(of face: FontFace) -> UInt32 {
        lock.lock()
        if let font = shapingFonts[face.id] { lock.unlock(); return font.glyphCount }
        if let known = glyphCounts[face.id] { lock.unlock(); return known }
        lock.unlock()
        let count = ShapingFont(path: face.path, index: face.index).glyphCount
        lock.lock(); defer { lock.unlock() }
        glyphCounts[face.id] = count
        return count
    }

    /// The face's metrics in font units.
    public func metrics(of face: FontFace) -> FontMetrics { shapingFont(for: face).metrics }

    /// Whether the face's character map has `codepoint`.
    public func hasGlyph(_ face: FontFace, codepoint: UInt32) -> Bool { shapingFont(for: face).hasGlyph(codepoint) }

    /// The face's immutable HarfBuzz font, created from the file on first use.
    func shapingFont(for face: FontFace) -> ShapingFont {
        lock.lock(); defer { lock.unlock() }
        if let font = shapingFonts[face.id] { return font }
        let font = ShapingFont(path: face.path, index: face.index)
        shapingFonts[face.id] = font
        return font
    }

    /// One `FontFace` (one id) per file and index. Call with the lock held.
    private func faceLocked(_ file: FontFileRef) -> FontFace {
        let key = FileKey(path: file.path, index: file.index)
        if let face = facesByFile[key] { return face }
        let face = FontFace(id: facesByFile.count + 1, path: file.path, index: file.index, family: file.family, isColor: file.isColor)
        facesByFile[key] = face
        return face
    }
}
