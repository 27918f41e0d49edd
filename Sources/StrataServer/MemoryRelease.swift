import CStrataSys

/// Gives the heap that freed objects leave behind back to the system. glibc keeps freed memory in its
/// arenas for reuse, so without this a client that built a million layers and left would keep the
/// server's resident size at its peak; `malloc_trim(0)` releases the free pages of every arena
/// (madvise(MADV_DONTNEED) on whole free pages, and the top of the main heap).
///
/// Between those moments the heap's top is kept (`keepHeapBetweenFrames`): otherwise glibc gives it back
/// whenever a free leaves more than its dynamic threshold there, and a frame's transient allocations (the
/// GL driver's: llvmpipe's binning blocks, a few per draw) fault fresh pages in again, draw after draw.
public enum MemoryRelease {
    static func returnFreedMemory() {
        _ = strata_malloc_trim()
    }

    /// The heap now, in bytes: what is allocated (live objects, the server's and its libraries') and what
    /// malloc holds free. A leak grows the first; fragmentation the second.
    public static func heapUsage() -> (inUse: Int, free: Int) {
        var inUse: UInt64 = 0, free: UInt64 = 0
        strata_malloc_usage(&inUse, &free)
        return (Int(clamping: inUse), Int(clamping: free))
    }

    /// How much free memory may stay at the heap's top while frames run.
    public static let keptHeapTop = 32 << 20

    /// Call once at start-up, before the first frame. Measured on llvmpipe (`strata-bench --scenario
    /// labels`, 200 cards with labels moving on the GPU path): 24–25 → 12–13 ms of CPU a frame, 135 brk
    /// calls a frame → 3.5, peak resident size unchanged (150 MB).
    public static func keepHeapBetweenFrames() {
        _ = strata_malloc_keep_top(Int32(keptHeapTop))
    }
}

/// The heap's usage for `stats` (`heap_bytes`), measured at most every `interval` seconds: glibc's
/// `mallinfo2` walks every free chunk, 4–5 ms on the fragmented heap of a server under a text attack,
/// and a monitor asking for `stats` every 10 ms had the frame thread spend half of its answering time in it.
struct HeapGauge {
    static let interval = 0.25
    private var last: (time: Double, inUse: Int, free: Int)?

    mutating func usage(now: Double) -> (inUse: Int, free: Int) {
        if let last, now - last.time < Self.interval, now >= last.time { return (last.inUse, last.free) }
        let heap = MemoryRelease.heapUsage()
        last = (now, heap.inUse, heap.free)
        return heap
    }
}
