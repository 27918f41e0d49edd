import Foundation

// Foundation's Swift key-value observing (`observe(_:options:changeHandler:)` returning an
// `NSKeyValueObservation`), which swift-corelibs-foundation lacks: it has no Objective-C runtime to
// intercept setters. Observable Strata objects (layers, AVPlayer, AVPlayerItem) say instead that something
// of theirs changed (`KeyValueObservers.didChange()`); each observation then reads its key path on the main
// queue and reports the change when the value differs from the one it reported last (docs/status.md).

/// Which values a change carries, and when it is reported (Foundation's `NSKeyValueObservingOptions`).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Reports carry the value after the change in `newValue` (not in a prior report).
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// Reports carry the value before the change in `oldValue`: the value reported last, so several changes
    /// between two turns of the main queue give the first old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// Reported once at once, from `observe` itself, with the current value.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// Reported before each change as well (`isPrior`), with the old value.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of a change (Foundation's `NSKeyValueChange`): Strata reports settings.
public enum NSKeyValueChange: UInt, Sendable {
    /// The value was set (raw value 1): the kind of every change Strata reports.
    case setting = 1
    /// Objects were inserted into a to-many property (raw value 2); never reported by Strata.
    case insertion
    /// Objects were removed from a to-many property (raw value 3); never reported by Strata.
    case removal
    /// Objects of a to-many property were replaced (raw value 4); never reported by Strata.
    case replacement
}

/// One reported change (Foundation's `NSKeyValueObservedChange`).
public struct NSKeyValueObservedChange<Value> {
    /// The kind of change (Foundation's `NSKeyValueChange`).
    public typealias Kind = NSKeyValueChange
    /// Always `.setting` in Strata: observed values are set as a whole.
    public let kind: Kind
    /// Present with `.new` (not in a prior report).
    public let newValue: Value?
    /// Present with `.old`.
    public let oldValue: Value?
    /// The indexes of a to-many change; always nil in Strata, which reports only settings.
    public let indexes: IndexSet?
    /// Whether this report comes before the change (`.prior`).
    public let isPrior: Bool
}

/// Objects that can be observed with `observe(_:options:changeHandler:)` (Foundation's protocol of the
/// same name, to which NSObject conforms).
public protocol _KeyValueCodingAndObserving: AnyObject {
    /// Where the object's observations are kept (Strata's own; not for apps).
    var _keyValueObservers: KeyValueObservers { get }
}

extension _KeyValueCodingAndObserving {
    /// Calls `changeHandler` on the main queue when the value at `keyPath` changes, until the returned
    /// observation is invalidated or freed (keep it). A change is a value different from the one reported
    /// last (`==` where the value is `Equatable`, identity where it is an object; other values are reported
    /// at every change of the object); several changes between two turns of the main queue are reported
    /// once, from the first old value to the last new one.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let observation = NSKeyValueObservation()
        var last = self[keyPath: keyPath]
        observation.check = { [weak self, weak observation] in
            guard let self, let observation else { return }
            observation.whileValid {
                let value = self[keyPath: keyPath]
                if KeyValueComparison.same(last, value) == true { return }
                let old = last
                last = value
                if options.contains(.prior) {
                    changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: nil, oldValue: options.contains(.old) ? old : nil,
                                                                 indexes: nil, isPrior: true))
                }
                changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? value : nil,
                                                             oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
            }
        }
        // Read before the observation is added: from then on the main queue's checks change `last`.
        let initial = last
        _keyValueObservers.add(observation)
        if options.contains(.initial) {
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? initial : nil, oldValue: nil,
                                                         indexes: nil, isPrior: false))
        }
        return observation
    }
}

/// An observation made by `observe(_:options:changeHandler:)` (Foundation's): it ends when invalidated or
/// freed.
public final class NSKeyValueObservation: @unchecked Sendable {
    /// Held while a check reads and reports (recursive: a handler may invalidate its own observation).
    private let lock = NSRecursiveLock()
    private var valid = true
    /// Reads the key path and reports a change (main queue only).
    fileprivate var check: () -> Void = {}

    fileprivate init() {}

    /// Whether the observation still reports changes: true until `invalidate()` is called or the observation
    /// is freed.
    public var isValid: Bool {
        lock.lock()
        defer { lock.unlock() }
        return valid
    }

    /// Ends the observation: its handler is not called again once this returns (a report in progress on
    /// the main queue finishes first, as Foundation's do; one that read the value before the change it
    /// reports could otherwise report a change made after `invalidate()`).
    public func invalidate() {
        lock.lock()
        valid = false
        lock.unlock()
    }

    /// Runs `body` if the observation is valid, holding it valid until `body` returns.
    fileprivate func whileValid(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if valid { body() }
    }

    deinit { invalidate() }
}

/// An object's observations, and the one main-queue turn that checks them after changes.
public final class KeyValueObservers: @unchecked Sendable {
    private let lock = NSLock()
    private var observations: [Weak] = []
    private var scheduled = false
    /// The thread the main queue checks them on, while it does: reads they make of the object's state there
    /// are not changes. (A thread, not `isMainThread`: after `dispatchMain()` the main queue runs elsewhere.)
    private var checkingThread: pthread_t?
    private struct Weak { weak var observation: NSKeyValueObservation? }

    /// An empty set of observations, for an observable object to hold in `_keyValueObservers` (Strata's own, used
    /// by its classes; not for apps).
    public init() {}

    fileprivate func add(_ observation: NSKeyValueObservation) {
        lock.withLock {
            observations.removeAll { $0.observation?.isValid != true }
            observations.append(Weak(observation: observation))
        }
    }

    /// Whether anything observes the object (cheap: no check is scheduled for an unobserved one).
    package var isObserved: Bool { lock.withLock { !observations.isEmpty } }

    /// Something of the object changed: its observations look, on the main queue, after what is queued
    /// there (once for every change until then).
    package func didChange() {
        let schedule = lock.withLock { () -> Bool in
            guard !observations.isEmpty, !scheduled else { return false }
            if let checkingThread, pthread_equal(checkingThread, pthread_self()) != 0 { return false }
            scheduled = true
            return true
        }
        guard schedule else { return }
        let handOff = MainHandOff(value: self)
        MainDelivery.async { handOff.value.checkAll() }
    }

    private func checkAll() {
        let live = lock.withLock { () -> [NSKeyValueObservation] in
            scheduled = false
            checkingThread = pthread_self()
            observations.removeAll { $0.observation?.isValid != true }
            return observations.compactMap(\.observation)
        }
        for observation in live { observation.check() }
        lock.withLock { checkingThread = nil }
    }
}

/// Whether two values of an observed key path are the same.
enum KeyValueComparison {
    /// True or false where the values can be compared (`Equatable`, or objects by identity); nil where
    /// they cannot.
    static func same<Value>(_ a: Value, _ b: Value) -> Bool? {
        if let a = a as? any Equatable { return equal(a, b) }
        if type(of: a) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
        return nil
    }

    private static func equal<E: Equatable>(_ a: E, _ b: Any) -> Bool {
        guard let b = b as? E else { return false }
        return a == b
    }
}
