import Foundation

extension Path {
    /// The path as polygons for filling: one point list per subpath (the fill closes each implicitly), its
    /// curves replaced by line segments no further than `tolerance` from them, measured after scaling by
    /// `scale` (the most one unit can stretch to, e.g. target pixels per layer unit). A curve gets at most
    /// `maxSegments` segments, which bounds the work a huge or hostile path can cause. Subpaths of fewer
    /// than three points enclose nothing and are left out; so are non-finite points.
    public func fillPolygons(tolerance: CGFloat, scale: CGFloat, maxSegments: Int = 256) -> [[CGPoint]] {
        let bound = Flattening(tolerance: tolerance, scale: scale, maxSegments: maxSegments)
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        func finish() {
            if current.count >= 3, current.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) { polygons.append(current) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish()
                current = [p]
            case .line(let p):
                current.append(p)
            case let .quad(c, p):
                guard let s = current.last else { current = [p]; continue }
                current += bound.points(PathSegment(points: [s, c, p]))
            case let .cubic(c1, c2, p):
                guard let s = current.last else { current = [p]; continue }
                current += bound.points(PathSegment(points: [s, c1, c2, p]))
            case .close:
                // The next element starts from the subpath's start: Path.append already tracks that, and a
                // line or curve after a close without a move continues a new polygon from there.
                let start = current.first
                finish()
                if let start { current = [start] }
            }
        }
        finish()
        return polygons
    }
}

/// How finely curves are split into lines: the piece count that keeps a segment within `limit` of its
/// curve, shared by filling and stroking.
struct Flattening {
    /// The largest allowed distance from the curve, in path units: the tolerance in target units divided
    /// by the scale.
    let limit: CGFloat
    let maxSegments: Int

    init(tolerance: CGFloat, scale: CGFloat, maxSegments: Int) {
        limit = Self.limit(tolerance: tolerance, scale: scale)
        self.maxSegments = max(maxSegments, 1)
    }

    static func limit(tolerance: CGFloat, scale: CGFloat) -> CGFloat { max(tolerance, 1e-6) / max(scale, 1e-9) }

    /// A uniform split of a curve into n pieces is within |B''|max / (8 n²) of it (the chord error of a
    /// parameter interval h is at most h²/8 · max |B''|). For a quad |B''| = 2|P0 − 2P1 + P2|, for a cubic
    /// at most 6 · max of its two second differences. A line is one piece; a bound too large for `Int`, or
    /// not finite, gives the most.
    func pieces(_ segment: PathSegment) -> Int {
        let p = segment.points
        func length(_ p: CGPoint) -> CGFloat { (p.x * p.x + p.y * p.y).squareRoot() }
        func second(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat { length(CGPoint(x: a.x - 2 * b.x + c.x, y: a.y - 2 * b.y + c.y)) }
        let secondDerivative: CGFloat
        switch p.count {
        case 2: return 1
        case 3: secondDerivative = 2 * second(p[0], p[1], p[2])
        default: secondDerivative = 6 * max(second(p[0], p[1], p[2]), second(p[1], p[2], p[3]))
        }
        let n = (secondDerivative / (8 * limit)).squareRoot().rounded(.up)
        return n < CGFloat(maxSegments) ? max(Int(n), 1) : maxSegments // NaN fails the test too
    }

    /// The points that replace `segment` after its start: `pieces` evenly spaced in its parameter (a
    /// line's end as it is, even after a non-finite start).
    func points(_ segment: PathSegment) -> [CGPoint] {
        if segment.points.count == 2 { return [segment.end] }
        let n = pieces(segment)
        return (1...n).map { segment.point(at: Double($0) / Double(n)) }
    }
}
