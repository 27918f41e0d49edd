import Foundation

/// Pins fontconfig to the fonts the tests and goldens were made with (Tests/Fonts/fonts.conf: Debian 12's
/// DejaVu and Noto, as scripts/install-deps.sh installs them, with the system's aliases), whatever else the
/// machine has. Servers the tests start inherit it. It must be set before anything touches the shared font
/// library (`FontLibrary.shared` reads it once, when made); scripts/test.sh sets it for the whole process too.
public enum TestFonts {
    /// Tests/Fonts/fonts.conf, set as FONTCONFIG_FILE when first asked for.
    public static let configuration: String = {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let path = tests.appendingPathComponent("Fonts/fonts.conf").path
        setenv("FONTCONFIG_FILE", path, 1)
        return path
    }()

    public static func install() { _ = configuration }
}
