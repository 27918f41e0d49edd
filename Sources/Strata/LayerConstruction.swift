import CStrataRuntime
import Foundation

/// Layers made by a class known only at run time, through the class's own initialisers, as Core Animation
/// makes presentation layers (`initWithLayer:`) and UIKit a view's layer (`[[layerClass alloc] init]`).
/// Swift would need a `required` initialiser for this, which every subclass with initialisers of its own
/// must repeat; iOS asks only for `init(layer:)` and `init()` overrides, so the override is found in the
/// class's vtable instead (CStrataRuntime). A class that declares initialisers but not the one needed stops
/// in Swift's "Use of unimplemented initializer" trap, as it crashes on iOS.
package enum LayerConstruction {
    /// A copy of `layer` of its own class, made by that class's `init(layer:)`.
    package static func presentationCopy<Layer: CALayer>(of layer: Layer) -> Layer {
        let argument = UnsafeMutablePointer<Any>.allocate(capacity: 1)
        defer { argument.deallocate() } // the initialiser consumed the value
        argument.initialize(to: layer)
        let made = strata_layer_make_copy(metadata(of: type(of: layer)), argument)
        return Unmanaged<Layer>.fromOpaque(made).takeRetainedValue()
    }

    /// A new layer of class `layerClass`, made by its `init()`.
    package static func newLayer(of layerClass: CALayer.Type) -> CALayer {
        Unmanaged<CALayer>.fromOpaque(strata_layer_make_new(metadata(of: layerClass))).takeRetainedValue()
    }

    /// A class's metatype is the address of its type metadata.
    private static func metadata(of layerClass: CALayer.Type) -> UnsafeRawPointer {
        unsafeBitCast(layerClass, to: UnsafeRawPointer.self)
    }
}

extension LayerConstruction {
    /// A new object of class `objectClass` made by its `init()` (found in the vtable as for layers): UIKit
    /// makes a registered cell class this way, whose `init()` leads to the subclass's own designated
    /// initialiser without Swift's `required`.
    package static func newObject<T: NSObject>(of objectClass: T.Type) -> T {
        Unmanaged<T>.fromOpaque(strata_layer_make_new(unsafeBitCast(objectClass, to: UnsafeRawPointer.self))).takeRetainedValue()
    }
}
