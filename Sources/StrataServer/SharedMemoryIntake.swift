import Foundation
import StrataProtocol

/// Maps the descriptors that arrive with a commit as soon as they arrive, and closes them: the server
/// holds mappings, never a client's descriptors. Only memfds sealed against shrinking and growing are
/// accepted (see `SharedPixelBuffer.init(mapping:)`): an image's also against writing, a reusable
/// buffer's not. What the client keeps mapped stays within its quota.
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
            let writeSealed: Bool
            do {
                let (size, sealed) = try SharedPixelBuffer.checkSealed(fd, requireWriteSeal: false)
                writeSealed = sealed
                guard usage.sharedMemoryBytes + size <= quotas.sharedMemoryBytes else {
                    throw QuotaExceeded(key: "client-shared-memory", limit: quotas.sharedMemoryBytes,
                                        detail: "a memfd of \(size) bytes, \(usage.sharedMemoryBytes) mapped")
                }
            } catch { throw fail(error, closingThis: true) }
            // The mapping takes the descriptor and closes it, mapped or not. One sealed against writing
            // (an image's pixels) is mapped copy-on-write; a reusable buffer shared and read-only, and only
            // `defineBuffer` accepts it.
            do {
                let buffer = writeSealed ? try SharedPixelBuffer(mapping: fd, writable: true) : try SharedPixelBuffer(mappingReusable: fd)
                mappings.append(CountedMapping(buffer, usage: usage))
            } catch { throw fail(error, closingThis: false) }
        }
        return mappings
    }

    struct DescriptorError: Error, CustomStringConvertible {
        let index: Int
        let reason: String
        var description: String { "descriptor \(index): \(reason)" }
    }
}
