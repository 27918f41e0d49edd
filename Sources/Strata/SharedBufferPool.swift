import Foundation
import StrataProtocol

/// Reusable shared buffers for backing-store updates: each is defined on the server once
/// (`defineBuffer`) and filled again after each `bufferReleased`, so an update costs one copy into memory
/// that is already mapped and faulted in, not a fresh memfd. A buffer in flight (named by a commit the
/// server has not applied yet) is never written; when none is free and the pool is full the update takes
/// a fresh sealed memfd as before. One pool per session: a restored session starts empty. Guarded by
/// LayerLock.
final class SharedBufferPool {
    /// Buffers a connection keeps at most, and the bytes they may hold together.
    static let maxBuffers = 16
    static let maxBytes = 96 << 20
    /// A buffer is at least this big (small updates share sizes), and a whole number of pages.
    static let minimumSize = 64 << 10

    private struct Entry {
        let id: BufferID
        let buffer: SharedPixelBuffer
        var inFlight: Bool
    }

    private var entries: [Entry] = []
    private var nextID: BufferID = 1
    private var totalBytes: Int { entries.reduce(0) { $0 + $1.buffer.byteCount } }

    /// What `take` gives: the buffer to fill, whether the commit must define it, and the free buffers it
    /// dropped to make room (the commit releases them on the server).
    struct Taken {
        let id: BufferID
        let buffer: SharedPixelBuffer
        let isNew: Bool
        let evicted: [BufferID]
    }

    /// A free buffer of at least `byteCount` bytes, marked in flight; nil when none is free and a new one
    /// would not fit beside those in flight.
    func take(_ byteCount: Int) -> Taken? {
        let free = entries.indices.filter { !entries[$0].inFlight }
        if let i = free.filter({ entries[$0].buffer.byteCount >= byteCount }).min(by: { entries[$0].buffer.byteCount < entries[$1].buffer.byteCount }) {
            entries[i].inFlight = true
            return Taken(id: entries[i].id, buffer: entries[i].buffer, isNew: false, evicted: [])
        }
        let size = max(Self.minimumSize, (byteCount + 4095) / 4096 * 4096)
        let busy = entries.filter(\.inFlight)
        guard busy.count < Self.maxBuffers, busy.reduce(0, { $0 + $1.buffer.byteCount }) + size <= Self.maxBytes else { return nil }
        guard let buffer = try? SharedPixelBuffer(reusableByteCount: size, name: "strata-buffer") else { return nil }
        // Free buffers too small for this update make room, smallest first.
        var evicted: [BufferID] = []
        while entries.count >= Self.maxBuffers || totalBytes + size > Self.maxBytes,
              let i = entries.indices.filter({ !entries[$0].inFlight }).min(by: { entries[$0].buffer.byteCount < entries[$1].buffer.byteCount }) {
            evicted.append(entries[i].id)
            entries.remove(at: i)
        }
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, buffer: buffer, inFlight: true))
        return Taken(id: id, buffer: buffer, isNew: true, evicted: evicted)
    }

    /// The server copied what it needed from `id`.
    func released(_ id: BufferID) {
        if let i = entries.firstIndex(where: { $0.id == id }) { entries[i].inFlight = false }
    }

    /// A new session: the server knows none of these buffers.
    func reset() { entries.removeAll() }

    var count: Int { entries.count }
}
