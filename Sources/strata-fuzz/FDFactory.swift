import CStrataSys
import Foundation
import StrataFuzzing
#if canImport(Glibc)
import Glibc
#endif

/// Makes the descriptors an `FDSpec` describes. Each is closed by the caller once sent; an unsealed memfd or
/// a regular file also comes back as a duplicate the session keeps, so it can shrink the file after the
/// server mapped it.
enum FDFactory {
    /// A scratch directory for regular files (set once by the command before clients run).
    nonisolated(unsafe) static var scratch = FileManager.default.temporaryDirectory.path

    /// The descriptor, and for unsealed memfds a kept duplicate; nil when the system refused (fd limits).
    static func make(_ spec: FDSpec) -> (fd: Int32, kept: Int32?)? {
        switch spec.kind {
        case .sealedMemfd, .shortMemfd, .unsealedMemfd, .reusableMemfd:
            let fd = strata_memfd_create("strata-fuzz")
            guard fd >= 0 else { return nil }
            let size = spec.kind == .shortMemfd ? max(0, spec.byteCount / 2 - 1) : spec.byteCount
            guard ftruncate(fd, off_t(size)) == 0 else { close(fd); return nil }
            // A recognisable first row, the rest zero.
            var stripe = [UInt8](repeating: 0x7f, count: min(size, 256))
            _ = stripe.withUnsafeMutableBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            if spec.kind == .unsealedMemfd { return (fd, dup(fd)) }
            if spec.kind == .reusableMemfd {
                _ = strata_memfd_seal_size(fd)
                return (fd, dup(fd))
            }
            _ = strata_memfd_seal(fd)
            return (fd, nil)
        case .pipe:
            var p: [Int32] = [-1, -1]
            guard pipe(&p) == 0 else { return nil }
            close(p[1])
            return (p[0], nil)
        case .socket:
            var s: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &s) == 0 else { return nil }
            close(s[1])
            return (s[0], nil)
        case .devNull:
            let fd = open("/dev/null", O_RDWR | O_CLOEXEC)
            return fd >= 0 ? (fd, nil) : nil
        case .regularFile:
            var template = Array("\(scratch)/file-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { b in b.baseAddress.map { mkstemp($0) } ?? -1 }
            guard fd >= 0 else { return nil }
            template.withUnsafeBufferPointer { b in _ = b.baseAddress.map { unlink($0) } }
            _ = ftruncate(fd, off_t(spec.byteCount))
            return (fd, dup(fd)) // kept, like an unsealed memfd: a file can shrink under the server too
        case .directory:
            let fd = open(scratch, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            return fd >= 0 ? (fd, nil) : nil
        }
    }
}
