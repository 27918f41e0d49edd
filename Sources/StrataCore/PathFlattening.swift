import Foundation

extension Path {
    /// The path as polygons for filling: one point list per subpath (the fill closes each implicitly), its
    /// curves replaced by line segments no further than `tolerance` from them, measured after scaling by
    /// `scale` (the most one unit can stretch to, e.g. target pixels per layer unit). A curve gets at most
    /// `maxSegments` segments, which bounds the work a huge or hostile path can cause. Subpaths of fewer
    /// than three points enclose nothing and are left out; so are non-finite points.
    public func fillPolygons(tolerance: CGFloat, scale: CGFloat, maxSegments: Int = 256) -> [[CGPoint]] {
        // A uniform split of a curve into n pieces is within |B''|max / (8 n²) of it (the chord error of a
        // parameter interval h is at most h²/8 · max |B''|). For a quad |B''| = 2|P0 − 2P1 + P2|, for a cubic
        // at most 6 · max of its two second differences.
        let limit = max(tolerance, 1e-6) / max(scale, 1e-9)
        func pieces(_ secondDerivative: CGFloat) -> Int {
            let n = (secondDerivative / (8 * limit)).squareRoot().rounded(.up)
            return n.isFinite ? min(max(Int(n), 1), maxSegments) : maxSegments
        }
        func length(_ p: CGPoint) -> CGFloat { (p.x * p.x + p.y * p.y).squareRoot() }
        func second(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGPoint { CGPoint(x: a.x - 2 * b.x + c.x, y: a.y - 2 * b.y + c.y) }

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
                let segment = PathSegment(points: [s, c, p])
                let n = pieces(2 * length(second(s, c, p)))
                for i in 1...n { current.append(segment.point(at: Double(i) / Double(n))) }
            case let .cubic(c1, c2, p):
                guard let s = current.last else { current = [p]; continue }
                let segment = PathSegment(points: [s, c1, c2, p])
                let n = pieces(6 * max(length(second(s, c1, c2)), length(second(c1, c2, p))))
                for i in 1...n { current.append(segment.point(at: Double(i) / Double(n))) }
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
