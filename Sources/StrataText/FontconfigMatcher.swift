import CStrataText
import Foundation

/// A face of a font file, as fontconfig describes it.
struct FontFileRef: Hashable, Sendable {
    var path: String
    var index: Int
    var family: String
    var isColor: Bool
}

/// The faces fontconfig sorts for a name, each with the characters it covers: per-character fallback
/// takes the first that has the character.
final class FallbackList: @unchecked Sendable {
    private let entries: [(font: FontFileRef, charset: OpaquePointer)]

    init(_ entries: [(font: FontFileRef, charset: OpaquePointer)]) { self.entries = entries }

    deinit { for entry in entries { FcCharSetDestroy(entry.charset) } }

    func first(covering codepoint: UInt32) -> FontFileRef? {
        entries.first { FcCharSetHasChar($0.charset, codepoint) != 0 }?.font
    }
}

/// Name matching and fallback sorting on one fontconfig configuration (the file FONTCONFIG_FILE names, or
/// the system's). Not thread-safe: `FontLibrary` serialises its calls.
final class FontconfigMatcher {
    private let config: OpaquePointer?

    init() { config = FcInitLoadConfigAndFonts() }

    deinit { if let config { FcConfigDestroy(config) } }

    /// fontconfig's best face for `name`, and whether it is the family asked for (not a substitute).
    func match(_ name: String) -> (font: FontFileRef, exact: Bool)? {
        guard let config, let pattern = Self.pattern(for: name) else { return nil }
        defer { FcPatternDestroy(pattern) }
        let requested = Self.string(pattern, FC_FAMILY) ?? name
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        guard let font = Self.fileRef(matched) else { return nil }
        return (font, Self.isExact(requested: requested, name: name, matched: matched))
    }

    /// fontconfig's sorted list of faces for `name`, trimmed to those that add coverage; for `emoji`, sorted
    /// for fontconfig's emoji language (und-zsye), which puts colour emoji fonts first.
    func fallbackList(_ name: String, emoji: Bool) -> FallbackList {
        guard let config, let pattern = Self.pattern(for: name) else { return FallbackList([]) }
        defer { FcPatternDestroy(pattern) }
        if emoji { _ = Self.fcString("und-zsye") { FcPatternAddString(pattern, FC_LANG, $0) } }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return FallbackList([]) }
        defer { FcFontSetDestroy(set) }
        var entries: [(font: FontFileRef, charset: OpaquePointer)] = []
        let count = Int(set.pointee.nfont)
        for i in 0..<count {
            guard let font = set.pointee.fonts[i], let ref = Self.fileRef(font) else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  let copy = FcCharSetCopy(charset) else { continue }
            entries.append((ref, copy))
        }
        return FallbackList(entries)
    }

    /// Every face of the configuration's fonts, by file and face index.
    func listedFonts() -> [FontFileRef] {
        guard let config, let set = FcConfigGetFonts(config, FcSetSystem) else { return [] }
        let count = Int(set.pointee.nfont)
        return (0..<count).compactMap { i in set.pointee.fonts[i].flatMap(Self.fileRef) }
    }

    /// A fontconfig pattern for a Core Animation font name: fontconfig's own syntax ("DejaVu Sans:bold"),
    /// or a PostScript-style "Family-Style" ("Helvetica-Bold"), which fontconfig's parser reads as a size.
    private static func pattern(for name: String) -> OpaquePointer? {
        if !name.contains(":"), let dash = name.lastIndex(of: "-"), dash != name.startIndex,
           Double(name[name.index(after: dash)...]) == nil {
            guard let pattern = FcPatternCreate() else { return nil }
            _ = fcString(String(name[..<dash])) { FcPatternAddString(pattern, FC_FAMILY, $0) }
            let style = String(name[name.index(after: dash)...])
            if !style.isEmpty { _ = fcString(style) { FcPatternAddString(pattern, FC_STYLE, $0) } }
            return pattern
        }
        return fcString(name) { FcNameParse($0) }
    }

    /// fontconfig's strings are unsigned chars.
    private static func fcString<R>(_ s: String, _ body: (UnsafePointer<FcChar8>) -> R) -> R {
        s.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: s.utf8.count + 1, body) }
    }

    private static func isExact(requested: String, name: String, matched: OpaquePointer) -> Bool {
        let generic: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math"]
        if generic.contains(requested.lowercased()) { return true }
        func key(_ s: String) -> String { s.lowercased().filter { $0 != " " } }
        let wanted = key(requested)
        var n: Int32 = 0
        while let family = string(matched, FC_FAMILY, n) {
            if key(family) == wanted { return true }
            n += 1
        }
        if let postscript = string(matched, FC_POSTSCRIPT_NAME), key(postscript) == key(name) { return true }
        return false
    }

    private static func fileRef(_ pattern: OpaquePointer) -> FontFileRef? {
        guard let path = string(pattern, FC_FILE) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var color: FcBool = FcFalse
        if FcPatternGetBool(pattern, FC_COLOR, 0, &color) != FcResultMatch { color = FcFalse }
        // The low 16 bits are the face in a collection; the high bits a named instance of a variable font.
        return FontFileRef(path: path, index: Int(index & 0xFFFF), family: string(pattern, FC_FAMILY) ?? "", isColor: color != FcFalse)
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
