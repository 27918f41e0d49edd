import Foundation
import Logging
import StrataCore
import StrataProtocol

extension CALayer {
    // MARK: animations

    /// Adds a copy of `anim`; an existing animation with the same key is replaced. A nil key gets a
    /// unique one. Animations Strata cannot carry or whose values are wrong are logged, naming the layer and the
    /// key ("CALayer (layer 3), animation key "spin": add(_:forKey:) rejected animation: …"), and not added.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy()
        // No fromValue, toValue or byValue: Core Animation animates from the previous presentation value to
        // the current one, i.e. from what is on screen now to the value beneath the animation.
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let path = basic.keyPath {
            if let custom = basic.customKey {
                basic.fromValue = LayerLock.with {
                    hasBeenCommitted ? presentationCustomValues(at: CACurrentMediaTime())[custom] : customValues[custom]
                } ?? type(of: self).defaultValue(forKey: custom)
            } else if let kp = try? LayerKeyPath(parsing: path) {
                basic.fromValue = LayerLock.with {
                    let onScreen = hasBeenCommitted ? presentationModel(at: CACurrentMediaTime()) : modelValues
                    return ValueConversion.any(onScreen[kp]) ?? (kp.kind == .color ? CGColor(Color.clear) : NSNull())
                }
            }
        }
        let spec: AnimationSpec
        do {
            spec = try copy.compiledSpec ?? copy.makeSpec()
            if let problem = spec.unsendable() { throw problem }
            if let foreign = spec.keyPaths.first(where: { !$0.property.isCarried(by: modelValues.kind) }) {
                throw StrataError.unsupported("\(foreign.property.name) on a \(type(of: self)) (a property of another kind of layer)")
            }
        } catch {
            StrataLog.logger.error("\(logName), animation key \(key.map { "\"\($0)\"" } ?? "nil"): add(_:forKey:) rejected animation: \(error)")
            return
        }
        LayerLock.with {
            let k: String
            if copy is CATransition { k = kCATransition } // Core Animation stores every transition there
            else if let key { k = key } else { anonymousKeyCounter += 1; k = "strata.anonymous.\(anonymousKeyCounter)" }
            animationEntries.removeAll { $0.key == k }
            animationEntries.append(AnimationEntry(key: k, animation: copy, spec: spec,
                                                   customKey: (copy as? CAPropertyAnimation)?.customKey))
            CATransaction.noteAnimationAdded(self, key: k)
        }
    }

    public func animation(forKey key: String) -> CAAnimation? {
        LayerLock.with { animationEntries.first { $0.key == key }?.animation }
    }

    public func animationKeys() -> [String]? {
        LayerLock.with { animationEntries.isEmpty ? nil : animationEntries.map(\.key) }
    }

    public func removeAnimation(forKey key: String) {
        LayerLock.with {
            guard animationEntries.contains(where: { $0.key == key }) else { return }
            animationEntries.removeAll { $0.key == key }
            CATransaction.noteChange(self)
        }
    }

    public func removeAllAnimations() {
        LayerLock.with {
            guard !animationEntries.isEmpty else { return }
            animationEntries.removeAll()
            CATransaction.noteChange(self)
        }
    }
}
