import Foundation
import StrataCore
import Testing

/// The subpaths of `p`, each from its move.
func pieces(_ p: Path) -> [Path] {
    var out: [[Path.Element]] = []
    for e in p.elements {
        if case .move = e { out.append([e]) } else if !out.isEmpty { out[out.count - 1].append(e) }
    }
    return out.map { Path(elements: $0) }
}

func line(_ from: CGPoint, _ to: CGPoint) -> Path {
    var p = Path()
    p.move(to: from)
    p.addLine(to: to)
    return p
}

func circle(_ r: CGFloat) -> Path {
    var p = Path()
    p.addEllipse(in: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
    return p
}

func square(_ origin: CGPoint, _ side: CGFloat) -> Path {
    var p = Path()
    p.addRect(CGRect(origin: origin, size: CGSize(width: side, height: side)))
    return p
}

/// Path.trimmed: CAShapeLayer's strokeStart and strokeEnd.
@Suite struct PathTrimTests {
    @Test func halvesOfACircleHaveHalfItsLength() throws {
        let c = circle(10), total = c.length
        for (a, b, start) in [(0.0, 0.5, CGPoint(x: 10, y: 0)), (0.5, 1, CGPoint(x: -10, y: 0)), (0.25, 0.75, CGPoint(x: 0, y: 10))] {
            let half = c.trimmed(from: a, to: b)
            #expect(isClose(half.length, total / 2, 1e-9 * total), "\(a)…\(b)")
            #expect(half.elements.first.map { e in if case .move(let p) = e { isClose(p, start, 1e-9) } else { false } } == true)
            #expect(!half.elements.contains(.close), "a closed subpath kept in part is open")
        }
        // Cut inside a curve: exact at the arc-length parameter, not flattened.
        let tenth = c.trimmed(from: 0.3, to: 0.4)
        #expect(isClose(tenth.length, total / 10, 1e-9 * total))
        #expect(tenth.elements.allSatisfy { if case .line = $0 { false } else { true } })
        #expect(isClose(try #require(tenth.currentPoint), CGPoint(x: 10 * cos(0.8 * .pi), y: 10 * sin(0.8 * .pi)), 0.01))
    }

    @Test func fractionsAreClampedAndEmptyRangesEmpty() {
        let c = circle(10)
        #expect(c.trimmed(from: 0, to: 1) == c)
        #expect(c.trimmed(from: -1, to: 2) == c)
        #expect(c.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(c.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(c.trimmed(from: .nan, to: .nan).isEmpty)
        #expect(Path().trimmed(from: 0.2, to: 0.6).isEmpty)
    }

    @Test func theLengthRunsOverEverySubpathClosingLinesIncluded() throws {
        var two = square(.zero, 10)
        let second = square(CGPoint(x: 20, y: 0), 10)
        two.append(contentsOf: second)
        #expect(two.trimmed(from: 0.5, to: 1) == second) // kept whole: still closed
        #expect(two.trimmed(from: 0, to: 0.25).elements == [.move(.zero), .line(CGPoint(x: 10, y: 0)), .line(CGPoint(x: 10, y: 10))])
        // 0.3125 · 80 = 25 lies on the bottom edge, 0.5 at the end of the first square's closing line.
        let across = two.trimmed(from: 0.3125, to: 0.5625)
        #expect(across.elements == [.move(CGPoint(x: 5, y: 10)), .line(CGPoint(x: 0, y: 10)), .line(.zero),
                                    .move(CGPoint(x: 20, y: 0)), .line(CGPoint(x: 25, y: 0))])

        let l = line(.zero, CGPoint(x: 100, y: 0)).trimmed(from: 0.2, to: 0.7)
        #expect(l.elements.count == 2)
        #expect(isClose(try #require(l.elements.first?.point), CGPoint(x: 20, y: 0)))
        #expect(isClose(try #require(l.currentPoint), CGPoint(x: 70, y: 0)))
    }
}

/// Path.dashed: CAShapeLayer's lineDashPattern and lineDashPhase.
@Suite struct PathDashTests {
    let hundred = line(.zero, CGPoint(x: 100, y: 0))

    func starts(_ p: Path) -> [CGFloat] { pieces(p).compactMap { $0.elements.first?.point?.x } }

    /// Equal lengths within 1e-9 (cutting a line at 7 of 100 gives 7.000000000000001).
    func same(_ a: [CGFloat], _ b: [CGFloat]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { isClose($0, $1) } }
    func same(_ a: [Double], _ b: [CGFloat]) -> Bool { same(a.map { CGFloat($0) }, b) }

    @Test func aPatternWithAPhase() {
        let dashed = hundred.dashed(phase: 3, lengths: [10, 5])
        // On 0–7 (the phase ate 3 of the first dash), then every 15 from 12: the last dash ends at 97.
        #expect(same(pieces(dashed).map(\.length), [7, 10, 10, 10, 10, 10, 10]))
        #expect(same(starts(dashed), [0, 12, 27, 42, 57, 72, 87]))
        #expect(hundred.dashed(phase: -12, lengths: [10, 5]) == dashed) // negative phases wrap
        #expect(hundred.dashed(phase: 18, lengths: [10, 5]) == dashed)
    }

    @Test func oddPatternsRepeatTwiceAndZeroDashesAreDots() {
        let odd = hundred.dashed(phase: 0, lengths: [10])
        #expect(same(starts(odd), [0, 20, 40, 60, 80]))
        #expect(same(pieces(odd).map(\.length), [10, 10, 10, 10, 10]))
        let three = hundred.dashed(phase: 0, lengths: [10, 20, 30]) // on 10 off 20 on 30 off 10 on 20 off 30
        #expect(same(starts(three), [0, 30, 70]))
        #expect(same(pieces(three).map(\.length), [10, 30, 20]))

        let dots = hundred.dashed(phase: 0, lengths: [0, 10])
        #expect(same(starts(dots), [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]))
        #expect(pieces(dots).allSatisfy { $0.elements.count == 2 && $0.length == 0 })
    }

    @Test func invalidPatternsLeaveThePathAlone() {
        for lengths in [[], [0, 0], [-1, 5], [CGFloat.nan, 5], [CGFloat.infinity, 1]] as [[CGFloat]] {
            #expect(hundred.dashed(phase: 0, lengths: lengths) == hundred, "\(lengths)")
        }
        #expect(hundred.dashed(phase: .nan, lengths: [10, 5]) == hundred.dashed(phase: 0, lengths: [10, 5]))
    }

    @Test func curvesAreCutByExactArcLength() {
        let c = circle(10), eighth = c.length / 8
        let dashed = c.dashed(phase: 0, lengths: [eighth, eighth])
        #expect(pieces(dashed).count == 4)
        #expect(pieces(dashed).allSatisfy { isClose($0.length, eighth, 1e-9 * eighth) })
    }

    @Test func closedSubpathsJoinTheirLastDashToTheFirst() throws {
        let s = square(.zero, 10)
        // Phase 2: on 0–3, then 8–13, 18–23, 28–33 and 38–40, which runs on into 0–3 round the corner.
        let dashed = pieces(s.dashed(phase: 2, lengths: [5, 5]))
        #expect(dashed.count == 4)
        #expect(dashed.allSatisfy { isClose($0.length, 5, 1e-12) })
        let wrapped = try #require(dashed.last)
        #expect(wrapped.elements.count == 3)
        #expect(isClose(try #require(wrapped.elements.first?.point), CGPoint(x: 0, y: 2), 1e-12))
        #expect(wrapped.elements[1] == .line(.zero) && wrapped.elements[2] == .line(CGPoint(x: 3, y: 0)))
        // The pattern restarts at each subpath, and a dash longer than the subpath leaves it whole and closed.
        var two = s
        two.append(contentsOf: square(CGPoint(x: 20, y: 0), 10))
        #expect(two.dashed(phase: 0, lengths: [50, 10]) == two)
        #expect(same(starts(two.dashed(phase: 0, lengths: [5, 5])), [0, 10, 10, 0, 20, 30, 30, 20]))
    }

    @Test func theWorkIsBounded() {
        let dashed = hundred.dashed(phase: 0, lengths: [1e-6, 1e-6])
        #expect(pieces(dashed).count == Path.maxDashPieces)
        let long = line(.zero, CGPoint(x: 1e15, y: 0)).dashed(phase: 0, lengths: [1, 1])
        #expect(pieces(long).count == Path.maxDashPieces)
        // Segments whose length is not finite (a point at infinity, or beyond 1e154 where it overflows) are left out.
        for far in [CGFloat.infinity, 1e300] {
            #expect(line(.zero, CGPoint(x: far, y: 0)).dashed(phase: 0, lengths: [1, 1]).isEmpty)
        }
    }
}

extension Path.Element {
    /// A move's or line's point.
    var point: CGPoint? {
        switch self {
        case .move(let p), .line(let p): p
        default: nil
        }
    }
}
