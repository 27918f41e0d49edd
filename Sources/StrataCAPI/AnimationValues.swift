import CStrataAPI
import Foundation
import Strata
import StrataCore

// An animation's structured values (from, to and by values; keyframes), its timing function, groups and
// its delegate (docs/c-api.md).

extension CAnimations {
    static func point(_ p: strata_point) -> CGPoint { CGPoint(x: p.x, y: p.y) }
    static func size(_ s: strata_size) -> CGSize { CGSize(width: s.width, height: s.height) }
    static func rect(_ r: strata_rect) -> CGRect { CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height) }
    static func color(_ c: strata_color) -> CGColor { CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }

    /// Sets a keyframe animation's values, once they are of its property's kind and finite.
    static func setKeyframes<T>(_ handle: OpaquePointer?, _ values: UnsafePointer<T>?, _ count: Int, _ cKind: Int,
                                finite: (T) -> Bool, _ convert: (T) -> Any) throws(CFailure) {
        let a = try animation(handle, as: CAKeyframeAnimation.self, "a keyframe animation")
        let list = try CArgument.list(values, count, "values")
        let kp = try animatedKeyPath(of: a)
        let holds = CProperties.kind(kp)
        guard holds == cKind else {
            throw CFailure(STRATA_VALUE_TYPE, "\(kp) holds \(CProperties.noun(holds)), not \(CProperties.noun(cKind))")
        }
        if let i = list.firstIndex(where: { !finite($0) }) { throw .invalid("value \(i) is not finite") }
        let values = list.map(convert)
        try underLayerLock { () throws(CFailure) in a.values = values }
    }

    static let timingNames: [String: CAMediaTimingFunctionName] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    /// A timing function by its Core Animation name.
    static func timingFunction(_ name: UnsafePointer<CChar>?) throws(CFailure) -> CAMediaTimingFunction {
        let text = try CArgument.string(name, "name")
        guard let n = timingNames[text] else {
            throw .invalid("\"\(text)\" is no timing function (linear, easeIn, easeOut, easeInEaseOut, default)")
        }
        return CAMediaTimingFunction(name: n)
    }
}

@_cdecl("strata_animation_set_point")
public func strata_animation_set_point(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_point) -> strata_status {
    cCall { () throws(CFailure) in
        guard value.x.isFinite, value.y.isFinite else { throw .invalid("value must be finite") }
        try CAnimations.set(animation, key, STRATA_VALUE_POINT, CAnimations.point(value))
    }
}

@_cdecl("strata_animation_set_size")
public func strata_animation_set_size(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_size) -> strata_status {
    cCall { () throws(CFailure) in
        guard value.width.isFinite, value.height.isFinite else { throw .invalid("value must be finite") }
        try CAnimations.set(animation, key, STRATA_VALUE_SIZE, CAnimations.size(value))
    }
}

@_cdecl("strata_animation_set_rect")
public func strata_animation_set_rect(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_rect) -> strata_status {
    cCall { () throws(CFailure) in
        let r = CAnimations.rect(value)
        guard [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite) else { throw .invalid("value must be finite") }
        try CAnimations.set(animation, key, STRATA_VALUE_RECT, r)
    }
}

@_cdecl("strata_animation_set_color")
public func strata_animation_set_color(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: strata_color) -> strata_status {
    cCall { () throws(CFailure) in
        guard [value.red, value.green, value.blue, value.alpha].allSatisfy(\.isFinite) else { throw .invalid("value must be finite") }
        try CAnimations.set(animation, key, STRATA_VALUE_COLOR, CAnimations.color(value))
    }
}

@_cdecl("strata_animation_set_transform")
public func strata_animation_set_transform(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                           _ value: UnsafePointer<strata_transform>?) -> strata_status {
    cCall { () throws(CFailure) in
        guard let t = value?.pointee else { throw .invalid("value is NULL") }
        let model = CTransform.model(t)
        guard model.elements.allSatisfy(\.isFinite) else { throw .invalid("value must be finite") }
        try CAnimations.set(animation, key, STRATA_VALUE_TRANSFORM, model)
    }
}

@_cdecl("strata_animation_set_timing_function")
public func strata_animation_set_timing_function(_ animation: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let a = try CAnimations.animation(animation), f = try CAnimations.timingFunction(name)
        try underLayerLock { () throws(CFailure) in a.timingFunction = f }
    }
}

@_cdecl("strata_animation_set_timing_points")
public func strata_animation_set_timing_points(_ animation: OpaquePointer?, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> strata_status {
    cCall { () throws(CFailure) in
        let a = try CAnimations.animation(animation)
        guard [c1x, c1y, c2x, c2y].allSatisfy(\.isFinite), (0...1).contains(c1x), (0...1).contains(c2x) else {
            throw .invalid("control points must be finite, with x in [0, 1]: (\(c1x), \(c1y)), (\(c2x), \(c2y))")
        }
        let f = CAMediaTimingFunction(controlPoints: Float(c1x), Float(c1y), Float(c2x), Float(c2y))
        try underLayerLock { () throws(CFailure) in a.timingFunction = f }
    }
}

@_cdecl("strata_animation_set_keyframe_numbers")
public func strata_animation_set_keyframe_numbers(_ animation: OpaquePointer?, _ values: UnsafePointer<Double>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        try CAnimations.setKeyframes(animation, values, count, STRATA_VALUE_NUMBER, finite: { $0.isFinite }) { $0 }
    }
}

@_cdecl("strata_animation_set_keyframe_points")
public func strata_animation_set_keyframe_points(_ animation: OpaquePointer?, _ values: UnsafePointer<strata_point>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        try CAnimations.setKeyframes(animation, values, count, STRATA_VALUE_POINT, finite: { $0.x.isFinite && $0.y.isFinite }) { CAnimations.point($0) }
    }
}

@_cdecl("strata_animation_set_keyframe_sizes")
public func strata_animation_set_keyframe_sizes(_ animation: OpaquePointer?, _ values: UnsafePointer<strata_size>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        try CAnimations.setKeyframes(animation, values, count, STRATA_VALUE_SIZE, finite: { $0.width.isFinite && $0.height.isFinite }) {
            CAnimations.size($0)
        }
    }
}

@_cdecl("strata_animation_set_keyframe_rects")
public func strata_animation_set_keyframe_rects(_ animation: OpaquePointer?, _ values: UnsafePointer<strata_rect>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        try CAnimations.setKeyframes(animation, values, count, STRATA_VALUE_RECT, finite: {
            [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].allSatisfy(\.isFinite)
        }) { CAnimations.rect($0) }
    }
}

@_cdecl("strata_animation_set_keyframe_colors")
public func strata_animation_set_keyframe_colors(_ animation: OpaquePointer?, _ values: UnsafePointer<strata_color>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        try CAnimations.setKeyframes(animation, values, count, STRATA_VALUE_COLOR, finite: {
            [$0.red, $0.green, $0.blue, $0.alpha].allSatisfy(\.isFinite)
        }) { CAnimations.color($0) }
    }
}

@_cdecl("strata_animation_set_keyframe_transforms")
public func strata_animation_set_keyframe_transforms(_ animation: OpaquePointer?, _ values: UnsafePointer<strata_transform>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        try CAnimations.setKeyframes(animation, values, count, STRATA_VALUE_TRANSFORM, finite: {
            CTransform.model($0).elements.allSatisfy(\.isFinite)
        }) { CTransform.model($0) }
    }
}

@_cdecl("strata_animation_set_key_times")
public func strata_animation_set_key_times(_ animation: OpaquePointer?, _ values: UnsafePointer<Double>?, _ count: Int) -> strata_status {
    cCall { () throws(CFailure) in
        let a = try CAnimations.animation(animation, as: CAKeyframeAnimation.self, "a keyframe animation")
        let list = try CArgument.list(values, count, "values")
        if let i = list.firstIndex(where: { !(0...1).contains($0) }) { throw .invalid("key time \(i) is \(list[i]), not in [0, 1]") }
        let times = list.map { NSNumber(value: $0) }
        try underLayerLock { () throws(CFailure) in a.keyTimes = times }
    }
}

@_cdecl("strata_animation_group_add")
public func strata_animation_group_add(_ group: OpaquePointer?, _ animation: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let g = try CAnimations.animation(group, as: CAAnimationGroup.self, "an animation group")
        let a = try CAnimations.animation(animation)
        try underLayerLock { () throws(CFailure) in
            // A group that holds itself, directly or through groups inside it, would never end.
            var pending = [a]
            while let next = pending.popLast() {
                if next === g { throw .state("the group would hold itself") }
                pending += (next as? CAAnimationGroup)?.animations ?? []
            }
            let count = g.animations?.count ?? 0
            guard count < CArgument.maxCount else { throw .limit("a group holds at most \(CArgument.maxCount) animations") }
            g.animations = (g.animations ?? []) + [a]
        }
    }
}
