import Foundation
import StrataCore

/// Converting points and rectangles between layers (Core Animation's convert(_:from:) and
/// convert(_:to:)), through every transform, sublayerTransform, anchor point and geometryFlipped on the
/// way, perspective included. nil is the root space (the output's, where roots are attached). On a
/// `presentation()` layer the presentation values of every layer involved are used.
extension CALayer {
    /// The values geometry queries read on this layer: its model, or a presentation layer's own values.
    func geometryValues() -> LayerModel { LayerLock.with { modelValues } }

    /// Runs a conversion with this layer's geometry queries, under the layer lock.
    func converting<T>(_ body: (GeometryQueries) -> T) -> T { LayerLock.with { body(GeometryQueries(self)) } }
}

extension GeometryQueries {
    /// Another layer as this view sees it (a presentation layer stands for its model).
    func modelSide(_ l: CALayer) -> CALayer { l.presentedLayer ?? l }
}
