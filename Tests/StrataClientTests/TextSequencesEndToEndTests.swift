import StrataTestSupport
import Foundation
import Strata
import StrataPNG
import Testing

extension ClientProcessSuite {
/// Issue 27's regression: a flag emoji (any regional-indicator pair) aborted strata-server, `strata
/// render` and `preferredFrameSize()` in Debian 12's libunibreak. Every sequence class, wrapped and
/// unwrapped, in plain and attributed strings, now lays out and renders: flags as one colour glyph each.
@Suite struct TextSequencesEndToEndTests {
    init() { TestFonts.install() }

    /// U+FDD0, which Swift takes in no literal.
    static let noncharacter = Unicode.Scalar(UInt32(0xFDD0)).map { String($0) } ?? ""

    /// One string per sequence class; the first three draw colour emoji.
    static let strings = [
        "Bonjour 🇫🇷 🇩🇪🇯🇵",                                   // flags (LB30a)
        "👨‍👩‍👧 👍🏽 1\u{FE0F}\u{20E3}",                             // ZWJ, modifier, keycap
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}🇫", // tag flag, an odd regional indicator
        "e\u{301}\u{302}\u{303}\u{304} a\u{0}\u{7}\u{85}b \u{202E}abc\u{202C} סלאם مرحبا",   // marks, controls, bidi
        "สวัสดีครับ ພາສາລາວ ភាសាខ្មែរ မြန်မာ \u{E000}" + noncharacter,    // SA scripts, private use, a noncharacter
    ]

    /// Pixels of a label's box whose channels differ (colour, not the white text or black background).
    static func colourPixels(_ shot: (width: Int, pixels: [UInt8]), y: Int, height: Int) -> Int {
        var n = 0
        for y in y..<y + height {
            for x in 0..<shot.width {
                let p = pixel(shot.pixels, width: shot.width, x, y).channels
                if max(p[0], p[1], p[2]) - min(p[0], p[1], p[2]) > 40 { n += 1 }
            }
        }
        return n
    }

    @Test func everySequenceClassRendersOnARealServerWrappedAndUnwrapped() throws {
        let server = try ServerProcess(size: "320x400")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 400)
        var y: CGFloat = 0
        for (i, string) in Self.strings.enumerated() {
            for wrapped in [false, true] {
                let label = CATextLayer()
                label.frame = CGRect(x: 0, y: y, width: wrapped ? 60 : 320, height: wrapped ? 60 : 30)
                label.font = "DejaVu Sans" as NSString
                label.fontSize = 16
                label.isWrapped = wrapped
                // Odd strings go as attributed runs (a colour and an underline over part of them).
                if i % 2 == 1 {
                    let attributed = NSMutableAttributedString(string: string)
                    attributed.addAttribute(.underlineStyle, value: 1, range: NSRange(location: 0, length: 4))
                    label.string = attributed
                } else {
                    label.string = string
                }
                root.addSublayer(label)
                y += label.frame.height + 5
            }
        }
        connection.attach(root)
        CATransaction.flush()
        // The three emoji strings show colour in both their labels (flags: blue, white and red).
        var boxes: [(y: Int, height: Int)] = []
        var top = 0
        for _ in Self.strings { for h in [30, 60] { boxes.append((top, h)); top += h + 5 } }
        #expect(try eventually(10) {
            let shot = try server.snapshot()
            return shot.width == 320 && boxes.prefix(6).allSatisfy { Self.colourPixels(shot, y: $0.y, height: $0.height) > 40 }
        })
        #expect(server.process.isRunning)
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    @Test func preferredFrameSizeMeasuresAFlagAsOneGlyph() {
        let label = CATextLayer()
        label.font = "DejaVu Sans" as NSString
        label.fontSize = 20
        label.string = "🇫🇷"
        let one = label.preferredFrameSize()
        label.string = "🇫🇷🇩🇪"
        let two = label.preferredFrameSize()
        // Noto Color Emoji's flag ligature: 2550 of 2048 units (24.90234375 pt at 20 pt), once per flag.
        #expect(one.width == 24.90234375)
        #expect(two.width == 2 * 24.90234375)
        label.string = "🇩🇪 "
        let withSpace = label.preferredFrameSize()
        label.string = "🇫🇷🇩🇪 🇯🇵"
        label.isWrapped = true
        label.bounds = CGRect(x: 0, y: 0, width: 30, height: 0)
        // Wrapped one flag to a line, pairs never split: 🇫🇷 | 🇩🇪 + the hanging space (its font counts in
        // the line's height) | 🇯🇵.
        #expect(label.preferredFrameSize().width == 24.90234375)
        #expect(label.preferredFrameSize().height == 2 * one.height + withSpace.height)
    }

    @Test func strataRenderDrawsFlags() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-flags-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("flags.json")
        try #"""
        {"strata": 1, "size": [120, 40], "layers": [
          {"id": "t", "class": "text", "bounds": [0, 0, 120, 40], "position": [60, 20], "font": "DejaVu Sans",
           "fontSize": 20, "wrapped": true,
           "string": {"text": "🇫🇷 🇩🇪", "runs": [{"range": [0, 4], "underline": "single"}]}}
        ]}
        """#.write(to: scene, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("flags.png").path
        let (status, log) = try ServerProcess.cli(["render", scene.path, "--time", "0", "--out", out])
        #expect(status == 0, "\(log)")
        let image = try PNGCodec.read(path: out)
        var colour = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 40 { colour += 1 }
            }
        }
        #expect(colour > 100, "\(colour) colour pixels")
    }
}
}
