import Foundation

/// Pins fontconfig to the fonts the tests and goldens were made with (Tests/Fonts/fonts.conf: DejaVu and
/// Noto, as scripts/install-deps.sh installs them), whatever else the machine has. Servers the tests
/// start inherit it.
enum TestFonts {
    static let configuration = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fonts/fonts.conf").standardized.path

    static func install() { setenv("FONTCONFIG_FILE", configuration, 1) }
}
