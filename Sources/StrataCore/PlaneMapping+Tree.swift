/// Planes down a layer tree: shared by the client's `convert` and the server's input routing, so both
/// place a point exactly as the server draws the layer.
extension PlaneMapping {
    /// The map from `layer`'s coordinates to the space its root is attached in: each plain superlayer
    /// flattens the plane below it (its `localToParent` then the superlayer's `sublayerToLocal`, z
    /// dropped); a CATransformLayer flattens nothing, so its sublayers carry on in 3D to the next plain
    /// ancestor. `values` gives a layer's values (model or presentation), `superlayer` its superlayer.
    public static func toRootSpace<L>(_ layer: L, values: (L) -> LayerModel, superlayer: (L) -> L?) -> PlaneMapping {
        var mapping = PlaneMapping.identity
        var current: L? = layer
        while let start = current {
            var m = values(start).localToParent
            var c = start
            var next: L?
            while let parent = superlayer(c) {
                let pv = values(parent)
                if pv.hasSublayerSpace { m = m * pv.sublayerToLocal }
                guard pv.kind == .transform else { next = parent; break }
                m = m * pv.localToParent
                c = parent
            }
            mapping = mapping.then(PlaneMapping(m))
            current = next
        }
        return mapping
    }
}
