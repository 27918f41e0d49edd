import Foundation

/// What a frame should look like, pixel by pixel, for shapes whose geometry a test computes in closed form:
/// a pixel (the square [x, x+1] × [y, y+1]) is decided only where every shape surely covers it whole or
/// surely misses it; pixels on an edge (anti-aliased) are left out.
enum Cover { case inside, outside, unknown }

protocol ScreenShape { func cover(_ x: Int, _ y: Int) -> Cover }

/// How far from an edge a pixel must be to be decided (curves are flattened, edges anti-aliased).
let edgeMargin = 0.1

private func corners(_ x: Int, _ y: Int) -> [CGPoint] {
    let (fx, fy) = (CGFloat(x), CGFloat(y))
    return [CGPoint(x: fx, y: fy), CGPoint(x: fx + 1, y: fy), CGPoint(x: fx, y: fy + 1), CGPoint(x: fx + 1, y: fy + 1)]
}

private func distance(_ a: CGPoint, _ b: CGPoint) -> Double { Double(hypot(a.x - b.x, a.y - b.y)) }

/// The nearest and farthest distances from `c` to the pixel's square.
private func distanceRange(_ x: Int, _ y: Int, from c: CGPoint) -> (Double, Double) {
    let nearest = CGPoint(x: min(max(c.x, CGFloat(x)), CGFloat(x + 1)), y: min(max(c.y, CGFloat(y)), CGFloat(y + 1)))
    return (distance(nearest, c), corners(x, y).map { distance($0, c) }.max() ?? 0)
}

/// A filled circle.
struct Disc: ScreenShape {
    let center: CGPoint, radius: Double
    func cover(_ x: Int, _ y: Int) -> Cover {
        let (near, far) = distanceRange(x, y, from: center)
        if far <= radius - edgeMargin { return .inside }
        if near >= radius + edgeMargin { return .outside }
        return .unknown
    }
}

/// A circle's stroke: the ring between two radii.
struct Annulus: ScreenShape {
    let center: CGPoint, inner: Double, outer: Double
    func cover(_ x: Int, _ y: Int) -> Cover {
        let (near, far) = distanceRange(x, y, from: center)
        if near >= inner + edgeMargin, far <= outer - edgeMargin { return .inside }
        if near >= outer + edgeMargin || far <= inner - edgeMargin { return .outside }
        return .unknown
    }
}

/// A convex polygon, its points in either order round it.
struct ConvexPolygon: ScreenShape {
    let points: [CGPoint]
    /// Each edge as a point on it and its unit normal pointing inside.
    private let edges: [(CGPoint, Double, Double)]

    init(points: [CGPoint]) {
        self.points = points
        let pairs = Array(zip(points, points.dropFirst() + [points[0]]))
        let area = pairs.reduce(0.0) { $0 + Double($1.0.x * $1.1.y - $1.1.x * $1.0.y) }
        let sign = area >= 0 ? 1.0 : -1.0
        edges = pairs.map { a, b in
            let length = distance(a, b)
            return (a, -sign * Double(b.y - a.y) / length, sign * Double(b.x - a.x) / length)
        }
    }

    /// Signed distances of `p` from each edge, positive inside.
    private func insideness(_ p: CGPoint) -> [Double] {
        edges.map { a, nx, ny in nx * Double(p.x - a.x) + ny * Double(p.y - a.y) }
    }

    func cover(_ x: Int, _ y: Int) -> Cover {
        let d = corners(x, y).map(insideness)
        if d.allSatisfy({ $0.allSatisfy { $0 >= edgeMargin } }) { return .inside }
        // Separated by one edge's line: every corner beyond it.
        for edge in points.indices where d.allSatisfy({ $0[edge] <= -edgeMargin }) { return .outside }
        return .unknown
    }
}

/// Sure inside one shape, sure outside another (a rounded rectangle: inside its rectangle inset by the
/// corner radius across or along, outside its whole rectangle).
struct Between: ScreenShape {
    let inner: ScreenShape, outer: ScreenShape
    func cover(_ x: Int, _ y: Int) -> Cover {
        if inner.cover(x, y) == .inside { return .inside }
        if outer.cover(x, y) == .outside { return .outside }
        return .unknown
    }
}

/// Several shapes as one: a pixel is inside when one of them covers it whole.
struct Union: ScreenShape {
    let shapes: [ScreenShape]
    func cover(_ x: Int, _ y: Int) -> Cover {
        let covers = shapes.map { $0.cover(x, y) }
        if covers.contains(.inside) { return .inside }
        return covers.allSatisfy { $0 == .outside } ? .outside : .unknown
    }
}

/// The stroke of a circle's arc with round caps: radius `radius` round `center`, `halfWidth` each side,
/// between stroke fractions `start` and `end` (0…1), where fraction s lies at screen angle `angle(s)`.
struct ArcStroke: ScreenShape {
    let center: CGPoint, radius: Double, halfWidth: Double
    let start: Double, end: Double
    /// The stroke fraction at a screen angle (the inverse of the path's parametrisation), in 0..<1.
    let fraction: (Double) -> Double

    func cover(_ x: Int, _ y: Int) -> Cover {
        let cs = corners(x, y)
        let (near, far) = distanceRange(x, y, from: center)
        let fractions = cs.map { fraction(Double(atan2($0.y - center.y, $0.x - center.x))) }
        let perFraction = 1 / (2 * .pi * radius) // stroke fraction per unit of length along the circle
        func gap(_ s: Double) -> Double { // circular distance from s to [start, end]
            if s >= start && s <= end { return 0 }
            func circular(_ a: Double, _ b: Double) -> Double { let d = abs(a - b); return min(d, 1 - d) }
            return min(circular(s, start), circular(s, end))
        }
        if end > start, near >= radius - halfWidth + edgeMargin, far <= radius + halfWidth - edgeMargin,
           fractions.allSatisfy({ $0 >= start + edgeMargin * perFraction && $0 <= end - edgeMargin * perFraction }) {
            return .inside
        }
        if near >= radius + halfWidth + edgeMargin || far <= radius - halfWidth - edgeMargin { return .outside }
        // Beyond the round caps (which reach halfWidth past each end).
        if fractions.allSatisfy({ gap($0) >= (halfWidth + 2 * edgeMargin) * perFraction }) { return .outside }
        return .unknown
    }
}

/// A shape painted with a colour (straight RGB 0…1) at an opacity.
struct Paint {
    let shape: ScreenShape
    var rgb: [Double] = [1, 1, 1]
    var alpha: Double = 1
}

/// The 8-bit RGBA the paints give over the opaque black background, blended one after another as a GPU
/// does into an 8-bit target (each blend rounded); nil where a shape does not decide the pixel.
func expectedPixel(_ x: Int, _ y: Int, _ paints: [Paint]) -> [Int]? {
    var v = [0.0, 0, 0]
    for p in paints {
        switch p.shape.cover(x, y) {
        case .unknown: return nil
        case .outside: continue
        case .inside: v = (0..<3).map { (255 * p.rgb[$0] * p.alpha + v[$0] * (1 - p.alpha)).rounded() }
        }
    }
    return v.map { Int($0) } + [255]
}

/// The pixels of a region that the paints decide, with their expected values.
func decidedPixels(xs: ClosedRange<Int>, ys: ClosedRange<Int>, _ paints: [Paint]) -> [(x: Int, y: Int, rgba: [Int])] {
    ys.flatMap { y in xs.compactMap { x in expectedPixel(x, y, paints).map { (x, y, $0) } } }
}

/// A description of each decided pixel of a snapshot that differs by more than `tolerance` levels (plus
/// STRATA_PIXEL_TOLERANCE).
func mismatches(_ px: [UInt8], width: Int, _ decided: [(x: Int, y: Int, rgba: [Int])], tolerance: Int) -> [String] {
    let allowed = tolerance + (Int(ProcessInfo.processInfo.environment["STRATA_PIXEL_TOLERANCE"] ?? "") ?? 0)
    return decided.compactMap { p in
        let i = (p.y * width + p.x) * 4
        guard i + 3 < px.count else { return "(\(p.x),\(p.y)) not in the frame" }
        let got = (0..<4).map { Int(px[i + $0]) }
        return zip(got, p.rgba).contains { abs($0 - $1) > allowed } ? "(\(p.x),\(p.y)) \(got) ≠ \(p.rgba)" : nil
    }
}
