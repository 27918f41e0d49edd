import Foundation
import Logging
import StrataCore
import StrataProtocol

extension CALayer {
    /// Core Animation's built-in action: for an animatable property (not `hidden`), a basic animation
    /// from the on-screen value over the transaction's duration and timing function; for `kCATransition`
    /// (a sublayer replaced) and for `contents` (a new image), a fade transition over the transaction's
    /// duration, as Core Animation crossfades a layer's new contents.
    func implicitAction(forKey event: String) -> CAAction? {
        if event == kCATransition || event == "contents" {
            let fade = CATransition()
            fade.duration = CATransaction.animationDuration()
            fade.timingFunction = CATransaction.animationTimingFunction()
            return fade
        }
        guard let property = LayerProperty(name: event), ImplicitAction.animates(property) else { return nil }
        return LayerLock.with { () -> CAAction? in
            let onScreen = presentationModel(at: CACurrentMediaTime())[property]
            if let target = changingTo, target.property == property,
               !ImplicitAction.animates(property, from: onScreen, to: target.value) { return nil }
            let action = ImplicitAction.animation(
                for: property, from: onScreen,
                duration: CATransaction.animationDuration(), timingFunction: CATransaction.animationTimingFunction()?.function)
            let anim = CABasicAnimation(keyPath: property.name)
            if case let .basic(from?, _, _) = action.spec.kind {
                // An absent colour animates from transparent black; an absent path stays absent (NSNull).
                anim.fromValue = ValueConversion.any(from) ?? (property.kind == .color ? CGColor(Color.clear) : NSNull())
            }
            anim.duration = action.spec.timing.duration
            anim.timingFunction = action.spec.timingFunction.map(CAMediaTimingFunction.init)
            // Built once: adding it uses this spec instead of compiling the animation back (until a property
            // of it changes, e.g. in an `action(forKey:)` override).
            anim.compiledSpec = action.spec
            return anim
        }
    }

    /// Whether the layer is in a tree shown on a display (for the order-in/out events).
    var isInAttachedTree: Bool {
        var n: CALayer? = self
        while let c = n { if c.isAttachedRoot { return true }; n = c.parent }
        return false
    }

    /// Looks up and runs the action for `event`, unless actions are disabled in the current transaction.
    func runAction(forKey event: String) {
        guard !CATransaction.disableActions(), let action = action(forKey: event) else { return }
        action.run(forKey: event, object: self, arguments: nil)
    }

    /// `action(forKey:)`'s search, as Core Animation's: the delegate's `action(for:forKey:)`, the `actions`
    /// dictionary, the `style` dictionary's "actions", the class's `defaultAction(forKey:)`, then the built-in
    /// implicit animation for an animatable property. An `NSNull` found at any step ends it with no action.
    func searchAction(forKey event: String) -> CAAction? {
        if let a = delegate?.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        if let styleActions = style?["actions"] as? [String: CAAction], let a = styleActions[event] { return a is NSNull ? nil : a }
        if let a = Self.defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return implicitAction(forKey: event)
    }
}
