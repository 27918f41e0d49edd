/// CADisplayLink's iOS form: a target and a selector (a method reference here, as Linux has no selectors),
/// added to a run loop. The link retains its target, as on iOS (invalidate it to let go). The run loop and
/// mode only say that it runs on the main thread: it fires with the current connection's frames
/// (`CADisplayLink.add(to:)` with a connection), on the main actor.
extension CADisplayLink {
    /// Makes a link that calls `selector` on `target` once per display frame, on the main actor. The selector
    /// is a method reference taking no arguments (`CADisplayLink(target: self, selector: Controller.step)`),
    /// as Linux has no `#selector`; the link holds `target` strongly until it is freed. The link does not fire
    /// until it is added (`add(to:forMode:)`).
    public convenience init<T: AnyObject>(target: T, selector: @escaping @MainActor (T) -> () -> Void) {
        // The target is used only on the main actor, where the handler runs.
        let held = MainHandOff(value: target)
        self.init { _ in MainActor.assumeIsolated { selector(held.value)() } } // links fire on the main queue
    }

    /// A handler taking the link (`@selector(step:)`).
    public convenience init<T: AnyObject>(target: T, selector: @escaping @MainActor (T) -> (CADisplayLink) -> Void) {
        let held = MainHandOff(value: target)
        self.init { link in MainActor.assumeIsolated { selector(held.value)(link) } }
    }

    /// Starts the link's frames with the current connection's display, as `add(to:)` with no connection does.
    /// `runLoop` and `mode` are ignored: the link always fires on the main queue, whichever loop and mode are
    /// given. Without a connection it logs an error and does nothing.
    public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) { add(to: nil) }

    /// Stops the link's frames, as removing it from its only run loop and mode does on iOS (a link runs in
    /// one place here, so any run loop and mode remove it); `add(to:forMode:)` starts them again. Unlike
    /// `invalidate()` on iOS it keeps the target, which the link holds until it is freed.
    public func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }
}
