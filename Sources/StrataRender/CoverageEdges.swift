import Foundation

/// CoverageFill's CPU half: which polygons are drawn, the pixels the fill may touch (its region) and the
/// edges as instance data, clipped to the region, so that what reaches the GPU is small and finite
/// whatever a client sent and geometry off-screen costs no fragments. Window pixels throughout: x right,
/// y up from the framebuffer's bottom edge (PixelRect used with that orientation).
struct CoverageEdges {
    /// Points are clamped to ±this (pixels) before any arithmetic, so no difference of coordinates can
    /// overflow; geometry that far out is meaningless for a framebuffer of at most 16384 pixels.
    static let coordinateLimit = Double(1 << 40)

    /// Four floats per edge, x0, y0, x1, y1, in the edge's direction (its sign); reused between fills.
    private(set) var data: [Float] = []
    var count: Int { data.count / 4 }
    /// Per polygon looked at: whether it is drawn (reused scratch).
    private var accepted: [Bool] = []

    private struct Bounds { var x0: Double, y0: Double, x1: Double, y1: Double }

    /// Builds the edges of `polygons` (each implicitly closed) and returns the region: their bounding box
    /// grown by a pixel (partly covered pixels and rounding), within `clip`; empty when there is nothing to
    /// draw. A polygon with a non-finite point, or fewer than two points, is skipped. Polygons are looked
    /// at in order while their points (one edge each) add up to at most `maxEdges`: the one that would
    /// pass it and all after it are left out whole, so every polygon drawn is closed.
    mutating func build(_ polygons: [[CGPoint]], maxEdges: Int, clip: PixelRect) -> PixelRect {
        data.removeAll(keepingCapacity: true)
        accepted.removeAll(keepingCapacity: true)
        var budget = maxEdges
        var box = Bounds(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)
        for polygon in polygons {
            // Counted before the points are read, so a hostile list costs at most maxEdges reads.
            guard polygon.count <= budget else { break }
            budget -= polygon.count
            let ok = polygon.count >= 2 && polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite }
            accepted.append(ok)
            guard ok else { continue }
            for point in polygon {
                let p = Self.clamped(point)
                box.x0 = min(box.x0, p.x); box.y0 = min(box.y0, p.y)
                box.x1 = max(box.x1, p.x); box.y1 = max(box.y1, p.y)
            }
        }
        guard box.x0 <= box.x1, box.y0 <= box.y1 else { return .empty }
        let x0 = Int(box.x0.rounded(.down)) - 1, y0 = Int(box.y0.rounded(.down)) - 1
        let x1 = Int(box.x1.rounded(.up)) + 1, y1 = Int(box.y1.rounded(.up)) + 1
        let region = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(clip)
        guard !region.isEmpty else { return .empty }

        let r = Bounds(x0: Double(region.x), y0: Double(region.y), x1: Double(region.maxX), y1: Double(region.maxY))
        for (polygon, ok) in zip(polygons, accepted) where ok {
            guard let last = polygon.last else { continue }
            var previous = Self.clamped(last)
            for point in polygon {
                let p = Self.clamped(point)
                appendClipped(previous, p, to: r)
                previous = p
            }
        }
        return region
    }

    private static func clamped(_ p: CGPoint) -> (x: Double, y: Double) {
        (min(max(Double(p.x), -coordinateLimit), coordinateLimit), min(max(Double(p.y), -coordinateLimit), coordinateLimit))
    }

    /// Appends the part of edge a → b that changes the region's sums. Only the rows inside the region
    /// matter; in them, a part right of the region adds nothing to its pixels (they lie left of it), and a
    /// part left of it adds each row's whole share to every pixel, exactly as a vertical edge on the
    /// region's left boundary does: so the edge becomes at most that vertical piece plus the piece inside.
    private mutating func appendClipped(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), to r: Bounds) {
        guard a.y != b.y else { return } // horizontal: no row has a part of it
        let up = b.y > a.y
        let (lo, hi) = up ? (a, b) : (b, a)
        guard hi.y > r.y0, lo.y < r.y1 else { return }
        func x(atY y: Double) -> Double {
            y == lo.y ? lo.x : (y == hi.y ? hi.x : lo.x + (hi.x - lo.x) * ((y - lo.y) / (hi.y - lo.y)))
        }
        let ya = max(lo.y, r.y0), yb = min(hi.y, r.y1)
        var p = (x: x(atY: ya), y: ya), q = (x: x(atY: yb), y: yb)
        if min(p.x, q.x) >= r.x1 { return }
        if max(p.x, q.x) <= r.x0 {
            emit((r.x0, p.y), (r.x0, q.y), up: up)
            return
        }
        // The segment is monotone in x, so each boundary is crossed at most once (and p.x ≠ q.x here).
        func y(atX x: Double) -> Double { min(max(p.y + (q.y - p.y) * ((x - p.x) / (q.x - p.x)), p.y), q.y) }
        if min(p.x, q.x) < r.x0 {
            let yc = y(atX: r.x0)
            if p.x < r.x0 {
                emit((r.x0, p.y), (r.x0, yc), up: up)
                p = (r.x0, yc)
            } else {
                emit((r.x0, yc), (r.x0, q.y), up: up)
                q = (r.x0, yc)
            }
        }
        if max(p.x, q.x) > r.x1 {
            let yc = y(atX: r.x1)
            if p.x > r.x1 { p = (r.x1, yc) } else { q = (r.x1, yc) }
        }
        emit(p, q, up: up)
    }

    /// Appends the piece from lower point p to upper point q, in the original edge's direction. A piece
    /// whose ends round to one float height has no rows and is dropped.
    private mutating func emit(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), up: Bool) {
        let px = Float(p.x), py = Float(p.y), qx = Float(q.x), qy = Float(q.y)
        guard py < qy else { return }
        if up {
            data.append(px); data.append(py); data.append(qx); data.append(qy)
        } else {
            data.append(qx); data.append(qy); data.append(px); data.append(py)
        }
    }
}
