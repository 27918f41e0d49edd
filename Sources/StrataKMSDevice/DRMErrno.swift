import Glibc
import StrataKMS

/// errno in the messages this module writes: the symbolic name (what people search for) and strerror.
enum Errno {
    static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EFAULT: "EFAULT", EBUSY: "EBUSY",
        EEXIST: "EEXIST", ENODEV: "ENODEV", ENOTDIR: "ENOTDIR", EINVAL: "EINVAL", ENOSPC: "ENOSPC",
        ENOTTY: "ENOTTY", ERANGE: "ERANGE", ENOSYS: "ENOSYS", EOPNOTSUPP: "EOPNOTSUPP", ETIMEDOUT: "ETIMEDOUT",
        ECONNREFUSED: "ECONNREFUSED",
    ]

    static func name(_ code: Int32) -> String { names[code] ?? "errno \(code)" }

    /// "No such file or directory (ENOENT)".
    static func describe(_ code: Int32) -> String { "\(String(cString: strerror(code))) (\(name(code)))" }

    /// A failed call with errno: "call: strerror (ENAME)".
    static func error(_ call: String, _ code: Int32 = errno) -> KMSDeviceError {
        KMSDeviceError("\(call): \(describe(code))")
    }

    /// libdrm's KMS calls return -errno; the kernel's answer to a commit as the `DRMDevice` protocol
    /// names it.
    static func drmError(_ call: String, returned ret: Int32) -> DRMError {
        let code = ret < 0 ? -ret : errno
        switch code {
        case EBUSY: return .busy
        case EACCES, EPERM: return .notMaster
        default: return .rejected("\(call): \(describe(code))")
        }
    }
}
