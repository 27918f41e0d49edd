import CStrataAPI
import Foundation

/// A C callback with its user data and destroy-notify (docs/c-api.md). The Swift closures handed to the
/// client library capture only this box; when the last of them goes, `destroy` runs on the main queue
/// (inside `strata_dispatch`), never under a lock.
final class CCallback<Function>: @unchecked Sendable {
    let function: Function
    let userData: UnsafeMutableRawPointer?
    private let destroy: strata_destroy_fn?

    init(_ function: Function, _ userData: UnsafeMutableRawPointer?, _ destroy: strata_destroy_fn?) {
        self.function = function
        self.userData = userData
        self.destroy = destroy
    }

    deinit {
        guard let destroy else { return }
        let notice = DestroyNotice(destroy: destroy, userData: userData)
        DispatchQueue.main.async { notice.destroy(notice.userData) }
    }

    private struct DestroyNotice: @unchecked Sendable {
        let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let userData: UnsafeMutableRawPointer?
    }
}

/// Handles lent to a callback: valid while it runs (and after, only if it retains them).
struct BorrowedHandles {
    private var slots: [(Int, AnyObject)] = []

    /// A handle for `object` that this borrow gives back when it ends.
    mutating func lend(_ object: AnyObject?, _ tag: HandleTag) -> OpaquePointer? {
        guard let object, let (handle, slot) = try? HandleTable.shared.borrow(object, tag) else { return nil }
        if let slot { slots.append((slot, object)) }
        return handle
    }

    /// Frees the slots made for the callback that it did not retain.
    func end() {
        for (slot, object) in slots { HandleTable.shared.endBorrow(slot, object) }
    }
}
