import CStrataAPI
import Foundation
import Strata
import StrataCore

// The strata_layer_set_<kind> and _get_<kind> functions (docs/c-api.md): each checks the key against the
// table (CProperties) and converts between C's structs and Strata's values.

@_cdecl("strata_layer_set_number")
public func strata_layer_set_number(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Double) -> strata_status {
    cCall { () throws(CFailure) in try CProperties.set(layer, key, STRATA_VALUE_NUMBER) { _ in .scalar(CGFloat(value)) } }
}

@_cdecl("strata_layer_get_number")
public func strata_layer_get_number(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_NUMBER)
        let x: CGFloat = try CProperties.extract(v, kp) { if case let .scalar(x) = $0 { x } else { nil } }
        out.pointee = Double(x)
    }
}

@_cdecl("strata_layer_set_bool")
public func strata_layer_set_bool(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Bool) -> strata_status {
    cCall { () throws(CFailure) in try CProperties.set(layer, key, STRATA_VALUE_BOOL) { _ in .bool(value) } }
}

@_cdecl("strata_layer_get_bool")
public func strata_layer_get_bool(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Bool>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_BOOL)
        out.pointee = try CProperties.extract(v, kp) { if case let .bool(b) = $0 { b } else { nil } }
    }
}

@_cdecl("strata_layer_set_point")
public func strata_layer_set_point(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_point) -> strata_status {
    cCall { () throws(CFailure) in try CProperties.set(layer, key, STRATA_VALUE_POINT) { _ in .point(CGPoint(x: value.x, y: value.y)) } }
}

@_cdecl("strata_layer_get_point")
public func strata_layer_get_point(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<strata_point>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_POINT)
        let p = try CProperties.extract(v, kp) { if case let .point(p) = $0 { p } else { nil } }
        out.pointee = strata_point(x: Double(p.x), y: Double(p.y))
    }
}

@_cdecl("strata_layer_set_size")
public func strata_layer_set_size(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_size) -> strata_status {
    cCall { () throws(CFailure) in
        try CProperties.set(layer, key, STRATA_VALUE_SIZE) { _ in .size(CGSize(width: value.width, height: value.height)) }
    }
}

@_cdecl("strata_layer_get_size")
public func strata_layer_get_size(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<strata_size>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_SIZE)
        let s = try CProperties.extract(v, kp) { if case let .size(s) = $0 { s } else { nil } }
        out.pointee = strata_size(width: Double(s.width), height: Double(s.height))
    }
}

@_cdecl("strata_layer_set_rect")
public func strata_layer_set_rect(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_rect) -> strata_status {
    cCall { () throws(CFailure) in
        try CProperties.set(layer, key, STRATA_VALUE_RECT) { _ in
            .rect(CGRect(x: value.origin.x, y: value.origin.y, width: value.size.width, height: value.size.height))
        }
    }
}

@_cdecl("strata_layer_get_rect")
public func strata_layer_get_rect(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<strata_rect>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_RECT)
        let r = try CProperties.extract(v, kp) { if case let .rect(r) = $0 { r } else { nil } }
        out.pointee = strata_rect(origin: strata_point(x: Double(r.origin.x), y: Double(r.origin.y)),
                                  size: strata_size(width: Double(r.size.width), height: Double(r.size.height)))
    }
}

@_cdecl("strata_layer_set_transform")
public func strata_layer_set_transform(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<strata_transform>?) -> strata_status {
    cCall { () throws(CFailure) in
        guard let t = value?.pointee else { throw .invalid("value is NULL") }
        try CProperties.set(layer, key, STRATA_VALUE_TRANSFORM) { _ in .transform(CTransform.model(t)) }
    }
}

@_cdecl("strata_layer_get_transform")
public func strata_layer_get_transform(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<strata_transform>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_TRANSFORM)
        out.pointee = CTransform.c(try CProperties.extract(v, kp) { if case let .transform(t) = $0 { t } else { nil } })
    }
}

@_cdecl("strata_layer_set_color")
public func strata_layer_set_color(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_color) -> strata_status {
    cCall { () throws(CFailure) in try CProperties.set(layer, key, STRATA_VALUE_COLOR) { _ in .color(CProperties.color(value)) } }
}

@_cdecl("strata_layer_get_color")
public func strata_layer_get_color(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<strata_color>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_COLOR)
        out.pointee = CProperties.color(try CProperties.extract(v, kp) { if case let .color(c) = $0 { Optional(c) } else { nil } })
    }
}

@_cdecl("strata_layer_set_numbers")
public func strata_layer_set_numbers(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ values: UnsafePointer<Double>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        let list = try CArgument.list(values, count, "values")
        try CProperties.set(layer, key, STRATA_VALUE_NUMBERS) { _ in .numbers(list.map { CGFloat($0) }) }
    }
}

@_cdecl("strata_layer_get_numbers")
public func strata_layer_get_numbers(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?,
                                     _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> strata_status {
    cCall { () throws(CFailure) in
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_NUMBERS)
        let list = try CProperties.extract(v, kp) { if case let .numbers(n) = $0 { n ?? [] } else { nil } }
        try CProperties.copyOut(list.map { Double($0) }, out, capacity, count)
    }
}

@_cdecl("strata_layer_set_colors")
public func strata_layer_set_colors(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ values: UnsafePointer<strata_color>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        let list = try CArgument.list(values, count, "values")
        try CProperties.set(layer, key, STRATA_VALUE_COLORS) { _ in .colors(list.map(CProperties.color)) }
    }
}

@_cdecl("strata_layer_get_colors")
public func strata_layer_get_colors(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<strata_color>?,
                                    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> strata_status {
    cCall { () throws(CFailure) in
        let (kp, v) = try CProperties.get(layer, key, STRATA_VALUE_COLORS)
        let list = try CProperties.extract(v, kp) { if case let .colors(c) = $0 { c ?? [] } else { nil } }
        try CProperties.copyOut(list.map { CProperties.color($0) }, out, capacity, count)
    }
}

/// Converts between `strata_transform` and Strata's `Transform3D` (both CATransform3D's order).
enum CTransform {
    static func model(_ t: strata_transform) -> Transform3D {
        Transform3D(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22, m23: t.m23, m24: t.m24,
                    m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34, m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44)
    }

    static func c(_ t: Transform3D) -> strata_transform {
        strata_transform(m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m13), m14: Double(t.m14),
                         m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m23), m24: Double(t.m24),
                         m31: Double(t.m31), m32: Double(t.m32), m33: Double(t.m33), m34: Double(t.m34),
                         m41: Double(t.m41), m42: Double(t.m42), m43: Double(t.m43), m44: Double(t.m44))
    }
}
