import Foundation
import StrataCore
import StrataPNG
import Testing

/// `cornerCurve = .continuous` against Apple's continuous corner as measured (UIBezierPath's: per corner three
/// cubic Béziers reaching 1.52866483 r along each edge), filled here on the CPU by supersampling the path:
/// the GPU's superellipse stays within a fraction of a pixel of it.
@Suite struct ContinuousCornerTests {
    /// The measured corner's points, from the corner, along the edges: (along the first edge, away from the second).
    static let corner: [(CGFloat, CGFloat)] = [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600),
                                               (0.37282392, 0.16250267), (0.16250267, 0.37282392), (0.06549600, 0.66993427),
                                               (0, 0.86840689), (0, 1.08849323), (0, 1.52866483)]

    /// The continuous rounded rectangle `rect` of corner radius `r`, as UIBezierPath draws it, each Bézier cut
    /// into 64 lines.
    static func polygon(_ rect: CGRect, radius r: CGFloat) -> [CGPoint] {
        var polygon: [CGPoint] = []
        // Each corner: its point and the directions of its two edges (towards the previous corner, then the next).
        let corners: [(CGPoint, CGPoint, CGPoint)] = [
            (CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1)),
            (CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0)),
            (CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1)),
            (CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0)),
        ]
        for (n, (c, u, v)) in corners.enumerated() {
            let points = Self.corner.map { a, b in CGPoint(x: c.x + (u.x * a + v.x * b) * r, y: c.y + (u.y * a + v.y * b) * r) }
            _ = n
            for i in stride(from: 0, to: 9, by: 3) {
                let (p0, p1, p2, p3) = (points[i], points[i + 1], points[i + 2], points[i + 3])
                for k in 0..<64 {
                    let t = CGFloat(k) / 64, m = 1 - t
                    polygon.append(CGPoint(x: m * m * m * p0.x + 3 * m * m * t * p1.x + 3 * m * t * t * p2.x + t * t * t * p3.x,
                                           y: m * m * m * p0.y + 3 * m * m * t * p1.y + 3 * m * t * t * p2.y + t * t * t * p3.y))
                }
            }
            polygon.append(points[9])
        }
        return polygon
    }

    /// Whether `p` lies inside `polygon` (crossings of a ray to the right).
    static func inside(_ p: CGPoint, _ polygon: [CGPoint]) -> Bool {
        var crossings = 0
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { crossings += 1 }
            j = i
        }
        return crossings % 2 == 1
    }

    @Test(arguments: [12.0, 24.0, 40.0])
    func aContinuousCornerIsApplesCurve(radius: Double) throws {
        let rect = CGRect(x: 10, y: 10, width: 160, height: 140)
        let image = try Golden.render("""
            {"strata":1,"size":[180,160],"background":"#000000","layers":[
             {"id":"a","bounds":[0,0,160,140],"position":[90,80],"cornerRadius":\(radius),"cornerCurve":"continuous","backgroundColor":"#FFFFFF"}]}
            """)
        let polygon = Self.polygon(rect, radius: CGFloat(radius))
        var worst = 0.0, total = 0.0, count = 0
        // The corners' squares, where the curve lies: 8 × 8 samples a pixel.
        let reach = Int((1.6 * radius).rounded(.up)) + 2
        for (cx, cy) in [(10, 10), (170 - reach, 10), (10, 150 - reach), (170 - reach, 150 - reach)] {
            for y in cy..<(cy + reach) {
                for x in cx..<(cx + reach) {
                    var inside = 0
                    for sy in 0..<8 { for sx in 0..<8 {
                        let p = CGPoint(x: CGFloat(x) + (CGFloat(sx) + 0.5) / 8, y: CGFloat(y) + (CGFloat(sy) + 0.5) / 8)
                        if Self.inside(p, polygon) { inside += 1 }
                    } }
                    let expected = 255 * Double(inside) / 64
                    let got = Double(image.pixels[(y * 180 + x) * 4])
                    worst = max(worst, abs(got - expected))
                    total += abs(got - expected)
                    count += 1
                }
            }
        }
        let mean = total / Double(count)
        // A pixel straddling the curve is covered as the GPU's one-pixel ramp says, the 64 samples as the
        // curve cuts it: they differ by a few levels, the curve's fit (0.00044 r) adding nothing visible.
        #expect(worst <= 40 && mean <= 1.5, "r \(radius): worst \(worst), mean \(mean)")
    }

    /// Continuous corners beside circular ones, with a border and a shadow; and a continuous masksToBounds clip
    /// (three corners rounded) cutting a turned sublayer.
    @Test func matchesTheGoldenImage() throws {
        try Golden.expectMatches(try Golden.renderFile("corners/continuous.json"), "corners/continuous-t0.png")
    }

    @Test func circularCornersStayCircular() throws {
        let image = try Golden.render("""
            {"strata":1,"size":[60,60],"background":"#000000","layers":[
             {"id":"a","bounds":[0,0,40,40],"position":[30,30],"cornerRadius":20,"backgroundColor":"#FFFFFF"}]}
            """)
        // A circle of radius 20 centred at (30, 30): the pixel at 45° on it, (30 − 14.14, 30 − 14.14), is half covered.
        let x = 30 - 14, y = 30 - 15
        let v = Int(image.pixels[(y * 60 + x) * 4])
        #expect((60...200).contains(v), "\(v)")
    }
}
