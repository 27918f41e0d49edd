import CStrataBreak
import CStrataText

/// The versions of the text libraries linked (logged on the server's `serving` line, and for bug reports).
public enum TextStack {
    public static var versions: String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0, let library {
            FT_Library_Version(library, &major, &minor, &patch)
            FT_Done_FreeType(library)
        }
        let hb = String(cString: hb_version_string())
        var breaking = [CChar](repeating: 0, count: 160)
        strata_break_versions(&breaking, Int32(breaking.count))
        return "FreeType \(major).\(minor).\(patch), HarfBuzz \(hb), fontconfig \(FcGetVersion()), FriBiDi \(FRIBIDI_MAJOR_VERSION).\(FRIBIDI_MINOR_VERSION).\(FRIBIDI_MICRO_VERSION), \(String(decoding: breaking.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
    }
}
