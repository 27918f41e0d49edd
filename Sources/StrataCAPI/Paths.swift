import CStrataAPI
import Foundation
import Strata

// Paths for C (docs/c-api.md): a CGMutablePath built call by call, under the layer lock (two threads may
// hold one handle), copied into a layer or an animation when set.

enum CPaths {
    /// The most elements a path may hold while it is built (a layer takes at most a commit's 4096).
    static let maxElements = 1 << 16

    static func path(_ handle: OpaquePointer?, _ what: String = "path") throws(CFailure) -> CGMutablePath {
        guard let p = try HandleTable.shared.object(handle, .path, what) as? CGMutablePath else { throw .internalError("\(what) names no path") }
        return p
    }

    /// Adds to a path once its numbers are finite and it has room.
    static func add(_ handle: OpaquePointer?, _ numbers: [Double], _ body: (CGMutablePath) -> Void) throws(CFailure) {
        let p = try path(handle)
        guard numbers.allSatisfy(\.isFinite) else { throw .invalid("every coordinate must be finite") }
        try underLayerLock { () throws(CFailure) in
            guard p.elementCount < maxElements else { throw .limit("the path has \(maxElements) elements") }
            body(p)
        }
    }

    static func point(_ p: strata_point) -> CGPoint { CGPoint(x: p.x, y: p.y) }
    static func rect(_ r: strata_rect) -> CGRect { CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height) }
    static func numbers(_ r: strata_rect) -> [Double] { [r.origin.x, r.origin.y, r.size.width, r.size.height] }

    /// A copy of the path (nil for NULL), taken under the lock.
    static func copy(_ handle: OpaquePointer?) throws(CFailure) -> CGPath? {
        guard handle != nil else { return nil }
        let p = try path(handle)
        return try underLayerLock { () throws(CFailure) in p.copy() }
    }
}

@_cdecl("strata_path_create")
public func strata_path_create(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in try CArgument.out(out).pointee = try HandleTable.shared.retained(CGMutablePath(), .path) }
}

@_cdecl("strata_path_retain")
public func strata_path_retain(_ path: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.retain(path, .path, "path") }
}

@_cdecl("strata_path_release")
public func strata_path_release(_ path: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.release(path, .path, "path") }
}

@_cdecl("strata_path_move_to")
public func strata_path_move_to(_ path: OpaquePointer?, _ point: strata_point) -> strata_status {
    cCall { () throws(CFailure) in try CPaths.add(path, [point.x, point.y]) { $0.move(to: CPaths.point(point)) } }
}

@_cdecl("strata_path_line_to")
public func strata_path_line_to(_ path: OpaquePointer?, _ point: strata_point) -> strata_status {
    cCall { () throws(CFailure) in try CPaths.add(path, [point.x, point.y]) { $0.addLine(to: CPaths.point(point)) } }
}

@_cdecl("strata_path_quad_to")
public func strata_path_quad_to(_ path: OpaquePointer?, _ control: strata_point, _ end: strata_point) -> strata_status {
    cCall { () throws(CFailure) in
        try CPaths.add(path, [control.x, control.y, end.x, end.y]) { $0.addQuadCurve(to: CPaths.point(end), control: CPaths.point(control)) }
    }
}

@_cdecl("strata_path_curve_to")
public func strata_path_curve_to(_ path: OpaquePointer?, _ control1: strata_point, _ control2: strata_point, _ end: strata_point) -> strata_status {
    cCall { () throws(CFailure) in
        try CPaths.add(path, [control1.x, control1.y, control2.x, control2.y, end.x, end.y]) {
            $0.addCurve(to: CPaths.point(end), control1: CPaths.point(control1), control2: CPaths.point(control2))
        }
    }
}

@_cdecl("strata_path_add_arc")
public func strata_path_add_arc(_ path: OpaquePointer?, _ center: strata_point, _ radius: Double, _ startAngle: Double, _ endAngle: Double,
                                _ clockwise: Bool) -> strata_status {
    cCall { () throws(CFailure) in
        guard radius >= 0 else { throw .invalid("radius must be >= 0, not \(radius)") }
        // A sweep of many turns draws as one; its angles must stay where the arc's flattening is exact.
        guard abs(startAngle) <= 1e6, abs(endAngle) <= 1e6, radius <= 1e9 else { throw .invalid("angles past ±1e6 or a radius past 1e9") }
        try CPaths.add(path, [center.x, center.y, radius, startAngle, endAngle]) {
            $0.addArc(center: CPaths.point(center), radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        }
    }
}

@_cdecl("strata_path_add_rect")
public func strata_path_add_rect(_ path: OpaquePointer?, _ rect: strata_rect) -> strata_status {
    cCall { () throws(CFailure) in try CPaths.add(path, CPaths.numbers(rect)) { $0.addRect(CPaths.rect(rect)) } }
}

@_cdecl("strata_path_add_ellipse")
public func strata_path_add_ellipse(_ path: OpaquePointer?, _ rect: strata_rect) -> strata_status {
    cCall { () throws(CFailure) in try CPaths.add(path, CPaths.numbers(rect)) { $0.addEllipse(in: CPaths.rect(rect)) } }
}

@_cdecl("strata_path_add_rounded_rect")
public func strata_path_add_rounded_rect(_ path: OpaquePointer?, _ rect: strata_rect, _ cornerWidth: Double, _ cornerHeight: Double) -> strata_status {
    cCall { () throws(CFailure) in
        guard cornerWidth >= 0, cornerHeight >= 0 else { throw .invalid("corner sizes must be >= 0") }
        try CPaths.add(path, CPaths.numbers(rect) + [cornerWidth, cornerHeight]) {
            $0.addRoundedRect(in: CPaths.rect(rect), cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        }
    }
}

@_cdecl("strata_path_close")
public func strata_path_close(_ path: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try CPaths.add(path, []) { $0.closeSubpath() } }
}

@_cdecl("strata_path_get_bounding_box")
public func strata_path_get_bounding_box(_ path: OpaquePointer?, _ out: UnsafeMutablePointer<strata_rect>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let p = try CPaths.path(path)
        let b = try underLayerLock { () throws(CFailure) in p.boundingBox }
        let r = b.isNull ? CGRect.zero : b
        out.pointee = strata_rect(origin: strata_point(x: Double(r.origin.x), y: Double(r.origin.y)),
                                  size: strata_size(width: Double(r.size.width), height: Double(r.size.height)))
    }
}

@_cdecl("strata_layer_set_path")
public func strata_layer_set_path(_ layer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ path: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        let kp = try CProperties.keyPath(key, on: l)
        guard kp.kind == .path else { throw CFailure(STRATA_VALUE_TYPE, "\(kp) holds \(CProperties.noun(CProperties.kind(kp))), not a path") }
        try CLayers.check(l.setChecked(kp, .path(try CPaths.copy(path)?.model)))
    }
}

@_cdecl("strata_animation_set_path")
public func strata_animation_set_path(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ path: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let a = try CAnimations.animation(animation)
        let name = try CArgument.string(key, "key")
        let copy = try CPaths.copy(path)
        if name == "path" {
            guard let k = a as? CAKeyframeAnimation else { throw CFailure(STRATA_UNKNOWN_KEY, "\(CAnimations.describe(a)) has no path") }
            try underLayerLock { () throws(CFailure) in k.path = copy }
            return
        }
        guard a is CABasicAnimation else { throw CFailure(STRATA_UNKNOWN_KEY, "\(CAnimations.describe(a)) has no \(name)") }
        let kp = try CAnimations.animatedKeyPath(of: a)
        guard kp.kind == .path else { throw CFailure(STRATA_VALUE_TYPE, "\(kp) holds \(CProperties.noun(CProperties.kind(kp))), not a path") }
        try CAnimations.set(animation, key, STRATA_VALUE_OTHER, copy ?? NSNull())
    }
}
