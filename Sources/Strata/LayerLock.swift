import Foundation

/// The one recursive lock guarding every layer's state and the transaction stack
/// (what `CATransaction.lock()`/`unlock()` expose).
enum LayerLock {
    static let lock = NSRecursiveLock()

    @inline(__always) static func with<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }
}
