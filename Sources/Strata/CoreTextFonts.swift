import Foundation
import StrataText

/// Core Text's font: a name and a point size (`CTFontCreateWithName`), which fontconfig matches to a face
/// when text is laid out. It is also UIKit's `UIFont` (StrataUIKit's `UIFont.swift`), as the two are
/// toll-free bridged on Apple's systems. A `CATextLayer` takes its name; its size goes through `fontSize`, as
/// the seed's code does. Names are `CFString`s as in Apple's API (`CFString` is `NSString` here: `name as
/// CFString` and literals compile).
public final class CTFont: @unchecked Sendable, Hashable {
    /// The name the font was made with, as given (fontconfig matches it to a face when text is laid out; the
    /// face's own name is not read back).
    public let fontName: String
    /// The font's size in points; a font made with size 0 is 12 points, as in Core Text.
    public let pointSize: CGFloat

    /// UIKit's `UIFont(name:size:)`: nil for an empty name or a size that is not a finite number ≥ 0. A name no
    /// installed font carries gets fontconfig's substitute (the `UIFont` row of <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>), where UIKit returns
    /// nil. A size of 0 is 12 points, as Core Text's.
    public convenience init?(name: String, size: CGFloat) {
        guard !name.isEmpty, size.isFinite, size >= 0 else { return nil }
        self.init(validName: name, size: size)
    }

    package init(validName name: String, size: CGFloat) {
        fontName = name
        // Core Text makes a 0-point font 12 points.
        pointSize = size > 0 && size.isFinite ? size : 12
    }

    public static func == (a: CTFont, b: CTFont) -> Bool { a.fontName == b.fontName && a.pointSize == b.pointSize }
    public func hash(into h: inout Hasher) { h.combine(fontName); h.combine(pointSize) }
}

/// `CTFontCreateWithName(name, size, matrix)`: a size of 0 is 12 points. A matrix other than nil or the
/// identity would transform the glyphs, which Strata's text path cannot: it is logged as
/// "unsupported: CTFont matrix" and the font made without it.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    if let m = matrix?.pointee, !m.isIdentity {
        StrataLog.logger.error("CTFontCreateWithName(\(String(name)), \(size)): unsupported: CTFont matrix \(m); the font is made without it")
    }
    return CTFont(validName: String(name), size: size)
}

// The names are the one the font was made with: fontconfig matches it to a face when the text is laid out
// (on the server), so the client has no face's own names to give.
/// The font's full name: in Strata the name it was made with, where Core Text gives the matched face's own
/// name. See <doc:Status#Layer-subclasses>.
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.fontName as CFString }
/// The font's PostScript name: in Strata the name it was made with, where Core Text gives the face's own.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.fontName as CFString }
/// The font's family name: in Strata the name it was made with, where Core Text gives the face's family.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.fontName as CFString }
/// The font's display name: in Strata the name it was made with, where Core Text gives a localised name.
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { font.fontName as CFString }
/// The font's point size (`pointSize`).
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.pointSize }
/// Always the identity: a font is never made with another matrix.
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { .identity }

/// Quartz's font: a name without a size (`CGFont("Helvetica" as CFString)`, `CGFontCreateWithFontName`).
public final class CGFont: @unchecked Sendable, Hashable {
    private let name: String
    /// The name the font was made with (never nil here), where Quartz gives the face's full name.
    public var fullName: CFString? { name as CFString }
    /// The name the font was made with (never nil here), where Quartz gives the face's PostScript name.
    public var postScriptName: CFString? { name as CFString }

    /// Core Graphics returns nil for a name it cannot load; fontconfig matches any name to some font, so
    /// this fails only for an empty name (the server logs a name no font carries).
    public init?(_ name: CFString) {
        guard name.length > 0 else { return nil }
        self.name = String(name)
    }

    var fontName: String { name }

    public static func == (a: CGFont, b: CGFont) -> Bool { a.name == b.name }
    public func hash(into h: inout Hasher) { h.combine(name) }
}

/// `CGFont(name)`: nil for a nil or empty name; any other name makes a font (fontconfig substitutes a face
/// for a name no installed font carries).
public func CGFontCreateWithFontName(_ name: CFString?) -> CGFont? { name.flatMap { CGFont($0) } }
/// The font's `fullName` (the name it was made with), or nil for a nil font.
public func CGFontCopyFullName(_ font: CGFont?) -> CFString? { font?.fullName }
/// The font's `postScriptName` (the name it was made with), or nil for a nil font.
public func CGFontCopyPostScriptName(_ font: CGFont?) -> CFString? { font?.postScriptName }

/// Font values a text layer or an attributed string takes, as names.
enum FontConversion {
    static func name(_ any: Any) -> String? {
        switch any {
        case let s as String: s
        case let s as NSString: String(s)
        case let f as CTFont: f.fontName
        case let f as CGFont: f.fontName
        default: nil
        }
    }
}

// Metrics of the face fontconfig matches the font's name to in this process (the app lays out its own text
// with the same configuration the server uses: FONTCONFIG_FILE, else the system's), at the font's size.
extension CTFont {
    var metrics: FontMetrics {
        let library = FontLibrary.shared
        return library.metrics(of: library.face(named: fontName)).scaled(to: pointSize)
    }
}

/// Above the baseline, in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.metrics.ascender }
/// Below the baseline, in points, positive (as Core Text gives it).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { -font.metrics.descender }
/// The line gap, in points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.metrics.lineGap }
/// The height of flat capitals above the baseline, in points: the face's OS/2 cap height, else the top of
/// its "H", else 0.7 em; from the face fontconfig matches the name to in this process.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.metrics.capHeight }
/// The height of a lowercase x above the baseline, in points: the face's OS/2 x-height, else the top of its
/// "x", else 0.5 em; from the face fontconfig matches in this process.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.metrics.xHeight }
/// The top of the underline stroke relative to the baseline (negative: below it), in points.
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { font.metrics.underlinePosition }
/// The thickness of the face's underline stroke, in points (0.05 em when the face gives none).
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { font.metrics.underlineThickness }
