import CStrataAPI
import Foundation

/// The C API's errors (docs/c-api.md): each failure is kept per thread, as `errno` is, for
/// `strata_last_error` and `strata_last_error_code`; success leaves it alone.
enum CError {
    /// The thread's last failure: its status and its message as a C string this thread owns.
    final class Last {
        var status: strata_status = strata_status(STRATA_OK)
        var message = strdup("")
        /// The string the thread's last `strata_layer_get_string` handed out.
        var returned: UnsafeMutablePointer<CChar>?
        deinit {
            free(message)
            free(returned)
        }
    }

    /// One `Last` per thread, freed when the thread ends (a pthread key with a destructor).
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<Last>.fromOpaque(pointer).release() }
        }
        return key
    }()

    static var last: Last {
        if let p = pthread_getspecific(key) { return Unmanaged<Last>.fromOpaque(p).takeUnretainedValue() }
        let made = Last()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// Records a failure and returns its status, for `return CError.fail(…)`.
    static func fail(_ status: Int32, _ message: String) -> strata_status {
        let l = last
        free(l.message)
        l.message = strdup(message)
        l.status = strata_status(status)
        return strata_status(status)
    }

    /// Keeps `text` for the calling thread until its next call of this, and returns it as a C string.
    static func handOut(_ text: String?) -> UnsafePointer<CChar>? {
        let l = last
        free(l.returned)
        l.returned = text.flatMap { strdup($0) }
        return UnsafePointer(l.returned)
    }

    /// Every status's name, for `strata_status_name` (static storage: never freed).
    nonisolated(unsafe) static let names: [Int32: UnsafeMutablePointer<CChar>?] = Dictionary(uniqueKeysWithValues: [
        (STRATA_OK, "STRATA_OK"), (STRATA_INVALID_ARGUMENT, "STRATA_INVALID_ARGUMENT"), (STRATA_INVALID_HANDLE, "STRATA_INVALID_HANDLE"),
        (STRATA_FREED_HANDLE, "STRATA_FREED_HANDLE"), (STRATA_WRONG_KIND, "STRATA_WRONG_KIND"), (STRATA_UNKNOWN_KEY, "STRATA_UNKNOWN_KEY"),
        (STRATA_VALUE_TYPE, "STRATA_VALUE_TYPE"), (STRATA_STATE, "STRATA_STATE"), (STRATA_NOT_CONNECTED, "STRATA_NOT_CONNECTED"),
        (STRATA_CONNECT_FAILED, "STRATA_CONNECT_FAILED"), (STRATA_WRONG_THREAD, "STRATA_WRONG_THREAD"), (STRATA_IO, "STRATA_IO"),
        (STRATA_UNSUPPORTED, "STRATA_UNSUPPORTED"), (STRATA_LIMIT, "STRATA_LIMIT"), (STRATA_NO_MEMORY, "STRATA_NO_MEMORY"),
        (STRATA_INTERNAL, "STRATA_INTERNAL"),
    ].map { (Int32($0.0), strdup($0.1)) })
    nonisolated(unsafe) static let unknownName = strdup("STRATA_UNKNOWN_STATUS")
}

@_cdecl("strata_abi_version")
public func strata_abi_version() -> Int32 { Int32(STRATA_ABI_VERSION) }

@_cdecl("strata_last_error")
public func strata_last_error() -> UnsafePointer<CChar>? { UnsafePointer(CError.last.message) }

@_cdecl("strata_last_error_code")
public func strata_last_error_code() -> strata_status { CError.last.status }

@_cdecl("strata_status_name")
public func strata_status_name(_ status: strata_status) -> UnsafePointer<CChar>? {
    UnsafePointer((CError.names[status] ?? nil) ?? CError.unknownName)
}
