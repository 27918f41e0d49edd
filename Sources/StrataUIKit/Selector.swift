/// UIKit's action selector, in the form Linux allows: there is no Objective-C runtime, so no `#selector`
/// and no lookup by name. A `Selector` is made from a method reference (`Selector(ViewController.tapped)`
/// for `#selector(tapped(_:))`) and calls that method on its target with the sender. It exists so that
/// Apple's declarations that take one (`UIGestureRecognizer.init(target:action:)`, which subclasses
/// override, `addTarget(_:action:)`) keep their shape; call sites may pass the method reference directly.
public struct Selector: Equatable {
    /// Calls the method on `target` with `sender`; nothing when either is not of the method's types.
    let call: @MainActor (AnyObject, AnyObject) -> Void
    /// Whether the method belongs to an object's class (a nil-targeted control action searches the responder
    /// chain with it).
    let accepts: (AnyObject) -> Bool
    /// Two selectors are equal when made by the same `Selector(...)` call (method references cannot be
    /// compared): what `removeTarget(_:action:)` matches.
    private let token = Token()

    private final class Token {}

    /// A method taking the sender (`#selector(handle(_:))`).
    public init<T: AnyObject, Sender: AnyObject>(_ method: @escaping @MainActor (T) -> (Sender) -> Void) {
        call = { target, sender in
            guard let target = target as? T, let sender = sender as? Sender else { return }
            method(target)(sender)
        }
        accepts = { $0 is T }
    }

    /// A method taking no argument (`#selector(handle)`).
    public init<T: AnyObject>(_ method: @escaping @MainActor (T) -> () -> Void) {
        call = { target, _ in
            guard let target = target as? T else { return }
            method(target)()
        }
        accepts = { $0 is T }
    }

    public static func == (a: Selector, b: Selector) -> Bool { a.token === b.token }
}
