import Foundation
import StrataProtocol

/// Maps the descriptors that arrive with a commit as soon as they arrive, and closes them: the server
/// holds mappings, never a client's descriptors. Only sealed memfds are accepted (see
/// `SharedPixelBuffer.init(mapping:)`), and what the client keeps mapped stays within its quota.
enum SharedMemoryIntake {
    /// Maps every descriptor in `fds` copy-on-write (an image's copy may later be updated in part) and
    /// closes it; on an error, every descriptor is closed too and nothing stays mapped.
    static func map(_ fds: [Int32], usage: ClientUsage, quotas: ClientQuotas) throws -> [CountedMapping] {
        var mappings: [CountedMapping] = []
        for (i, fd) in fds.enumerated() {
            func fail(_ error: Error, closingThis: Bool) -> Error {
                fds[(i + 1)...].forEach { close($0) }
                if closingThis { close(fd) }
                return DescriptorError(index: i, reason: "\(error)")
            }
            do {
                let size = try SharedPixelBuffer.checkSealed(fd)
                guard usage.sharedMemoryBytes + size <= quotas.sharedMemoryBytes else {
                    throw QuotaExceeded(key: "client-shared-memory", limit: quotas.sharedMemoryBytes,
                                        detail: "a memfd of \(size) bytes, \(usage.sharedMemoryBytes) mapped")
                }
            } catch { throw fail(error, closingThis: true) }
            // The mapping takes the descriptor and closes it, mapped or not.
            do { mappings.append(CountedMapping(try SharedPixelBuffer(mapping: fd, writable: true), usage: usage)) }
            catch { throw fail(error, closingThis: false) }
        }
        return mappings
    }

    struct DescriptorError: Error, CustomStringConvertible {
        let index: Int
        let reason: String
        var description: String { "descriptor \(index): \(reason)" }
    }
}
