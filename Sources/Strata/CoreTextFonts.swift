import Foundation
import StrataText

/// Core Text's font: a name and a point size (`CTFontCreateWithName`), which fontconfig matches to a face
/// when text is laid out. It is also UIKit's `UIFont` (StrataUIKit's `UIFont.swift`), as the two are
/// toll-free bridged on Apple's systems. A `CATextLayer` takes its name; its size goes through `fontSize`, as
/// the seed's code does. Names are `CFString`s as in Apple's API (`CFString` is `NSString` here: `name as
/// CFString` and literals compile).
public final class CTFont: @unchecked Sendable, Hashable {
    public let fontName: String
    public let pointSize: CGFloat

    /// UIKit's `UIFont(name:size:)`: nil for an empty name or a size that is not a finite number ≥ 0. A name no
    /// installed font carries gets fontconfig's substitute (docs/status.md, `UIFont`), where UIKit returns
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
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.fontName as CFString }
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.fontName as CFString }
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.fontName as CFString }
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { font.fontName as CFString }
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.pointSize }
/// Always the identity: a font is never made with another matrix.
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { .identity }

/// Quartz's font: a name without a size (`CGFont("Helvetica" as CFString)`, `CGFontCreateWithFontName`).
public final class CGFont: @unchecked Sendable, Hashable {
    private let name: String
    public var fullName: CFString? { name as CFString }
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

public func CGFontCreateWithFontName(_ name: CFString?) -> CGFont? { name.flatMap { CGFont($0) } }
public func CGFontCopyFullName(_ font: CGFont?) -> CFString? { font?.fullName }
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
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.metrics.capHeight }
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.metrics.xHeight }
/// The top of the underline stroke relative to the baseline (negative: below it), in points.
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { font.metrics.underlinePosition }
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { font.metrics.underlineThickness }
