import Foundation
import StrataCore

/// Converting points and rectangles between layers (Core Animation's convert(_:from:) and
/// convert(_:to:)), through every transform, sublayerTransform, anchor point and geometryFlipped on the
/// way, perspective included. nil is the root space (the output's, where roots are attached). On a
/// `presentation()` layer the presentation values of every layer involved are used.
extension CALayer {
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(p, from: layer.map(q.modelSide), to: q.layer) }
    }

    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(p, from: q.layer, to: layer.map(q.modelSide)) }
    }

    /// The bounding box of the converted corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(r, from: layer.map(q.modelSide), to: q.layer) }
    }

    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        LayerLock.with { let q = GeometryQueries(self); return q.convert(r, from: q.layer, to: layer.map(q.modelSide)) }
    }

    /// The values geometry queries read on this layer: its model, or a presentation layer's own values.
    func geometryValues() -> LayerModel { LayerLock.with { modelValues } }
}

extension GeometryQueries {
    /// Another layer as this view sees it (a presentation layer stands for its model).
    func modelSide(_ l: CALayer) -> CALayer { l.presentedLayer ?? l }
}
