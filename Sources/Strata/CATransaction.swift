import Foundation
import StrataCore

/// The `setValue(_:forKey:)`/`value(forKey:)` key (`"animationDuration"`) for `animationDuration()`, a number
/// of seconds (any number type or an `NSNumber`).
public let kCATransactionAnimationDuration = "animationDuration"
/// The `setValue(_:forKey:)`/`value(forKey:)` key (`"disableActions"`) for `disableActions()`, a Bool (or an
/// `NSNumber`).
public let kCATransactionDisableActions = "disableActions"
/// The `setValue(_:forKey:)`/`value(forKey:)` key (`"animationTimingFunction"`) for
/// `animationTimingFunction()`, a `CAMediaTimingFunction` or nil.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The `setValue(_:forKey:)`/`value(forKey:)` key (`"completionBlock"`) for `completionBlock()`, a
/// `() -> Void` block or nil.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer changes into atomic commits. As in Core Animation, transactions belong to the thread that
/// makes the changes: changes outside an explicit transaction join that thread's implicit transaction,
/// committed at the end of the thread's current run-loop turn (or by `flush()`; a thread without a run
/// loop must call `flush()`). Nested transactions commit when the outermost one does.
///
/// A class, as Core Animation's (`extension CATransaction { class func … }` compiles); it is never instantiated.
open class CATransaction: NSObject {
    struct Frame {
        var isImplicit = false
        /// Values set with `setValue(_:forKey:)` under keys other than the four standard ones.
        var values: [String: Any] = [:]
        var duration: CFTimeInterval?
        var disableActions: Bool?
        var timingFunction: CAMediaTimingFunction?
        /// What runs (on the main queue), and the block as given (what `completionBlock()` returns).
        var completion: (@MainActor @Sendable () -> Void)?
        var completionAsGiven: (() -> Void)?
        /// Animations added while this transaction (or one nested in it) was open.
        var added: [(CALayer, CALayer.AnimationEntry)] = []
    }

    /// One thread's transactions (used with the layer lock held).
    final class ThreadState {
        var stack: [Frame] = []
        var dirty: [CALayer] = []
        var dirtySet: Set<ObjectIdentifier> = []
        /// Completion blocks of ended transactions, with the animations each waits for.
        var completions: [(@MainActor @Sendable () -> Void, [(CALayer, CALayer.AnimationEntry)])] = []
        var flushRequested = false
    }

    private static let threadKey = "strata.CATransaction"

    /// The calling thread's transaction state.
    static var current: ThreadState {
        let dictionary = Thread.current.threadDictionary
        if let state = dictionary[threadKey] as? ThreadState { return state }
        let state = ThreadState()
        dictionary[threadKey] = state
        return state
    }

    private static var stack: [Frame] {
        get { current.stack }
        set { current.stack = newValue }
    }

    /// Opens an explicit transaction on the calling thread, nested in any open one. Its changes are sent, with
    /// every enclosing transaction's, when the thread's outermost transaction commits; its settings override the
    /// enclosing ones' for changes made inside it.
    open class func begin() { LayerLock.with { stack.append(Frame()) } }

    /// Ends the innermost explicit transaction on the calling thread, keeping its completion block. When no
    /// other transaction is open on the thread it lays out, displays and sends every pending change as one
    /// commit; one opened while the thread's implicit transaction is pending is sent with that one. Without a
    /// matching `begin()` it logs an error and does nothing.
    open class func commit() {
        LayerLock.with {
            guard let top = stack.last, !top.isImplicit else {
                StrataLog.logger.error("CATransaction.commit() without a matching begin()")
                return
            }
            stack.removeLast()
            if let c = top.completion { current.completions.append((c, top.added)) }
            if stack.isEmpty || (stack.count == 1 && stack[0].isImplicit && current.flushRequested) {
                if !stack.isEmpty { end(stack.removeLast()) }
                commitNow()
            }
        }
    }

    /// Ends the innermost explicit transaction as `commit()` does, or says that none is open (the C API's
    /// form: docs/c-api.md).
    package class func commitChecked() -> String? {
        LayerLock.with {
            guard let top = stack.last, !top.isImplicit else { return "no transaction is open on this thread (begin one first)" }
            commit()
            return nil
        }
    }

    /// Commits the implicit transaction now; deferred while an explicit transaction is open.
    open class func flush() {
        LayerLock.with {
            if stack.isEmpty { commitNow(); return }
            if stack.count == 1, stack[0].isImplicit {
                end(stack.removeLast())
                commitNow()
            } else {
                current.flushRequested = true
            }
        }
    }

    /// Takes the recursive lock that guards all layer and transaction state in this process; pair it with
    /// `unlock()`.
    open class func lock() { LayerLock.lock.lock() }
    /// Releases the lock taken with `lock()`.
    open class func unlock() { LayerLock.lock.unlock() }

    /// The duration, in seconds, of implicit animations made now: the setting of the innermost open transaction
    /// that has one, else 0.25 s.
    open class func animationDuration() -> CFTimeInterval {
        LayerLock.with { () -> CFTimeInterval in stack.last(where: { $0.duration != nil })?.duration ?? MediaTiming.defaultDuration }
    }
    /// Sets the duration, in seconds, of implicit animations made in the innermost transaction (opening the
    /// thread's implicit transaction when none is open); 0 gives them 0.25 s, as an animation's `duration` 0 does.
    open class func setAnimationDuration(_ d: CFTimeInterval) { LayerLock.with { ensureFrame(); stack[stack.count - 1].duration = d } }

    /// Whether actions are disabled now: the setting of the innermost open transaction that has one, else false.
    /// While true no action runs for property changes, so they show at once without implicit animations.
    open class func disableActions() -> Bool {
        LayerLock.with { stack.last(where: { $0.disableActions != nil })?.disableActions ?? false }
    }
    /// Disables (true) or enables actions for changes made in the innermost transaction (opening the thread's
    /// implicit transaction when none is open).
    open class func setDisableActions(_ flag: Bool) { LayerLock.with { ensureFrame(); stack[stack.count - 1].disableActions = flag } }

    /// The timing function of implicit animations made now: the setting of the innermost open transaction that
    /// has one, else nil (the default curve).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        LayerLock.with { stack.last(where: { $0.timingFunction != nil })?.timingFunction }
    }
    /// Sets the timing function of implicit animations made in the innermost transaction (opening the thread's
    /// implicit transaction when none is open); nil: the default curve, or an enclosing transaction's setting.
    open class func setAnimationTimingFunction(_ f: CAMediaTimingFunction?) {
        LayerLock.with { ensureFrame(); stack[stack.count - 1].timingFunction = f }
    }

    /// The innermost transaction's completion block as it was given (enclosing transactions' blocks are not
    /// returned), or nil.
    open class func completionBlock() -> (() -> Void)? { LayerLock.with { stack.last?.completionAsGiven } }

    /// Runs `block` on the main queue (the main actor) once every animation added in this transaction has
    /// finished (or been removed), as reported by the render server; right after the commit when it added
    /// none. Without a server, at the animations' computed end.
    /// The block's type is Apple's (`() -> Void`): Strata calls it on the main queue, as Core Animation does,
    /// so code that runs there (a view controller's) may touch main-actor state in it.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        guard let block else { return setCompletion(nil, asGiven: nil) }
        let box = MainQueueBlock(block)
        setCompletion({ box.run() }, asGiven: block)
    }

    private static func setCompletion(_ run: (@MainActor @Sendable () -> Void)?, asGiven: (() -> Void)?) {
        LayerLock.with {
            ensureFrame()
            stack[stack.count - 1].completion = run
            stack[stack.count - 1].completionAsGiven = asGiven
        }
    }

    // MARK: key-value access

    /// Reads a transaction property: the four standard keys (`kCATransactionAnimationDuration`,
    /// `kCATransactionDisableActions`, `kCATransactionAnimationTimingFunction`,
    /// `kCATransactionCompletionBlock`) or any other key set with `setValue(_:forKey:)`, looked up from the
    /// innermost transaction outwards.
    open class func value(forKey key: String) -> Any? {
        LayerLock.with { () -> Any? in
            switch key {
            case kCATransactionAnimationDuration: return animationDuration()
            case kCATransactionDisableActions: return disableActions()
            case kCATransactionAnimationTimingFunction: return animationTimingFunction()
            case kCATransactionCompletionBlock: return completionBlock()
            default: return stack.last(where: { $0.values[key] != nil })?.values[key]
            }
        }
    }

    /// Sets a transaction property. The standard keys take the same types as their setters (a number, a
    /// Bool, a CAMediaTimingFunction, a `() -> Void` or `@MainActor @Sendable () -> Void`); a value
    /// of another type is logged and ignored.
    open class func setValue(_ value: Any?, forKey key: String) {
        LayerLock.with {
            switch key {
            case kCATransactionAnimationDuration:
                if let d = value.flatMap(ValueConversion.number).map(Double.init) {
                    setAnimationDuration(d)
                } else { rejected(key, value, "a number") }
            case kCATransactionDisableActions:
                if let b = (value as? Bool) ?? (value as? NSNumber)?.boolValue { setDisableActions(b) } else { rejected(key, value, "a Bool") }
            case kCATransactionAnimationTimingFunction:
                if value == nil || value is CAMediaTimingFunction { setAnimationTimingFunction(value as? CAMediaTimingFunction) }
                else { rejected(key, value, "a CAMediaTimingFunction") }
            case kCATransactionCompletionBlock:
                if value == nil { setCompletionBlock(nil) }
                else if let block = value as? () -> Void { setCompletionBlock(block) }
                else if let block = value as? @MainActor @Sendable () -> Void { setCompletion(block, asGiven: nil) }
                else { rejected(key, value, "a () -> Void block") }
            default:
                ensureFrame()
                stack[stack.count - 1].values[key] = value
            }
        }
    }

    private static func rejected(_ key: String, _ value: Any?, _ expected: String) {
        StrataLog.logger.error("CATransaction.setValue(_:forKey: \(key)) rejected \(String(describing: value)): expected \(expected)")
    }

    // MARK: internals

    private static func ensureFrame() {
        if stack.isEmpty {
            stack.append(Frame(isImplicit: true))
            scheduleImplicitCommit()
        }
    }

    /// Where implicit transactions are committed when not by the thread's run loop: the C API's apps turn
    /// none (docs/c-api.md), so it commits them from the main queue it drains. Guarded by LayerLock.
    nonisolated(unsafe) private static var implicitCommitScheduler: (@Sendable () -> Void)?

    /// Schedules implicit commits with `scheduler` instead of `RunLoop.current.perform` from now on.
    package static func scheduleImplicitCommits(with scheduler: @escaping @Sendable () -> Void) {
        LayerLock.with { implicitCommitScheduler = scheduler }
    }

    private static func scheduleImplicitCommit() {
        if let scheduler = implicitCommitScheduler { scheduler(); return }
        RunLoop.current.perform { CATransaction.flush() }
    }

    static func noteChange(_ layer: CALayer) {
        guard !layer.isPresentationCopy else { return }
        ensureFrame()
        let state = current
        if state.dirtySet.insert(ObjectIdentifier(layer)).inserted { state.dirty.append(layer) }
        // Every change of the model comes through here: observers of the layer look after it.
        if let observers = layer.keyValueObserversStorage { observers.didChange() }
    }

    static func noteAnimationAdded(_ layer: CALayer, key: String) {
        noteChange(layer)
        // Every open transaction, the enclosing ones too, waits for it.
        guard let entry = layer.animationEntries.last(where: { $0.key == key }) else { return }
        for i in stack.indices { stack[i].added.append((layer, entry)) }
    }

    /// Keeps an ended transaction's completion block with the animations it waits for.
    private static func end(_ frame: Frame) {
        if let c = frame.completion { current.completions.append((c, frame.added)) }
    }

    /// Stamps animations, snapshots committed state and hands the changes to the connection.
    static func commitNow() {
        let state = current
        state.flushRequested = false
        // Layout first, top-down (a layout may change more layers, which join this commit), then display.
        CALayer.layoutMarked { state.dirty }
        // Layers marked with setNeedsDisplay() redraw now, before their state is committed (display() may
        // change more layers, which join this commit).
        var displayed: Set<ObjectIdentifier> = []
        while let layer = state.dirty.first(where: { $0.needsDisplayFlag && !displayed.contains(ObjectIdentifier($0)) }) {
            displayed.insert(ObjectIdentifier(layer))
            layer.displayIfNeeded()
        }
        let layers = state.dirty
        let groups = state.completions
        state.dirty.removeAll(); state.dirtySet.removeAll(); state.completions.removeAll()
        let now = CACurrentMediaTime()
        for layer in layers {
            layer.committedModel = layer.modelValues
            layer.committedCustomValues = layer.customValues
            layer.hasBeenCommitted = true
        }
        for layer in layers {
            let space = layer.timeSpace(committed: true)
            for entry in layer.animationEntries where !entry.committed {
                // beginTime 0 means "now": stamped with the commit time in the layer's own time space,
                // as Core Animation does.
                if entry.spec.timing.beginTime == 0 {
                    let local = space.local(fromGlobal: now)
                    entry.spec.timing.beginTime = local
                    entry.animation.beginTime = local // animation(forKey:) reports the stamped time
                }
                entry.committed = true
                // A key that needs display redraws every frame while it animates (seed 001).
                if let key = entry.customKey, type(of: layer).needsDisplay(forKey: key) { CustomDisplayDriver.register(layer) }
            }
        }
        let connection = StrataConnection.current
        if let connection, !connection.commit(layers: layers) {
            // Not received: the blocks follow the animations' own timing, as without a server.
            for (block, entries) in groups { CompletionTracker.register(block, entries: entries, connection: nil, now: now) }
            return
        }
        for (block, entries) in groups { CompletionTracker.register(block, entries: entries, connection: connection, now: now) }
    }
}

/// A completion block as Apple types it (not `Sendable`), carried to the main queue where it runs: Core
/// Animation calls it there, and so does Strata (CompletionTracker).
struct MainQueueBlock: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
