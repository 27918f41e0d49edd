import CStrataAPI
import Foundation
import Strata
import StrataCore

/// Animation handles (docs/c-api.md): made by kind, their properties set by name through the animation's
/// own key-value coding (`assignChecked`), refused where Swift would log.
enum CAnimations {
    static func animation(_ handle: OpaquePointer?, _ what: String = "animation") throws(CFailure) -> CAAnimation {
        guard let a = try HandleTable.shared.object(handle, .animation, what) as? CAAnimation else {
            throw .internalError("\(what) names no animation")
        }
        return a
    }

    /// The animation as class `T`, or the refusal that names what it is.
    static func animation<T: CAAnimation>(_ handle: OpaquePointer?, as _: T.Type, _ noun: String) throws(CFailure) -> T {
        let a = try animation(handle)
        guard let typed = a as? T else { throw CFailure(STRATA_WRONG_KIND, "expected \(noun), got \(describe(a))") }
        return typed
    }

    static func describe(_ a: CAAnimation) -> String {
        switch a {
        case is CASpringAnimation: "a spring animation"
        case is CABasicAnimation: "a basic animation"
        case is CAKeyframeAnimation: "a keyframe animation"
        case is CAAnimationGroup: "an animation group"
        case is CATransition: "a transition"
        default: "an animation of class \(type(of: a))"
        }
    }

    static func kind(_ a: CAAnimation) -> Int {
        switch a {
        case is CASpringAnimation: STRATA_ANIMATION_SPRING
        case is CABasicAnimation: STRATA_ANIMATION_BASIC
        case is CAKeyframeAnimation: STRATA_ANIMATION_KEYFRAME
        case is CAAnimationGroup: STRATA_ANIMATION_GROUP
        default: STRATA_ANIMATION_TRANSITION
        }
    }

    /// The layer property a C key path names, refused unless it is one Strata animates.
    static func animatedKeyPath(_ keyPath: UnsafePointer<CChar>?) throws(CFailure) -> (String, LayerKeyPath) {
        let text = try CArgument.string(keyPath, "key_path")
        let parsed: LayerKeyPath
        do { parsed = try LayerKeyPath(parsing: text) } catch { throw CFailure(STRATA_UNKNOWN_KEY, "\(error)") }
        guard parsed.isAnimatable else { throw .invalid("\(text) is not animatable") }
        return (text, parsed)
    }

    /// The key path a property animation animates, parsed.
    static func animatedKeyPath(of a: CAAnimation) throws(CFailure) -> LayerKeyPath {
        guard let p = a as? CAPropertyAnimation, let text = p.keyPath, let kp = try? LayerKeyPath(parsing: text) else {
            throw CFailure(STRATA_WRONG_KIND, "\(describe(a)) animates no property")
        }
        return kp
    }

    /// Sets a property by name. The values "fromValue", "toValue" and "byValue" must be of the kind the
    /// animated property holds.
    static func set(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ cKind: Int, _ value: Any) throws(CFailure) {
        try underLayerLock { () throws(CFailure) in try setLocked(handle, key, cKind, value) }
    }

    private static func setLocked(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ cKind: Int, _ value: Any) throws(CFailure) {
        let a = try animation(handle)
        let name = try CArgument.string(key, "key")
        if ["fromValue", "toValue", "byValue"].contains(name) {
            guard a is CABasicAnimation else { throw CFailure(STRATA_UNKNOWN_KEY, "\(describe(a)) has no \(name)") }
            let kp = try animatedKeyPath(of: a)
            let holds = CProperties.kind(kp)
            guard holds == cKind else {
                throw CFailure(STRATA_VALUE_TYPE, "\(kp) holds \(CProperties.noun(holds)), not \(CProperties.noun(cKind))")
            }
        }
        switch a.assignChecked(value, forKey: name) {
        case .assigned: return
        case .noSuchKey: throw CFailure(STRATA_UNKNOWN_KEY, "\(describe(a)) has no \(name)")
        case .wrongType: throw CFailure(STRATA_VALUE_TYPE, "\(name) does not take \(CProperties.noun(cKind))")
        }
    }

    /// A property's value by name.
    static func value(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?) throws(CFailure) -> (String, Any?) {
        let a = try animation(handle)
        let name = try CArgument.string(key, "key")
        let found = try underLayerLock { () throws(CFailure) in a.checkedValue(forKey: name) }
        guard let v = found else { throw CFailure(STRATA_UNKNOWN_KEY, "\(describe(a)) has no \(name)") }
        return (name, v)
    }

    static func number(_ v: Any?) -> Double? {
        switch v {
        case let d as Double: d
        case let f as Float: Double(f)
        case let c as CGFloat: Double(c)
        case let i as Int: Double(i)
        case let n as NSNumber: n.doubleValue
        default: nil
        }
    }
}

@_cdecl("strata_animation_create")
public func strata_animation_create(_ kind: strata_animation_kind, _ keyPath: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let made: CAAnimation
        switch Int(kind) {
        case STRATA_ANIMATION_BASIC, STRATA_ANIMATION_SPRING, STRATA_ANIMATION_KEYFRAME:
            let (text, _) = try CAnimations.animatedKeyPath(keyPath)
            made = Int(kind) == STRATA_ANIMATION_BASIC ? CABasicAnimation(keyPath: text)
                : Int(kind) == STRATA_ANIMATION_SPRING ? CASpringAnimation(keyPath: text) : CAKeyframeAnimation(keyPath: text)
        case STRATA_ANIMATION_GROUP, STRATA_ANIMATION_TRANSITION:
            guard keyPath == nil else { throw .invalid("a group or a transition animates no key path: pass NULL") }
            made = Int(kind) == STRATA_ANIMATION_GROUP ? CAAnimationGroup() : CATransition()
        default:
            throw .invalid("kind \(kind) is not a strata_animation_kind (1 to 5)")
        }
        out.pointee = try HandleTable.shared.retained(made, .animation)
    }
}

@_cdecl("strata_animation_create_spring")
public func strata_animation_create_spring(_ keyPath: UnsafePointer<CChar>?, _ perceptualDuration: Double, _ bounce: Double,
                                           _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (text, _) = try CAnimations.animatedKeyPath(keyPath)
        guard perceptualDuration.isFinite, perceptualDuration > 0, bounce.isFinite, bounce > -1 else {
            throw .invalid("a spring's perceptual duration must be > 0 and its bounce > -1, not \(perceptualDuration) and \(bounce)")
        }
        let spring = CASpringAnimation(perceptualDuration: perceptualDuration, bounce: CGFloat(bounce))
        spring.keyPath = text
        out.pointee = try HandleTable.shared.retained(spring, .animation)
    }
}

@_cdecl("strata_animation_retain")
public func strata_animation_retain(_ animation: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.retain(animation, .animation, "animation") }
}

@_cdecl("strata_animation_release")
public func strata_animation_release(_ animation: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.release(animation, .animation, "animation") }
}

@_cdecl("strata_animation_get_kind")
public func strata_animation_get_kind(_ animation: OpaquePointer?, _ out: UnsafeMutablePointer<strata_animation_kind>?) -> strata_status {
    cCall { () throws(CFailure) in
        let a = try CAnimations.animation(animation)
        try CArgument.out(out).pointee = Int32(CAnimations.kind(a))
    }
}

@_cdecl("strata_animation_set_number")
public func strata_animation_set_number(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Double) -> strata_status {
    cCall { () throws(CFailure) in
        let name = try CArgument.string(key, "key")
        let forever = value == .infinity && (name == "repeatCount" || name == "repeatDuration")
        guard value.isFinite || forever else { throw .invalid("\(name) must be finite, got \(value)") }
        try CAnimations.set(animation, key, STRATA_VALUE_NUMBER, value)
    }
}

@_cdecl("strata_animation_get_number")
public func strata_animation_get_number(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (name, v) = try CAnimations.value(animation, key)
        guard !(v is Bool), let x = CAnimations.number(v) else { throw CFailure(STRATA_VALUE_TYPE, "\(name) is not a number") }
        out.pointee = x
    }
}

@_cdecl("strata_animation_set_bool")
public func strata_animation_set_bool(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: Bool) -> strata_status {
    cCall { () throws(CFailure) in try CAnimations.set(animation, key, STRATA_VALUE_BOOL, value) }
}

@_cdecl("strata_animation_get_bool")
public func strata_animation_get_bool(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Bool>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (name, v) = try CAnimations.value(animation, key)
        guard let b = v as? Bool else { throw CFailure(STRATA_VALUE_TYPE, "\(name) is not a bool") }
        out.pointee = b
    }
}

@_cdecl("strata_animation_set_string")
public func strata_animation_set_string(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let text = try CArgument.string(value, "value")
        try CAnimations.set(animation, key, STRATA_VALUE_STRING, text)
    }
}

@_cdecl("strata_animation_get_string")
public func strata_animation_get_string(_ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                        _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let (name, v) = try CAnimations.value(animation, key)
        switch v {
        case nil: out.pointee = CError.handOut(nil)
        case let s as String: out.pointee = CError.handOut(s)
        case let r as any RawRepresentable:
            guard let s = r.rawValue as? String else { throw CFailure(STRATA_VALUE_TYPE, "\(name) is not a string") }
            out.pointee = CError.handOut(s)
        default: throw CFailure(STRATA_VALUE_TYPE, "\(name) is not a string")
        }
    }
}
