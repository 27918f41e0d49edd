/// An object that takes part in event handling (UIKit's UIResponder). Touches a view does not handle go to
/// its `next` responder: its view controller if it is one's root view, else its superview; a controller's
/// next is its view's superview.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// NSObject's: equality is identity and `hash` the object's, so responders go in sets as on iOS.
    public override init() { super.init() }

    /// Called on objects loaded from a nib or storyboard: Strata loads neither, so never; the default does
    /// nothing, as UIKit's, so overrides calling `super` compile.
    open func awakeFromNib() {}
    /// Called by Interface Builder's live rendering: never on Strata; does nothing, as UIKit's.
    open func prepareForInterfaceBuilder() {}

    /// The responder events go to when this one does not handle them.
    open var next: UIResponder? { nil }

    /// A touch went down on this responder's view, or came up the responder chain from one that did not handle
    /// it. The window sends each touch in its own call, after the touch's gesture recognizers have seen it; the
    /// default passes it to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// A touch moved (sent only when its location changed), one touch per call. The default passes it to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// A touch was lifted, one touch per call. The default passes it to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// A touch was cancelled, one touch per call: a gesture recognizer holding it recognized and cancels touches
    /// in view, or the render server cancelled it (as it does when a touch leaves the layer it began on). The
    /// default passes it to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // MARK: first responder (keys)

    /// Whether this responder may take the keyboard focus (false by default, as in UIKit).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder gives up the keyboard focus when asked (true by default); when false,
    /// `resignFirstResponder()` and another responder's `becomeFirstResponder()` fail.
    open var canResignFirstResponder: Bool { true }
    /// Whether this responder has the keyboard focus now: the app's key presses go to it first.
    open var isFirstResponder: Bool { UIApplication.shared.firstResponder === self }

    /// Takes the keyboard focus: key presses go to `pressesBegan`/`pressesEnded` here, then up the chain.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIApplication.shared.firstResponder, current !== self, !current.resignFirstResponder() { return false }
        UIApplication.shared.firstResponder = self
        return true
    }

    /// Gives up the keyboard focus, if `canResignFirstResponder` allows: the app then has no first responder
    /// and key presses go nowhere. Returns false when refused; true otherwise, even when this responder did not
    /// have the focus.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIApplication.shared.firstResponder === self { UIApplication.shared.firstResponder = nil }
        return true
    }

    /// A key went down (`UIPress.key`) or up; unhandled, they go to the next responder.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesBegan(presses, with: event) }
    /// A key went up (`UIPress.key`); unhandled, it goes to the next responder. Strata sends one press per call.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }
    /// Strata's keys only go down and up, so no press changes; unhandled calls go up the chain as UIKit's.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesChanged(presses, with: event) }
    /// Sent when the app gives up its keys' presses (a key held while the first responder resigns: never, as
    /// Strata has no focus loss mid-press); unhandled calls go up the chain as UIKit's.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesCancelled(presses, with: event) }
}
