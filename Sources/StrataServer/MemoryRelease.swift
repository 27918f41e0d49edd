import CStrataSys

/// Gives the heap that freed objects leave behind back to the system. glibc keeps freed memory in its
/// arenas for reuse, so without this a client that built a million layers and left would keep the
/// server's resident size at its peak; `malloc_trim(0)` releases the free pages of every arena
/// (madvise(MADV_DONTNEED) on whole free pages, and the top of the main heap).
enum MemoryRelease {
    static func returnFreedMemory() {
        _ = strata_malloc_trim()
    }
}
