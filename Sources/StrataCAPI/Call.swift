import CStrataAPI
import Foundation
import Strata

/// A refusal on its way out of a C call: the status it returns and the message `strata_last_error` reads.
struct CFailure: Error {
    let status: Int32
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = Int32(status)
        self.message = message
    }

    static func invalid(_ message: String) -> CFailure { CFailure(STRATA_INVALID_ARGUMENT, message) }
    static func state(_ message: String) -> CFailure { CFailure(STRATA_STATE, message) }
    static func limit(_ message: String) -> CFailure { CFailure(STRATA_LIMIT, message) }
    static func internalError(_ message: String) -> CFailure { CFailure(STRATA_INTERNAL, message) }
}

/// Runs a C function's body: a thrown `CFailure` becomes the thread's last error and the status returned;
/// a body that returns is `STRATA_OK`.
@inline(__always)
func cCall(_ body: () throws(CFailure) -> Void) -> strata_status {
    CRunLoop.setUp
    do {
        try body()
        return strata_status(STRATA_OK)
    } catch {
        return CError.fail(error.status, error.message)
    }
}

/// Runs `body` under Strata's layer lock (`CATransaction.lock()`): animations and paths are plain objects,
/// which two C threads could otherwise change at once; layers already take it.
@inline(__always)
func underLayerLock<T>(_ body: () throws(CFailure) -> T) throws(CFailure) -> T {
    CATransaction.lock()
    defer { CATransaction.unlock() }
    return try body()
}

/// Checks of what C hands in, each throwing the refusal that names the parameter.
enum CArgument {
    /// The longest string accepted (a key, a text layer's string, a font name).
    static let maxStringBytes = 1 << 20
    /// The most values a list takes (the wire's limit on a list).
    static let maxCount = 4096

    /// A UTF-8 C string as a Swift string.
    static func string(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CFailure) -> String {
        guard let pointer else { throw .invalid("\(what) is NULL") }
        let length = strnlen(pointer, maxStringBytes + 1)
        guard length <= maxStringBytes else { throw .limit("\(what) is longer than \(maxStringBytes) bytes") }
        let bytes = UnsafeRawPointer(pointer).bindMemory(to: UInt8.self, capacity: length)
        guard let text = String(validating: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self) else {
            throw .invalid("\(what) is not UTF-8")
        }
        return text
    }

    /// An out-parameter that must not be NULL.
    static func out<T>(_ pointer: UnsafeMutablePointer<T>?, _ what: String = "out") throws(CFailure) -> UnsafeMutablePointer<T> {
        guard let pointer else { throw .invalid("\(what) is NULL") }
        return pointer
    }

    /// A list's count (size_t arrives as Int: SIZE_MAX is -1) within `maxCount`, with a pointer to that many
    /// values unless the count is 0.
    static func list<T>(_ values: UnsafePointer<T>?, _ count: Int, _ what: String) throws(CFailure) -> [T] {
        guard count >= 0, count <= maxCount else {
            throw .limit("\(what) has \(UInt(bitPattern: count)) values, more than the \(maxCount) a list takes")
        }
        guard count > 0 else { return [] }
        guard let values else { throw .invalid("\(what) is NULL with a count of \(count)") }
        return Array(UnsafeBufferPointer(start: values, count: count))
    }

    /// A capacity for an output list (size_t): the values are written only up to it.
    static func capacity(_ capacity: Int) -> Int { capacity < 0 ? Int.max : capacity }
}
