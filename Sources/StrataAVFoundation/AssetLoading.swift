import Foundation

/// An asset's contents, read once (AssetDiscovery) on the loading queue, and waited for with a bound.
final class AssetLoading: @unchecked Sendable {
    private let url: URL
    private let condition = NSCondition()
    private var started = false
    private var contents: AssetContents?
    private var waiting: [@Sendable () -> Void] = []

    init(url: URL) { self.url = url }

    var isStarted: Bool { condition.withLock { started } }

    /// The contents if read by now.
    var loaded: AssetContents? { condition.withLock { contents } }

    /// Starts reading (if not started); `then` runs on a global queue once read.
    func load(then: (@Sendable () -> Void)? = nil) {
        let (start, done) = condition.withLock { () -> (Bool, Bool) in
            if contents == nil, let then { waiting.append(then) }
            defer { started = true }
            return (!started, contents != nil)
        }
        if done, let then { DispatchQueue.global().async(execute: then) }
        guard start else { return }
        let url = url
        AssetDiscovery.queue.addOperation { [self] in
            let read = AssetDiscovery.discover(url)
            let handlers = condition.withLock { () -> [@Sendable () -> Void] in
                contents = read
                condition.broadcast()
                defer { waiting.removeAll() }
                return waiting
            }
            for h in handlers { DispatchQueue.global().async(execute: h) }
        }
    }

    /// Starts reading and waits for it: the discoverer's own timeout and a second more for the queue
    /// (nil when that passes: the reading goes on, and a later call may have it).
    func wait() -> AssetContents? {
        load()
        let deadline = Date(timeIntervalSinceNow: AssetDiscovery.timeout + 1)
        return condition.withLock {
            while contents == nil, condition.wait(until: deadline) {}
            return contents
        }
    }
}
