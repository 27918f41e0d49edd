import Foundation
import Logging
import StrataCore
import StrataProtocol

extension CALayer {
    // MARK: animations

    func addCopy(of anim: CAAnimation, forKey key: String?) {
        if let why = addChecked(anim, forKey: key) {
            StrataLog.logger.error("\(logName), animation key \(key.map { "\"\($0)\"" } ?? "nil"): add(_:forKey:) rejected animation: \(why)")
        }
    }

    /// Adds a copy of `anim` under `key` (`add(_:forKey:)`), or says why the layer cannot run it (the C
    /// API's form: docs/c-api.md).
    package func addChecked(_ anim: CAAnimation, forKey key: String?) -> String? {
        guard let copy = anim.animationCopy() else { return "the animation could not be copied" }
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
                    // An image on screen is a CGImage the layer or one of its animations holds.
                    if kp.kind == .image { return presentedContents(onScreen.contents) ?? NSNull() }
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
            return "\(error)"
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
        return nil
    }

    /// Removes the animations whose entries `matching` picks; a change to commit if there were any.
    func removeEntries(where matching: (AnimationEntry) -> Bool) {
        LayerLock.with {
            guard animationEntries.contains(where: matching) else { return }
            animationEntries.removeAll(where: matching)
            CATransaction.noteChange(self)
        }
    }
}
