import Foundation
@testable import Strata
import Testing

/// replacePathWithStrokedPath: filling the outline paints what stroking the path paints.
@Suite struct CGContextStrokedPathTests {
    typealias Pixels = CGContextTests.Pixels

    func context(_ w: Int = 24, _ h: Int = 24) throws -> CGContext { try #require(CGContext(width: w, height: h)) }

    /// Draws `build`'s path once stroked and once outlined then filled (winding), with `setup` applied to
    /// both contexts; returns the largest channel difference and how many channel values differ.
    func compare(setup: (CGContext) -> Void = { _ in }, _ build: (CGContext) -> Void) throws -> (worst: Int, differing: Int) {
        let stroked = try context(), outlined = try context()
        for c in [stroked, outlined] {
            setup(c)
            c.setStrokeColor(CGColor.red)
            c.setFillColor(CGColor.red)
            build(c)
        }
        stroked.strokePath()
        outlined.replacePathWithStrokedPath()
        #expect(!outlined.isPathEmpty)
        outlined.fillPath()
        let a = try #require(stroked.makeImage()).premultipliedPixels, b = try #require(outlined.makeImage()).premultipliedPixels
        #expect(a.contains { $0 != 0 }, "the stroke painted something")
        let diffs = zip(a, b).map { abs(Int($0) - Int($1)) }
        return (diffs.max() ?? 0, diffs.filter { $0 > 0 }.count)
    }

    @Test func pixelAlignedStrokesMatchExactly() throws {
        // A line with square caps, a mitred rectangle, a bevelled zigzag: every edge on a pixel boundary.
        var r = try compare(setup: { $0.setLineWidth(4); $0.setLineCap(.square) }) { c in
            c.move(to: CGPoint(x: 4, y: 10))
            c.addLine(to: CGPoint(x: 18, y: 10))
        }
        #expect(r.differing == 0, "line: \(r)")
        r = try compare(setup: { $0.setLineWidth(2) }) { $0.addRect(CGRect(x: 3, y: 3, width: 15, height: 12)) }
        #expect(r.differing == 0, "rect: \(r)")
        r = try compare(setup: { $0.setLineWidth(2); $0.setLineJoin(.bevel); $0.setLineDash(phase: 1, lengths: [4, 2]) }) { c in
            c.move(to: CGPoint(x: 2, y: 5))
            c.addLine(to: CGPoint(x: 20, y: 5))
            c.addLine(to: CGPoint(x: 20, y: 19))
        }
        #expect(r.differing == 0, "dashed corner: \(r)")
    }

    @Test func curvesAndRoundJoinsMatchUpToAntialiasing() throws {
        let r = try compare(setup: { $0.setLineWidth(3); $0.setLineJoin(.round); $0.setLineCap(.round) }) { c in
            c.addEllipse(in: CGRect(x: 4, y: 4, width: 15, height: 11))
            c.move(to: CGPoint(x: 2, y: 20))
            c.addLine(to: CGPoint(x: 12, y: 22))
            c.addLine(to: CGPoint(x: 21, y: 19))
        }
        // Cairo's own stroker against StrataCore's polygons: edge pixels within a few levels (9 of 255 now).
        #expect(r.worst <= 12, "\(r)")
    }

    @Test func theOutlineUsesTheCTMOfTheCall() throws {
        let c = try context()
        c.move(to: CGPoint(x: 4, y: 10))
        c.addLine(to: CGPoint(x: 20, y: 10))
        c.scaleBy(x: 2, y: 2)
        c.setLineWidth(2) // 4 device pixels
        c.replacePathWithStrokedPath()
        #expect(c.boundingBoxOfPath == CGRect(x: 2, y: 4, width: 8, height: 2))
        c.fillPath()
        let p = try Pixels(c)
        #expect(p[10, 8] == [0, 0, 0, 255] && p[10, 11] == [0, 0, 0, 255])
        #expect(p[10, 7] == [0, 0, 0, 0] && p[10, 12] == [0, 0, 0, 0])
    }

    @Test func whatCannotBeStrokedLeavesAnEmptyPath() throws {
        let c = try context()
        c.move(to: .zero)
        c.addLine(to: CGPoint(x: 10, y: 10))
        c.setLineWidth(0) // a hairline has no outline
        c.replacePathWithStrokedPath()
        #expect(c.isPathEmpty)
        c.setLineWidth(1)
        c.replacePathWithStrokedPath() // nothing to stroke
        #expect(c.isPathEmpty)
        c.move(to: .zero)
        c.addLine(to: CGPoint(x: 10, y: 10))
        c.scaleBy(x: 0, y: 1) // singular
        c.replacePathWithStrokedPath()
        #expect(c.isPathEmpty)
    }
}
