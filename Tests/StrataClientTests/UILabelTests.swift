import Foundation
import Strata
import StrataUIKit
import Testing

/// A label padded by overriding `drawText(in:)` and `intrinsicContentSize`, as iOS code writes one.
@MainActor
final class PaddedLabel: UILabel {
    let inset = UIEdgeInsets(top: 0, left: 40, bottom: 0, right: 0)
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: inset)) }
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + inset.left + inset.right, height: size.height)
    }
}

extension ClientProcessSuite {
/// UILabel: sizes from the font's metrics (the pinned test fonts), text drawn by the view and shown by a real
/// server (320 × 240, white background, black 20-point text).
@MainActor
@Suite struct UILabelTests {
    @Test func sizesFollowTheFontAndTheLineCount() throws {
        let label = UILabel()
        label.font = UIFont(name: "DejaVu Sans", size: 20.48)
        label.text = "Wi-Fi"
        // DejaVu Sans: a line is (1901 + 483) / 2048 em = 23.84 points at 20.48.
        #expect(label.intrinsicContentSize.height == 24)
        let oneLine = label.intrinsicContentSize.width
        #expect(oneLine > 40 && oneLine < 80)
        label.text = "Volume"
        let word = label.intrinsicContentSize.width
        label.text = "Volume Volume Volume Volume"
        label.numberOfLines = 0
        // A word a line: four lines of 23.84 points, rounded up.
        #expect(label.sizeThatFits(CGSize(width: word * 1.5, height: 1000)).height == 96)
        label.numberOfLines = 2
        #expect(label.sizeThatFits(CGSize(width: word * 1.5, height: 1000)).height == 48)
        let rect = label.textRect(forBounds: CGRect(x: 5, y: 6, width: 120, height: 100), limitedToNumberOfLines: 1)
        #expect(rect.origin == CGPoint(x: 5, y: 6) && abs(rect.height - 23.84) < 1e-6)
        label.text = nil
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test func theTextIsDrawnCentredAndPaddedLabelsMoveIt() async throws {
        let controller = UIViewController()
        let plain = UILabel(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        let padded = PaddedLabel(frame: CGRect(x: 0, y: 120, width: 320, height: 100))
        for label in [plain, padded] {
            label.font = UIFont(name: "DejaVu Sans", size: 20)
            label.textColor = .black
            label.text = "IIIIIIII"
        }
        let session = try ExampleSession(controller: controller, size: "320x240") { c in
            c.view.backgroundColor = .white
            c.view.addSubview(plain)
            c.view.addSubview(padded)
        }
        defer { session.close() }
        /// The columns and rows where a label's band has dark pixels.
        func ink(_ top: Int) throws -> (xs: ClosedRange<Int>, ys: ClosedRange<Int>)? {
            let shot = try session.server.snapshot()
            var xs: [Int] = [], ys: [Int] = []
            for y in top..<(top + 100) {
                for x in 0..<320 where shot.pixels[(y * shot.width + x) * 4] < 128 { xs.append(x); ys.append(y) }
            }
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
            return (x0...x1, y0...y1)
        }
        #expect(await session.run(until: { (try? ink(0)) != nil && (try? ink(120)) != nil }))
        let a = try #require(try ink(0)), b = try #require(try ink(120))
        // Natural alignment of left-to-right text: at the left edge; the padded one 40 points in.
        #expect(a.xs.lowerBound < 6 && b.xs.lowerBound - a.xs.lowerBound == 40)
        // Centred vertically: the capitals' ink sits in the middle of the 100-point band, to a point or two.
        let middle = Double(a.ys.lowerBound + a.ys.upperBound) / 2
        #expect(abs(middle - 50) < 4, "ink rows \(a.ys)")
        #expect(b.ys.lowerBound - a.ys.lowerBound == 120)
    }

    @Test func aLongLineIsTruncatedAtTheTailWithinTheWidth() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        label.font = UIFont(name: "DejaVu Sans", size: 14)
        label.text = String(repeating: "Brightness ", count: 6)
        let full = label.intrinsicContentSize.width
        #expect(full > 300)
        let cut = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        #expect(cut.width <= 100 && cut.width > 60)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1).width <= 100)
    }
}
}
