import Foundation
import Logging

/// Key-value coding of an animation's own properties, as Core Animation's: `setValue(0.3, forKey:
/// "duration")` sets `duration`. Numbers come as any numeric type or NSNumber; a value of the wrong type is
/// logged, naming the class and the key, and changes nothing.
extension CAAnimation {
    /// Sets the property `key` names and returns true, or returns false when no property has that name.
    func assignProperty(_ value: Any?, forKey key: String) -> Bool {
        switch assignChecked(value, forKey: key) {
        case .noSuchKey: return false
        case .assigned: return true
        case .wrongType:
            StrataLog.logger.error("\(type(of: self)): setValue(_:forKey: \"\(key)\") rejected \(String(describing: value)): not a value of that property's type")
            return true
        }
    }

    /// Sets the property `key` names, saying whether the animation has it and took the value (the C API's
    /// form: docs/c-api.md).
    package func assignChecked(_ value: Any?, forKey key: String) -> KeyValueAssignment {
        if let timing = setTiming(value, forKey: key) { return timing ? .assigned : .wrongType }
        guard let setter = Self.setters[key] ?? subclassSetter(forKey: key) else { return .noSuchKey }
        return setter(self, value) ? .assigned : .wrongType
    }

    /// The value of the property `key` names (`.some(nil)` for a nil value), or nil when it has none.
    package func checkedValue(forKey key: String) -> Any?? { propertyValue(forKey: key) }

    /// The property `key` names (boxed in Optional: `.some(nil)` is a property whose value is nil), or nil.
    func propertyValue(forKey key: String) -> Any?? {
        if let timing = timingValue(forKey: key) { return timing }
        switch key {
        case "timingFunction": return .some(timingFunction)
        case "removedOnCompletion", "isRemovedOnCompletion": return isRemovedOnCompletion
        case "delegate": return .some(delegate)
        default: break
        }
        if let p = self as? CAPropertyAnimation {
            switch key {
            case "keyPath": return .some(p.keyPath)
            case "additive", "isAdditive": return p.isAdditive
            case "cumulative", "isCumulative": return p.isCumulative
            case "valueFunction": return .some(p.valueFunction)
            default: break
            }
        }
        if let b = self as? CABasicAnimation {
            switch key {
            case "fromValue": return .some(b.fromValue)
            case "toValue": return .some(b.toValue)
            case "byValue": return .some(b.byValue)
            default: break
            }
        }
        if let s = self as? CASpringAnimation {
            switch key {
            case "mass": return s.mass
            case "stiffness": return s.stiffness
            case "damping": return s.damping
            case "initialVelocity": return s.initialVelocity
            case "settlingDuration": return s.settlingDuration
            default: break
            }
        }
        if let k = self as? CAKeyframeAnimation {
            switch key {
            case "values": return .some(k.values)
            case "keyTimes": return .some(k.keyTimes)
            case "path": return .some(k.path)
            case "timingFunctions": return .some(k.timingFunctions)
            case "calculationMode": return k.calculationMode.rawValue
            case "rotationMode": return .some(k.rotationMode?.rawValue)
            default: break
            }
        }
        if let g = self as? CAAnimationGroup, key == "animations" { return .some(g.animations) }
        if let t = self as? CATransition {
            switch key {
            case "type": return t.type.rawValue
            case "subtype": return .some(t.subtype?.rawValue)
            case "startProgress": return t.startProgress
            case "endProgress": return t.endProgress
            default: break
            }
        }
        return nil
    }

    /// Sets a property from a key-value coded value; false when the value has the wrong type.
    typealias Setter = @Sendable (CAAnimation, Any?) -> Bool

    private static let setters: [String: Setter] = [
        "removedOnCompletion": flag { $0.isRemovedOnCompletion = $1 },
        "isRemovedOnCompletion": flag { $0.isRemovedOnCompletion = $1 },
        "timingFunction": { a, v in
            guard v == nil || v is CAMediaTimingFunction else { return false }
            a.timingFunction = v as? CAMediaTimingFunction
            return true
        },
        "delegate": { a, v in
            guard v == nil || v is CAAnimationDelegate else { return false }
            a.delegate = v as? CAAnimationDelegate
            return true
        },
    ]

    /// The setter of a subclass's property (those of CAPropertyAnimation, CABasicAnimation,
    /// CASpringAnimation, CAKeyframeAnimation, CAAnimationGroup and CATransition).
    private func subclassSetter(forKey key: String) -> Setter? {
        func on<T: CAAnimation>(_: T.Type, _ body: @escaping @Sendable (T, Any?) -> Bool) -> Setter? {
            guard self is T else { return nil }
            return { a, v in
                guard let a = a as? T else { return false }
                return body(a, v)
            }
        }
        switch key {
        case "keyPath": return on(CAPropertyAnimation.self) { a, v in
            guard v == nil || v is String else { return false }
            a.keyPath = v as? String
            return true
        }
        case "additive", "isAdditive": return on(CAPropertyAnimation.self) { a, v in Self.bool(v).map { a.isAdditive = $0 } != nil }
        case "cumulative", "isCumulative": return on(CAPropertyAnimation.self) { a, v in Self.bool(v).map { a.isCumulative = $0 } != nil }
        case "valueFunction": return on(CAPropertyAnimation.self) { a, v in
            guard v == nil || v is CAValueFunction else { return false }
            a.valueFunction = v as? CAValueFunction
            return true
        }
        case "fromValue": return on(CABasicAnimation.self) { a, v in a.fromValue = v; return true }
        case "toValue": return on(CABasicAnimation.self) { a, v in a.toValue = v; return true }
        case "byValue": return on(CABasicAnimation.self) { a, v in a.byValue = v; return true }
        case "mass": return on(CASpringAnimation.self) { a, v in Self.double(v).map { a.mass = CGFloat($0) } != nil }
        case "stiffness": return on(CASpringAnimation.self) { a, v in Self.double(v).map { a.stiffness = CGFloat($0) } != nil }
        case "damping": return on(CASpringAnimation.self) { a, v in Self.double(v).map { a.damping = CGFloat($0) } != nil }
        case "initialVelocity": return on(CASpringAnimation.self) { a, v in Self.double(v).map { a.initialVelocity = CGFloat($0) } != nil }
        case "values": return on(CAKeyframeAnimation.self) { a, v in
            guard v == nil || v is [Any] else { return false }
            a.values = v as? [Any]
            return true
        }
        case "keyTimes": return on(CAKeyframeAnimation.self) { a, v in
            guard v == nil || v is [Any] else { return false }
            let times = (v as? [Any])?.map { Self.double($0).map { NSNumber(value: $0) } }
            guard times?.allSatisfy({ $0 != nil }) ?? true else { return false }
            a.keyTimes = times?.compactMap { $0 }
            return true
        }
        case "path": return on(CAKeyframeAnimation.self) { a, v in
            guard v == nil || v is CGPath else { return false }
            a.path = v as? CGPath
            return true
        }
        case "calculationMode": return on(CAKeyframeAnimation.self) { a, v in
            Self.name(v).map { a.calculationMode = CAAnimationCalculationMode(rawValue: $0) } != nil
        }
        case "animations": return on(CAAnimationGroup.self) { a, v in
            guard v == nil || v is [CAAnimation] else { return false }
            a.animations = v as? [CAAnimation]
            return true
        }
        case "type": return on(CATransition.self) { a, v in Self.name(v).map { a.type = CATransitionType(rawValue: $0) } != nil }
        case "subtype": return on(CATransition.self) { a, v in
            guard v == nil || Self.name(v) != nil else { return false }
            a.subtype = Self.name(v).map(CATransitionSubtype.init(rawValue:))
            return true
        }
        case "startProgress": return on(CATransition.self) { a, v in Self.double(v).map { a.startProgress = Float($0) } != nil }
        case "endProgress": return on(CATransition.self) { a, v in Self.double(v).map { a.endProgress = Float($0) } != nil }
        default: return nil
        }
    }

    private static func flag(_ set: @escaping @Sendable (CAAnimation, Bool) -> Void) -> Setter {
        { a, v in bool(v).map { set(a, $0) } != nil }
    }

    static func double(_ v: Any?) -> Double? { v.flatMap(ValueConversion.number).map(Double.init) }
    static func bool(_ v: Any?) -> Bool? { (v as? Bool) ?? (v as? NSNumber)?.boolValue }
    /// A name given as a String or as the Swift type that wraps one (`CAMediaTimingFillMode.forwards`).
    static func name(_ v: Any?) -> String? { (v as? String) ?? ((v as? any RawRepresentable)?.rawValue as? String) }
}
