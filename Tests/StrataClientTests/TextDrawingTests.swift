import StrataTestSupport
import Foundation
@testable import Strata
import Testing

/// Text drawn into a CGContext (UIKit's string drawing, Core Text's lines) with the stack CATextLayer uses.
@Suite struct TextDrawingTests {
    init() { TestFonts.install() }

    static var attributes: [NSAttributedString.Key: Any] { [
        .font: CTFontCreateWithName("DejaVu Sans" as CFString, 16, nil), .foregroundColor: CGColor.white,
    ] }

    /// Lit pixels (red > 0) of a context, as (x, y).
    static func lit(_ ctx: CGContext) throws -> Set<[Int]> {
        let image = try #require(ctx.makeImage())
        var out = Set<[Int]>()
        for y in 0..<image.height {
            for x in 0..<image.width where image.premultipliedPixels[(y * image.width + x) * 4 + 3] > 0 { out.insert([x, y]) }
        }
        return out
    }

    @Test func drawAtPutsTheTextBoxTopLeftAtThePointAndMeasuresWhatItDraws() throws {
        let text = NSAttributedString(string: "Hello", attributes: Self.attributes)
        let size = text.size()
        #expect(size.width > 30 && size.width < 60 && size.height > 15 && size.height < 25, "\(size)")
        let ctx = try #require(CGContext(width: 80, height: 40))
        // Without a current context nothing is drawn.
        text.draw(at: CGPoint(x: 10, y: 5))
        #expect(try Self.lit(ctx).isEmpty)
        UIGraphicsPushContext(ctx)
        text.draw(at: CGPoint(x: 10, y: 5))
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        let ink = try Self.lit(ctx)
        let xs = ink.map { $0[0] }, ys = ink.map { $0[1] }
        // The ink lies within the measured box at (10, 5) (glyphs may overhang it by a pixel).
        #expect((xs.min() ?? 0) >= 10 && (xs.max() ?? 0) <= Int((10 + size.width).rounded(.up)), "\(xs.min() ?? -1)…\(xs.max() ?? -1)")
        #expect((ys.min() ?? 0) >= 5 && (ys.max() ?? 0) <= Int((5 + size.height).rounded(.up)))
        let bounds = text.boundingRect(with: CGSize(width: 1000, height: 1000), options: .usesLineFragmentOrigin, context: nil)
        #expect(bounds == CGRect(origin: .zero, size: size))
        let oneLine = text.boundingRect(with: .zero, options: [], context: nil)
        #expect(oneLine.minY < -10 && oneLine.size == size)
    }

    @Test func drawInRectWrapsAndClipsToTheRectangle() throws {
        let text = NSAttributedString(string: "one two three four five six", attributes: Self.attributes)
        let ctx = try #require(CGContext(width: 120, height: 120))
        UIGraphicsPushContext(ctx)
        text.draw(in: CGRect(x: 0, y: 0, width: 60, height: 40))
        UIGraphicsPopContext()
        let ink = try Self.lit(ctx)
        #expect(!ink.isEmpty && ink.allSatisfy { $0[0] < 60 && $0[1] < 40 })
        // Wrapped: more than one line's worth of rows is inked.
        #expect(Set(ink.map { $0[1] }).count > 20)
    }

    @Test func ctLineDrawIsUprightInAFlippedContextAndInvertedInAYDownOne() throws {
        // Quartz's text space is y-up: in a y-up (flipped) context the line reads as draw(at:) draws it;
        // in UIKit's y-down space it is upside down, as on iOS.
        let text = NSAttributedString(string: "Ty", attributes: Self.attributes)
        let line = CTLineCreateWithAttributedString(text)
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, nil)
        #expect(width > 10 && ascent > 10 && descent > 2)
        let reference = try #require(CGContext(width: 40, height: 40))
        UIGraphicsPushContext(reference)
        text.draw(at: CGPoint(x: 5, y: 30 - ascent))           // baseline at y = 30
        UIGraphicsPopContext()
        let flipped = try #require(CGContext(width: 40, height: 40))
        flipped.translateBy(x: 0, y: 40)
        flipped.scaleBy(x: 1, y: -1)
        flipped.textPosition = CGPoint(x: 5, y: 10)             // y-up: 10 above the bottom is y = 30 down
        CTLineDraw(line, flipped)
        let expected = try Self.lit(reference), got = try Self.lit(flipped)
        #expect(!expected.isEmpty)
        // The same glyphs, bilinear through the flip: every inked pixel within a pixel of the reference's.
        #expect(got.allSatisfy { p in (-1...1).contains { dx in (-1...1).contains { dy in expected.contains([p[0] + dx, p[1] + dy]) } } })
        let unflipped = try #require(CGContext(width: 40, height: 40))
        unflipped.textPosition = CGPoint(x: 5, y: 10)
        CTLineDraw(line, unflipped)
        // Upside down: the ink hangs below the baseline at y = 10 (the capital's stem reaches y ≈ 10 + ascent).
        let down = try Self.lit(unflipped).map { $0[1] }
        #expect((down.max() ?? 0) > 20 && (down.min() ?? 0) >= 5)
    }

    @Test func unsupportedMeasuringOptionsAreLoggedNotIgnored() {
        let text = NSAttributedString(string: "Hello", attributes: Self.attributes)
        let device = LogCapture.messages { _ = text.boundingRect(with: CGSize(width: 100, height: 100), options: [.usesLineFragmentOrigin, .usesDeviceMetrics], context: nil) }
        #expect(device.count == 1 && device[0].contains("unsupported: usesDeviceMetrics"), "\(device)")
        let context = NSStringDrawingContext()
        let shrink = LogCapture.messages { context.minimumScaleFactor = 0.5 }
        #expect(shrink.count == 1 && shrink[0].contains("unsupported: minimumScaleFactor") && context.actualScaleFactor == 1, "\(shrink)")
    }

    @Test func textTakesTheContextsShadowAndAlpha() throws {
        let text = NSAttributedString(string: "I", attributes: Self.attributes)
        let plain = try #require(CGContext(width: 40, height: 40))
        let shadowed = try #require(CGContext(width: 40, height: 40))
        shadowed.setShadow(offset: CGSize(width: 6, height: 0), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        shadowed.setAlpha(0.5)
        for ctx in [plain, shadowed] {
            UIGraphicsPushContext(ctx)
            text.draw(at: CGPoint(x: 5, y: 5))
            UIGraphicsPopContext()
        }
        let a = try #require(plain.makeImage()), b = try #require(shadowed.makeImage())
        let stem = try Self.lit(plain).filter { a.premultipliedPixels[($0[1] * 40 + $0[0]) * 4 + 3] == 255 }
        let p = try #require(stem.first)
        let i = (p[1] * 40 + p[0]) * 4
        #expect(b.premultipliedPixels[i + 3] == 128 || b.premultipliedPixels[i + 3] == 127)   // the glyph at half alpha
        let j = (p[1] * 40 + p[0] + 6) * 4
        #expect(b.premultipliedPixels[j] > 100 && b.premultipliedPixels[j + 1] == 0)          // its red shadow 6 px right
    }
}

extension TextDrawingTests {
    /// Golden/cgcontext/text.png: a label drawn at a point, a shadowed one, one wrapped in a rectangle and
    /// a Core Text line in a flipped context.
    @Test func goldenText() throws {
        let c = try #require(CGContext(width: 96, height: 64))
        c.setFillColor(CGColor(gray: 0.1, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 96, height: 64))
        UIGraphicsPushContext(c)
        NSAttributedString(string: "Strata ÿ", attributes: Self.attributes).draw(at: CGPoint(x: 2, y: 0))
        c.saveGState()
        c.setShadow(offset: CGSize(width: 2, height: 2), blur: 2, color: CGColor(red: 1, green: 0.3, blue: 0, alpha: 1))
        "42".draw(at: CGPoint(x: 70, y: 2), withAttributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil), .foregroundColor: CGColor.yellow])
        c.restoreGState()
        "wrapped in a box".draw(in: CGRect(x: 2, y: 22, width: 48, height: 40),
                                withAttributes: [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 11, nil), .foregroundColor: CGColor.cyan])
        UIGraphicsPopContext()
        c.saveGState()
        c.translateBy(x: 0, y: 64)
        c.scaleBy(x: 1, y: -1)
        c.textPosition = CGPoint(x: 54, y: 8)
        CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: "Ty", attributes: Self.attributes)), c)
        c.restoreGState()
        try CGContextGolden.expectMatches(c, "text.png")
    }
}

extension ClientProcessSuite {
/// A string drawn in `draw(in:)` looks as the same string in a `CATextLayer` next to it, on a real server.
@Suite struct TextDrawingServerTests {
    init() { TestFonts.install() }

    final class Painted: CALayer, @unchecked Sendable {
        override func draw(in ctx: CGContext) {
            NSAttributedString(string: "Strata ÿ 42", attributes: TextDrawingTests.attributes).draw(at: .zero)
        }
    }

    @Test func drawnTextMatchesATextLayerWithinAntialiasing() throws {
        let server = try ServerProcess(size: "160x80")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 160, height: 80)
        root.position = CGPoint(x: 80, y: 40)
        let label = CATextLayer()
        label.string = NSAttributedString(string: "Strata ÿ 42", attributes: TextDrawingTests.attributes)
        label.frame = CGRect(x: 10, y: 5, width: 140, height: 30)
        let painted = Painted()
        painted.frame = CGRect(x: 10, y: 45, width: 140, height: 30)
        painted.setNeedsDisplay()
        root.addSublayer(label)
        root.addSublayer(painted)
        connection.attach(root)
        CATransaction.flush()
        var worst = Int.max, inked = 0
        #expect(try eventually(10) {
            let (width, pixels) = try server.snapshot()
            worst = 0; inked = 0
            for y in 0..<30 {
                for x in 10..<150 {
                    let a = Int(pixels[((5 + y) * width + x) * 4]), b = Int(pixels[((45 + y) * width + x) * 4])
                    worst = max(worst, abs(a - b))
                    if a > 128 { inked += 1 }
                }
            }
            return inked > 100 && worst <= 8
        }, "worst difference \(worst) over \(inked) inked pixels")
        #expect(errors.reasons.isEmpty)
    }
}
}
