import Foundation
import StrataCore

/// Core Animation's geometry queries over one consistent view of a layer tree: the model values, or,
/// from a presentation layer, every layer's presentation at that layer's time. Points map between planes
/// with StrataCore's `PlaneMapping`, as the server draws them: a sublayer's plane is flattened into its
/// superlayer's (its `localToParent` then the superlayer's `sublayerToLocal`, z dropped), except under a
/// CATransformLayer, whose sublayers share its 3D space until a flattening ancestor. Callers hold LayerLock.
struct GeometryQueries {
    /// The layer asked, on the model side, and the media time of the presentation it was asked through.
    let layer: CALayer
    let time: CFTimeInterval?

    init(_ layer: CALayer) {
        self.layer = layer.presentedLayer ?? layer
        time = layer.isPresentationCopy ? layer.presentationTime : nil
    }

    /// A layer's values in this view.
    func values(_ l: CALayer) -> LayerModel {
        time.map { l.presentationModel(at: $0) } ?? l.modelValues
    }

    /// What the query returns for a model-side layer: itself, or its presentation at this view's time.
    func answer(_ l: CALayer) -> CALayer {
        guard let time else { return l }
        return l.presentation(at: time) ?? l
    }

    // MARK: conversion

    /// The map from `l`'s coordinates to the root space (the space its root is attached in: the output's).
    func toRootSpace(_ l: CALayer) -> PlaneMapping {
        PlaneMapping.toRootSpace(l, values: values, superlayer: \.parent)
    }

    /// `p` in `from`'s coordinates (nil: the root space) in `to`'s (nil: the root space); NaN where a plane
    /// is seen edge-on or the point falls behind the viewer.
    func convert(_ p: CGPoint, from: CALayer?, to: CALayer?) -> CGPoint {
        let nowhere = CGPoint(x: CGFloat.nan, y: .nan)
        return mapping(from: from, to: to)?.apply(p) ?? nowhere
    }

    /// The map from `from`'s coordinates to `to`'s (nil: the root space); nil when `to`'s plane is seen edge-on.
    private func mapping(from: CALayer?, to: CALayer?) -> PlaneMapping? {
        // Between a layer and its superlayer (a view and its superview: what safe areas ask of every view), one
        // step, unless the superlayer is a transform layer (its sublayers share its 3D space).
        if let from, let to, to.parent === from || from.parent === to {
            let (child, parent) = to.parent === from ? (to, from) : (from, to)
            let pv = values(parent)
            if pv.kind != .transform {
                var m = values(child).localToParent
                if pv.hasSublayerSpace { m = m * pv.sublayerToLocal }
                return child === from ? PlaneMapping(m) : PlaneMapping(m).inverse
            }
        }
        let fromRoot = to.map { toRootSpace($0).inverse } ?? .identity
        guard let fromRoot else { return nil }
        return (from.map { toRootSpace($0) } ?? .identity).then(fromRoot)
    }

    /// The bounding box of `r`'s corners converted (null when a corner cannot be). The map is made once for
    /// the four corners (each walk to the root copies every layer's values on the way).
    func convert(_ r: CGRect, from: CALayer?, to: CALayer?) -> CGRect {
        guard let mapping = mapping(from: from, to: to) else { return .null }
        let nowhere = CGPoint(x: CGFloat.nan, y: .nan)
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
            .map { mapping.apply($0) ?? nowhere }
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: hit testing

    /// Sublayers are tried front to back (zPosition, then index; a transform layer's by depth), hidden layers
    /// skipped, and with `masksToBounds` nothing outside the rounded bounds counts.
    /// `hitTest(_:)` of `layer`, `p` in its superlayer's coordinates.
    func hitTest(_ p: CGPoint) -> CALayer? {
        let toParent = HitTesting.toSuperlayer(values(layer), superlayer: layer.parent.map(values))
        return HitTesting.hit(Node(layer: layer, view: self), p, toPlane: toParent)?.node.answer
    }

    /// A layer as hit testing walks it in this view; `contains` is asked of the layer as the view shows it,
    /// so an override and a presentation's bounds apply.
    struct Node: HitTestNode {
        let layer: CALayer
        let view: GeometryQueries
        var hitValues: LayerModel { view.values(layer) }
        var hitSublayers: [Node] { layer.sublayerList.map { Node(layer: $0, view: view) } }
        var answer: CALayer { view.answer(layer) }
        func hitContains(_ p: CGPoint) -> Bool { answer.contains(p) }
    }
}
