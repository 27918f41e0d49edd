import Foundation
import Strata

/// One registration: a target and selector, or a `UIAction`, for a set of events.
struct ControlTarget {
    enum Kind {
        /// `target` is nil for a nil-targeted action (sent up the responder chain); `wasNil` tells it from a
        /// target that has gone away.
        case selector(target: Weak, wasNil: Bool, selector: Selector)
        case action(UIAction)
    }
    var events: UIControl.Event
    let kind: Kind
}

extension UIControl {
    /// Method references straight, as call sites that wrote `#selector(method)` may pass them.
    public final func addTarget<T: AnyObject, Sender: AnyObject>(_ target: T, action: @escaping @MainActor (T) -> (Sender) -> Void,
                                                                 for controlEvents: Event) {
        addTarget(target, action: Selector(action), for: controlEvents)
    }
    /// A method reference taking no argument, as call sites that wrote `#selector(method)` for a method without
    /// parameters may pass it: registered as `addTarget(_:action:for:)` with a `Selector` made from it.
    public final func addTarget<T: AnyObject>(_ target: T, action: @escaping @MainActor (T) -> () -> Void, for controlEvents: Event) {
        addTarget(target, action: Selector(action), for: controlEvents)
    }

    func addTarget(_ target: AnyObject?, selector: Selector, for events: Event) {
        // UIKit registers a target–selector pair once, adding events to it.
        if let i = targetActions.firstIndex(where: { entry in
            if case .selector(let t, let wasNil, let s) = entry.kind { return s == selector && (wasNil ? target == nil : t.object === target) }
            return false
        }) {
            targetActions[i].events.formUnion(events)
            return
        }
        targetActions.append(ControlTarget(events: events, kind: .selector(target: Weak(target), wasNil: target == nil, selector: selector)))
    }

    func removeTargets(_ target: AnyObject?, selector: Selector?, for events: Event) {
        for i in targetActions.indices {
            guard case .selector(let t, _, let s) = targetActions[i].kind,
                  target == nil || t.object === target, selector == nil || s == selector else { continue }
            targetActions[i].events.subtract(events)
        }
        targetActions.removeAll { $0.events.isEmpty }
    }

    func add(_ action: UIAction, for events: Event) {
        // An action with the same identifier replaces the one registered before (UIKit's rule).
        targetActions.removeAll { entry in
            if case .action(let a) = entry.kind { return a.identifier == action.identifier }
            return false
        }
        targetActions.append(ControlTarget(events: events, kind: .action(action)))
    }

    func remove(_ action: UIAction, for events: Event) { removeActions(identifiedBy: action.identifier, for: events) }

    func removeActions(identifiedBy identifier: UIAction.Identifier, for events: Event) {
        for i in targetActions.indices {
            guard case .action(let a) = targetActions[i].kind, a.identifier == identifier else { continue }
            targetActions[i].events.subtract(events)
        }
        targetActions.removeAll { $0.events.isEmpty }
    }

    var targets: Set<AnyHashable> {
        var all = Set<AnyHashable>()
        for entry in targetActions {
            guard case .selector(let t, let wasNil, _) = entry.kind else { continue }
            if wasNil { all.insert(NSNull()) } else if let object = t.object as? NSObject { all.insert(object) }
        }
        return all
    }

    /// Sends the registrations matching `events`, in the order they were added, through `sendAction` (which
    /// subclasses may override, as UIKit routes every action through it).
    func send(_ events: Event, event: UIEvent?) {
        let matching = targetActions.filter { !$0.events.isDisjoint(with: events) }
        for entry in matching {
            switch entry.kind {
            case .selector(let target, let wasNil, let selector):
                guard wasNil || target.object != nil else { continue }
                sendAction(selector, to: target.object, for: event)
            case .action(let action):
                sendAction(action)
            }
        }
    }

    /// A nil target means the first responder, from this control up its chain, that the method belongs to.
    func perform(_ selector: Selector, target: AnyObject?) {
        if let target {
            selector.call(target, self)
            return
        }
        var responder: UIResponder? = self
        while let current = responder {
            if selector.accepts(current) {
                selector.call(current, self)
                return
            }
            responder = current.next
        }
    }
}
