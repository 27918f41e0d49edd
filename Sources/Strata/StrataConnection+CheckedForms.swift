import Foundation

/// The connection's calls in forms that return why they refused instead of trapping, for the C API
/// (docs/c-api.md), each check and its action in one `LayerLock.with`.
extension StrataConnection {
    /// Whether the session has ended for good (`close()`, or a session the server ended).
    package var isClosed: Bool { LayerLock.with { link == .ended } }

    /// Attaches `layer` as a root on `output` ("" the primary), or says why not.
    package func attachChecked(_ layer: CALayer, toOutput output: String) -> String? {
        LayerLock.with {
            if link == .ended { return "the connection is closed" }
            if layer.parent != nil { return "attach: the layer has a superlayer" }
            if layer.maskedLayer != nil { return "attach: the layer is another layer's mask" }
            if layer.isPresentationCopy { return "attach: a presentation layer cannot be attached" }
            attach(layer, toOutput: output)
            return nil
        }
    }
}
