import Foundation

/// Layers are observed as NSObjects are (`layer.observe(\.bounds, options: [.new]) { … }`): every change of
/// the model (what `CATransaction` commits) makes the layer's observations look on the main queue.
extension CALayer: _KeyValueCodingAndObserving {
    public var _keyValueObservers: KeyValueObservers {
        LayerLock.with {
            if let made = keyValueObserversStorage { return made }
            let made = KeyValueObservers()
            keyValueObserversStorage = made
            return made
        }
    }
}
