import CStrataText

/// The versions of the text libraries linked (for `strata-server --version` and bug reports).
public enum TextStack {
    public static var versions: String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0, let library {
            FT_Library_Version(library, &major, &minor, &patch)
            FT_Done_FreeType(library)
        }
        let hb = String(cString: hb_version_string())
        return "FreeType \(major).\(minor).\(patch), HarfBuzz \(hb), fontconfig \(FcGetVersion()), FriBiDi \(FRIBIDI_MAJOR_VERSION).\(FRIBIDI_MINOR_VERSION).\(FRIBIDI_MICRO_VERSION)"
    }
}
