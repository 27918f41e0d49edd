import Foundation

/// A layer tree hit testing can walk: the client's layers (model or presentation values) and the
/// server's render nodes (what is on screen) both answer it, so both find the same layer.
public protocol HitTestNode {
    /// The values the test reads (geometry, hidden, masksToBounds, corners, kind, zPosition).
    var hitValues: LayerModel { get }
    var hitSublayers: [Self] { get }
    /// Whether `p` (the node's coordinates) is inside it; the bounds unless the node says otherwise.
    func hitContains(_ p: CGPoint) -> Bool
    /// A tree drawn beneath all its sublayers, in its sublayer space (a host layer's context on the
    /// server): hit after them, whatever its zPosition. nil for most nodes.
    var hitUnderlay: Self? { get }
}

extension HitTestNode {
    public func hitContains(_ p: CGPoint) -> Bool { hitValues.bounds.contains(p) }
    public var hitUnderlay: Self? { nil }
}

/// Core Animation's hitTest: the farthest descendant under a point. Sublayers front to back (the
/// reverse of `PaintersOrder`), a CATransformLayer's by depth, nearest first, through their 3D placement
/// (it has no area of its own); hidden subtrees skipped; with masksToBounds nothing outside the rounded
/// bounds. Points map between planes with `PlaneMapping`, as the server draws them.
public enum HitTesting {
    /// The hit under `p`, a point in the plane `toPlane` (4 × 4, flattened at the end) maps `node`'s
    /// coordinates into (its superlayer's for a plain superlayer), and the point in the hit node's
    /// coordinates.
    public static func hit<N: HitTestNode>(_ node: N, _ p: CGPoint, toPlane: Transform3D) -> (node: N, local: CGPoint)? {
        hitPath(node, p, toPlane: toPlane)?.last
    }

    /// The hit as a path: `node` first, the hit node last, each with `p` in its coordinates (a transform
    /// layer's flattened plane for a CATransformLayer). A node is hit only where `hittable` accepts it
    /// (given the path above it); one it refuses still passes the point on to its sublayers, so a refused
    /// layer is transparent but its sublayers are not.
    public static func hitPath<N: HitTestNode>(_ node: N, _ p: CGPoint, toPlane: Transform3D,
                                               hittable: (N, ArraySlice<(node: N, local: CGPoint)>) -> Bool = { _, _ in true })
        -> [(node: N, local: CGPoint)]? {
        var path: [(node: N, local: CGPoint)] = []
        return walk(node, p, toPlane: toPlane, path: &path, hittable: hittable) ? path : nil
    }

    /// Appends the hit below `node` to `path` and says whether there was one (path unchanged when not).
    private static func walk<N: HitTestNode>(_ node: N, _ p: CGPoint, toPlane: Transform3D, path: inout [(node: N, local: CGPoint)],
                                             hittable: (N, ArraySlice<(node: N, local: CGPoint)>) -> Bool) -> Bool {
        let v = node.hitValues
        guard !v.isHidden else { return false }
        let space = v.hasSublayerSpace ? v.sublayerToLocal : .identity
        let mapped = PlaneMapping(toPlane).inverse?.apply(p)
        if v.kind == .transform {
            let items = node.hitSublayers.enumerated().map { i, s -> (node: N, toPlane: Transform3D, depth: CGFloat, index: Int) in
                let sv = s.hitValues
                return (s, sv.localToParent * space * toPlane, PaintersOrder.depth(of: sv.bounds, toSpace: sv.localToParent * space * v.localToParent), i)
            }
            path.append((node, mapped ?? CGPoint(x: CGFloat.nan, y: .nan)))
            for item in items.sorted(by: { $0.depth != $1.depth ? $0.depth > $1.depth : $0.index > $1.index }) {
                if walk(item.node, p, toPlane: item.toPlane, path: &path, hittable: hittable) { return true }
            }
            path.removeLast()
            return false
        }
        guard let local = mapped else { return false }
        if v.masksToBounds && !insideRoundedBounds(local, v) { return false }
        let subs = node.hitSublayers
        path.append((node, local))
        for i in PaintersOrder.indices(zPositions: subs.map(\.hitValues.zPosition)).reversed() {
            if walk(subs[i], local, toPlane: subs[i].hitValues.localToParent * space, path: &path, hittable: hittable) { return true }
        }
        if let under = node.hitUnderlay, walk(under, local, toPlane: under.hitValues.localToParent * space, path: &path, hittable: hittable) {
            return true
        }
        if node.hitContains(local) && hittable(node, path.dropLast()) { return true }
        path.removeLast()
        return false
    }

    /// The map from a sublayer's coordinates into its superlayer's plane.
    public static func toSuperlayer(_ layer: LayerModel, superlayer: LayerModel?) -> Transform3D {
        guard let s = superlayer, s.hasSublayerSpace else { return layer.localToParent }
        return layer.localToParent * s.sublayerToLocal
    }

    /// Whether `p` is inside the bounds rounded by cornerRadius on maskedCorners, as masksToBounds clips.
    public static func insideRoundedBounds(_ p: CGPoint, _ v: LayerModel) -> Bool {
        let b = v.bounds
        guard b.contains(p) else { return false }
        let r = min(max(0, v.cornerRadius), b.width / 2, b.height / 2)
        guard r > 0 else { return true }
        // Corner bits as maskedCorners: 1 min-x min-y, 2 max-x min-y, 4 min-x max-y, 8 max-x max-y.
        let corners: [(CGPoint, UInt8, Bool, Bool)] = [
            (CGPoint(x: b.minX + r, y: b.minY + r), 1, true, true), (CGPoint(x: b.maxX - r, y: b.minY + r), 2, false, true),
            (CGPoint(x: b.minX + r, y: b.maxY - r), 4, true, false), (CGPoint(x: b.maxX - r, y: b.maxY - r), 8, false, false),
        ]
        for (c, bit, left, top) in corners where v.maskedCorners & bit != 0 {
            let inCorner = (left ? p.x < c.x : p.x > c.x) && (top ? p.y < c.y : p.y > c.y)
            if inCorner && (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y) > r * r { return false }
        }
        return true
    }
}
