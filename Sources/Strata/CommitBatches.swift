import StrataProtocol

/// One message carries at most 32 descriptors (STRATA_MAX_FDS); a commit with more images (a whole scene
/// sent to a restarted server, a tree of many images attached at once) is sent as several messages: the
/// images first, in commits of their own, defined on the server but shown by no layer until the last
/// commit, which holds every other operation and so still applies atomically.
enum CommitBatches {
    static let maxDescriptors = 32

    struct Batch {
        var operations: [LayerOperation] = []
        var buffers: [SharedPixelBuffer] = []
    }

    static func split(_ operations: [LayerOperation], buffers: [SharedPixelBuffer]) -> [Batch] {
        guard buffers.count > maxDescriptors else { return [Batch(operations: operations, buffers: buffers)] }
        var batches: [Batch] = []
        var last = Batch()
        for op in operations {
            // Partial updates stay in the last commit while they fit: they change what layers show.
            switch op {
            case let .defineImage(image, width, height, fd, format):
                appendAhead(&batches, buffers[Int(fd)]) { .defineImage(image, width: width, height: height, fdIndex: $0, format: format) }
            case let .updateImage(image, x, y, width, height, fd) where last.buffers.count == maxDescriptors:
                appendAhead(&batches, buffers[Int(fd)]) { .updateImage(image, x: x, y: y, width: width, height: height, fdIndex: $0) }
            case let .updateImage(image, x, y, width, height, fd):
                last.operations.append(.updateImage(image, x: x, y: y, width: width, height: height, fdIndex: UInt16(last.buffers.count)))
                last.buffers.append(buffers[Int(fd)])
            case let .defineBuffer(id, fd):
                // Reusable buffers are defined ahead, like images: the last commit only names them.
                appendAhead(&batches, buffers[Int(fd)]) { .defineBuffer(id, fdIndex: $0) }
            default:
                last.operations.append(op)
            }
        }
        return batches + [last]
    }

    /// Adds an operation with one descriptor to the commits that go ahead, starting a new one when full.
    private static func appendAhead(_ batches: inout [Batch], _ buffer: SharedPixelBuffer, _ op: (UInt16) -> LayerOperation) {
        if batches.last.map({ $0.buffers.count == maxDescriptors }) ?? true { batches.append(Batch()) }
        batches[batches.count - 1].operations.append(op(UInt16(batches[batches.count - 1].buffers.count)))
        batches[batches.count - 1].buffers.append(buffer)
    }
}
