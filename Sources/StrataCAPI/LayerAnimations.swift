import CStrataAPI
import Foundation
import Strata

// Animations on layers (docs/c-api.md): a copy runs, as in Core Animation; refusals come from the layer's
// checked form of add(_:forKey:).

@_cdecl("strata_layer_add_animation")
public func strata_layer_add_animation(_ layer: OpaquePointer?, _ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), a = try CAnimations.animation(animation)
        let name = try key.map { k throws(CFailure) in try CArgument.string(k, "key") }
        if let why = try underLayerLock({ () throws(CFailure) in l.addChecked(a, forKey: name) }) { throw .invalid(why) }
    }
}

@_cdecl("strata_layer_remove_animation")
public func strata_layer_remove_animation(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        l.removeAnimation(forKey: try CArgument.string(key, "key"))
    }
}

@_cdecl("strata_layer_remove_all_animations")
public func strata_layer_remove_all_animations(_ layer: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try CLayers.layer(layer).removeAllAnimations() }
}

@_cdecl("strata_layer_has_animation")
public func strata_layer_has_animation(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Bool>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), name = try CArgument.string(key, "key")
        try CArgument.out(out).pointee = l.animation(forKey: name) != nil
    }
}
