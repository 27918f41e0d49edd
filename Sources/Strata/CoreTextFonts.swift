import Foundation

/// Core Text's font, as much as a text layer uses: a name and a point size (`CTFontCreateWithName`). A
/// `CATextLayer` takes its name; its size goes through `fontSize`, as the seed's code does.
public final class CTFont: @unchecked Sendable, Hashable {
    public let fontName: String
    public let pointSize: CGFloat

    public init(name: String, size: CGFloat) {
        fontName = name
        // Core Text makes a 0-point font 12 points.
        pointSize = size > 0 && size.isFinite ? size : 12
    }

    public static func == (a: CTFont, b: CTFont) -> Bool { a.fontName == b.fontName && a.pointSize == b.pointSize }
    public func hash(into h: inout Hasher) { h.combine(fontName); h.combine(pointSize) }
}

/// `CTFontCreateWithName(name, size, matrix)`; the matrix is not supported and must be nil (a transformed
/// font is logged as unsupported and the matrix ignored).
public func CTFontCreateWithName(_ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    if matrix != nil { StrataLog.logger.error("CTFontCreateWithName: unsupported: font matrix (ignored)") }
    return CTFont(name: name, size: size)
}

public func CTFontCopyFullName(_ font: CTFont) -> String { font.fontName }
public func CTFontCopyPostScriptName(_ font: CTFont) -> String { font.fontName }
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.pointSize }

/// Quartz's font: a name without a size (`CGFont("Helvetica")`, `CGFontCreateWithFontName`).
public final class CGFont: @unchecked Sendable, Hashable {
    public let fullName: String?
    public var postScriptName: String? { fullName }

    /// Core Graphics returns nil for a name it cannot load; fontconfig matches any name to some font, so
    /// this fails only for an empty name (the server logs a name no font carries).
    public init?(_ name: String) {
        guard !name.isEmpty else { return nil }
        fullName = name
    }

    public static func == (a: CGFont, b: CGFont) -> Bool { a.fullName == b.fullName }
    public func hash(into h: inout Hasher) { h.combine(fullName) }
}

public func CGFontCreateWithFontName(_ name: String) -> CGFont? { CGFont(name) }

/// Font values a text layer or an attributed string takes, as names.
enum FontConversion {
    static func name(_ any: Any) -> String? {
        switch any {
        case let s as String: s
        case let s as NSString: String(s)
        case let f as CTFont: f.fontName
        case let f as CGFont: f.fullName
        default: nil
        }
    }
}
