import Foundation
import StrataCore

/// An outline in the flat form `coverage_trim.glsl` reads (RGBA32F texels, `width` to a texture row): a
/// trimmable stroke (`TrimmableStroke`) or fixed polygons (a fill, or a stroke trimmed when the list was
/// built). Points first (three texels each), each contour's followed by a copy of its first point that
/// closes it (marked: no edge leaves it), so every edge joins consecutive points; then pieces (two each),
/// then vertices (one each). GL-free: made where the draw list is built.
public struct OutlineTexels: Sendable {
    public static let width = 1024
    /// Texels an outline may take (16 MiB): a larger one is drawn on the CPU.
    public static let maxTexels = 1 << 20

    public private(set) var data: [Float] = []
    /// Where points, pieces and vertices begin (texels).
    public private(set) var bases: (points: Int32, pieces: Int32, vertices: Int32) = (0, 0, 0)
    /// Points, closing copies included.
    public private(set) var pointCount = 0
    public private(set) var length: Float = 0
    public private(set) var half: Float = 0
    /// A box (layer units) holding every point the outline can take, whatever the trim.
    public private(set) var bounds = CGRect.null

    public var rows: Int { (data.count / 4 + Self.width - 1) / Self.width }
    /// `data` padded to whole texture rows.
    public var paddedData: [Float] { data + [Float](repeating: 0, count: rows * Self.width * 4 - data.count) }

    /// Nil when it would take more than `maxTexels`.
    public init?(stroke: TrimmableStroke) {
        let points = stroke.points.count + stroke.contours.count
        guard points * 3 + stroke.pieces.count * 2 + stroke.vertices.count <= Self.maxTexels else { return nil }
        length = Float(stroke.length)
        half = Float(stroke.half)
        data.reserveCapacity((points * 3 + stroke.pieces.count * 2 + stroke.vertices.count) * 4)
        for contour in stroke.contours {
            let order = Array(contour.points) + [contour.points.lowerBound]
            for (k, i) in order.enumerated() {
                let p = stroke.points[i]
                texel(p.position.x, p.position.y, p.arc, Double(p.kind.rawValue))
                texel(p.alternative.x, p.alternative.y, p.reach, Double(contour.piece))
                texel(p.previousArc, p.nextArc, k == order.count - 1 ? 1 : 0, Double(contour.form.rawValue))
                switch p.kind {
                case .fixed, .left, .right: include(p.position)
                case .innerLeft, .innerRight: include(p.position); include(p.alternative)
                case .endCap, .startCap: break // within the reach of a vertex box, below
                }
            }
        }
        pointCount = points
        bases.pieces = Int32(data.count / 4)
        for piece in stroke.pieces {
            texel(piece.start, piece.end, Double(piece.vertices.lowerBound), Double(piece.vertices.count))
            texel(piece.closed ? 1 : 0, 0, 0, 0)
        }
        bases.vertices = Int32(data.count / 4)
        // A cut lies on the line; its side and cap points within half a width (a square cap's corner
        // half·√2) of it.
        var lines = CGRect.null
        for v in stroke.vertices {
            texel(v.point.x, v.point.y, v.arc, 0)
            lines = lines.union(CGRect(origin: v.point, size: .zero))
        }
        let reach = stroke.half * 2.squareRoot() + 1e-3 * max(1, stroke.half)
        bounds = bounds.union(lines.insetBy(dx: -reach, dy: -reach))
    }

    /// Fixed polygons (each implicitly closed), always drawn; nil when they would take more than
    /// `maxTexels`. Polygons with a non-finite point or fewer than two points are left out.
    public init?(polygons: [[CGPoint]]) {
        let kept = polygons.filter { $0.count >= 2 && $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        let count = kept.reduce(0) { $0 + $1.count + 1 }
        guard count * 3 <= Self.maxTexels else { return nil }
        data.reserveCapacity(count * 12)
        for polygon in kept {
            for (k, p) in (polygon + polygon.prefix(1)).enumerated() {
                texel(p.x, p.y, 0, 0)
                texel(0, 0, 0, 0)
                texel(0, 0, k == polygon.count ? 1 : 0, Double(TrimmableStroke.Form.always.rawValue))
                include(p)
            }
        }
        pointCount = count
        bases.pieces = Int32(data.count / 4)
        bases.vertices = bases.pieces
    }

    private mutating func texel(_ x: Double, _ y: Double, _ z: Double, _ w: Double) {
        data.append(Float(x)); data.append(Float(y)); data.append(Float(z)); data.append(Float(w))
    }

    private mutating func include(_ p: CGPoint) {
        bounds = bounds.union(CGRect(origin: p, size: .zero))
    }
}
