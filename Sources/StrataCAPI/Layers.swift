import CStrataAPI
import Strata
import StrataCore

/// Layer handles: making layers of each class, references, and the layer tree (docs/c-api.md).
enum CLayers {
    /// The class each `strata_layer_kind` makes.
    static func layerClass(_ kind: Int32) throws(CFailure) -> CALayer.Type {
        guard let k = UInt8(exactly: kind).flatMap(LayerKind.init(rawValue:)) else {
            throw .invalid("kind \(kind) is not a strata_layer_kind (0 to \(LayerKind.allCases.count - 1))")
        }
        switch k {
        case .layer: return CALayer.self
        case .transform: return CATransformLayer.self
        case .shape: return CAShapeLayer.self
        case .gradient: return CAGradientLayer.self
        case .replicator: return CAReplicatorLayer.self
        case .text: return CATextLayer.self
        case .scroll: return CAScrollLayer.self
        case .emitter: return CAEmitterLayer.self
        case .host: return StrataLayerHost.self
        case .tiled: throw CFailure(STRATA_UNSUPPORTED, "unsupported: CATiledLayer from C (its tiles are drawn by a Swift draw(in:))")
        }
    }

    static func layer(_ handle: OpaquePointer?, _ what: String = "layer") throws(CFailure) -> CALayer {
        guard let layer = try HandleTable.shared.object(handle, .layer, what) as? CALayer else {
            throw .internalError("\(what) names no layer")
        }
        return layer
    }

    /// A layer handle where NULL means none.
    static func optionalLayer(_ handle: OpaquePointer?, _ what: String) throws(CFailure) -> CALayer? {
        guard handle != nil else { return nil }
        return try layer(handle, what)
    }

    /// Writes a new reference to `layer` (or NULL) through `out`.
    static func give(_ layer: CALayer?, _ out: UnsafeMutablePointer<OpaquePointer?>) throws(CFailure) {
        out.pointee = try layer.map { l throws(CFailure) in try HandleTable.shared.retained(l, .layer) } ?? nil
    }

    /// A refusal from the checked forms, as its status.
    static func check(_ refusal: CALayer.Refusal?) throws(CFailure) {
        switch refusal {
        case nil: return
        case let .notCarried(why)?: throw CFailure(STRATA_UNKNOWN_KEY, why)
        case let .invalidValue(why)?: throw .invalid(why)
        case let .invalidState(why)?: throw .state(why)
        }
    }
}

@_cdecl("strata_layer_create")
public func strata_layer_create(_ kind: strata_layer_kind, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let made = LayerConstruction.newLayer(of: try CLayers.layerClass(kind))
        out.pointee = try HandleTable.shared.retained(made, .layer)
    }
}

@_cdecl("strata_layer_retain")
public func strata_layer_retain(_ layer: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.retain(layer, .layer, "layer") }
}

@_cdecl("strata_layer_release")
public func strata_layer_release(_ layer: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.release(layer, .layer, "layer") }
}

@_cdecl("strata_layer_get_kind")
public func strata_layer_get_kind(_ layer: OpaquePointer?, _ out: UnsafeMutablePointer<strata_layer_kind>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        try CArgument.out(out).pointee = Int32(l.layerKind.rawValue)
    }
}

@_cdecl("strata_layer_is_same")
public func strata_layer_is_same(_ layer: OpaquePointer?, _ other: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> strata_status {
    cCall { () throws(CFailure) in
        let a = try CLayers.layer(layer), b = try CLayers.layer(other, "other")
        try CArgument.out(out).pointee = a === b
    }
}

@_cdecl("strata_layer_add_sublayer")
public func strata_layer_add_sublayer(_ layer: OpaquePointer?, _ sublayer: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let parent = try CLayers.layer(layer), child = try CLayers.layer(sublayer, "sublayer")
        try CLayers.check(parent.insertChecked(child, at: nil))
    }
}

@_cdecl("strata_layer_insert_sublayer_at")
public func strata_layer_insert_sublayer_at(_ layer: OpaquePointer?, _ sublayer: OpaquePointer?, _ index: Int) -> strata_status {
    cCall { () throws(CFailure) in
        let parent = try CLayers.layer(layer), child = try CLayers.layer(sublayer, "sublayer")
        try CLayers.check(parent.insertChecked(child, at: index))
    }
}

@_cdecl("strata_layer_insert_sublayer_below")
public func strata_layer_insert_sublayer_below(_ layer: OpaquePointer?, _ sublayer: OpaquePointer?, _ sibling: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let parent = try CLayers.layer(layer), child = try CLayers.layer(sublayer, "sublayer")
        try CLayers.check(parent.insertChecked(child, nextTo: try CLayers.optionalLayer(sibling, "sibling"), above: false))
    }
}

@_cdecl("strata_layer_insert_sublayer_above")
public func strata_layer_insert_sublayer_above(_ layer: OpaquePointer?, _ sublayer: OpaquePointer?, _ sibling: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let parent = try CLayers.layer(layer), child = try CLayers.layer(sublayer, "sublayer")
        try CLayers.check(parent.insertChecked(child, nextTo: try CLayers.optionalLayer(sibling, "sibling"), above: true))
    }
}

@_cdecl("strata_layer_replace_sublayer")
public func strata_layer_replace_sublayer(_ layer: OpaquePointer?, _ oldSublayer: OpaquePointer?, _ newSublayer: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let parent = try CLayers.layer(layer)
        let old = try CLayers.layer(oldSublayer, "old_sublayer"), new = try CLayers.layer(newSublayer, "new_sublayer")
        try CLayers.check(parent.replaceChecked(old, with: new))
    }
}

@_cdecl("strata_layer_remove_from_superlayer")
public func strata_layer_remove_from_superlayer(_ layer: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try CLayers.layer(layer).removeFromSuperlayer() }
}

@_cdecl("strata_layer_get_sublayer_count")
public func strata_layer_get_sublayer_count(_ layer: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        try CArgument.out(out).pointee = l.sublayers?.count ?? 0
    }
}

@_cdecl("strata_layer_copy_sublayer")
public func strata_layer_copy_sublayer(_ layer: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), out = try CArgument.out(out)
        let list = l.sublayers ?? []
        guard index >= 0, index < list.count else {
            throw .invalid("index \(UInt(bitPattern: index)) is past the \(list.count) sublayers")
        }
        try CLayers.give(list[index], out)
    }
}

@_cdecl("strata_layer_copy_superlayer")
public func strata_layer_copy_superlayer(_ layer: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), out = try CArgument.out(out)
        try CLayers.give(l.superlayer, out)
    }
}

@_cdecl("strata_layer_set_mask")
public func strata_layer_set_mask(_ layer: OpaquePointer?, _ mask: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        try CLayers.check(l.setMaskChecked(try CLayers.optionalLayer(mask, "mask")))
    }
}

@_cdecl("strata_layer_copy_mask")
public func strata_layer_copy_mask(_ layer: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), out = try CArgument.out(out)
        try CLayers.give(l.mask, out)
    }
}
