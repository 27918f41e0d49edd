import CStrataSys
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A memfd-backed pixel buffer: the way backing stores and snapshots cross the socket without copying
/// through it. The writer fills it, seals it and passes the descriptor with SCM_RIGHTS.
public final class SharedPixelBuffer: @unchecked Sendable {
    /// The memfd of a buffer made here (-1 for a received one: its descriptor was closed once mapped).
    public let fd: Int32
    public let byteCount: Int
    public let base: UnsafeMutableRawPointer
    /// Set by `seal()`; the mapping is read-only from then on.
    private var isSealed = false
    /// A reusable buffer: sealed against shrinking and growing only, so its writer may fill it again (the
    /// receiver maps it shared, read-only, and sees each new filling).
    public private(set) var isReusable = false

    /// Creates and maps a new memfd of `byteCount` bytes.
    public init(byteCount: Int, name: String = "strata-pixels") throws {
        let fd = strata_memfd_create(name)
        guard fd >= 0 else { throw SocketError("memfd_create") }
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            let e = SocketError("ftruncate memfd"); Glibc.close(fd); throw e
        }
        guard let p = mmap(nil, max(byteCount, 1), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), p != MAP_FAILED else {
            let e = SocketError("mmap memfd"); Glibc.close(fd); throw e
        }
        self.fd = fd; self.byteCount = byteCount; self.base = p
    }

    /// Creates a reusable buffer of `byteCount` bytes: a memfd sealed against shrinking and growing (so a
    /// receiver's mapping can never fault), mapped shared and writable for as long as it lives.
    public convenience init(reusableByteCount byteCount: Int, name: String = "strata-buffer") throws {
        try self.init(byteCount: byteCount, name: name)
        guard strata_memfd_seal_size(fd) == 0 else { throw SocketError("sealing a reusable buffer's size") }
        isReusable = true
    }

    /// Maps a received reusable buffer (a memfd sealed against shrinking and growing, not writing) shared
    /// and read-only, and closes the descriptor: the sender's later fillings show through the mapping.
    public init(mappingReusable fd: Int32) throws {
        defer { Glibc.close(fd) }
        let (size, _) = try Self.checkSealed(fd, requireWriteSeal: false)
        guard let p = mmap(nil, max(size, 1), PROT_READ, MAP_SHARED, fd, 0), p != MAP_FAILED else { throw SocketError("mmap") }
        self.fd = -1; self.byteCount = size; self.base = p; self.isSealed = true; self.isReusable = true
    }

    /// Maps a received descriptor and closes it at once (the mapping keeps the memory; the receiver holds
    /// no descriptor). Takes ownership of `fd`. Only a memfd sealed against shrinking, growing and writing
    /// is accepted: the sender could otherwise shrink it under the mapping (SIGBUS on the next read) or
    /// change pixels after validation. `byteCount` nil maps the whole file; otherwise the file must hold at
    /// least that many bytes. `writable` maps it copy-on-write: the receiver may change its own copy (a
    /// backing store updated in part), never the sender's pages.
    public init(mapping fd: Int32, byteCount: Int? = nil, writable: Bool = false) throws {
        defer { Glibc.close(fd) }
        let size = try Self.checkSealed(fd)
        if let byteCount, size < byteCount {
            throw ProtocolError.invalid("shared buffer holds \(size) bytes, needs \(byteCount)")
        }
        let count = byteCount ?? size
        // MAP_PRIVATE: a read-only MAP_SHARED mapping of a write-sealed memfd is refused (EPERM) before Linux 6.7;
        // a private read-only mapping is never copied, so it shows the same pages.
        guard let p = mmap(nil, max(count, 1), writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_PRIVATE, fd, 0),
              p != MAP_FAILED else {
            throw SocketError("mmap")
        }
        self.fd = -1; self.byteCount = count; self.base = p; self.isSealed = true
    }

    /// The size of `fd` if it is a memfd sealed against shrinking, growing and writing; otherwise an error
    /// saying what it is instead.
    public static func checkSealed(_ fd: Int32) throws -> Int {
        try checkSealed(fd, requireWriteSeal: true).size
    }

    /// The size of `fd` if it is a memfd sealed against shrinking and growing (and writing, when
    /// `requireWriteSeal`), and whether it is sealed against writing; otherwise an error saying what it is.
    public static func checkSealed(_ fd: Int32, requireWriteSeal: Bool) throws -> (size: Int, writeSealed: Bool) {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw SocketError("fstat") }
        let seals = strata_memfd_seals(fd)
        guard seals >= 0 else {
            let what = (st.st_mode & S_IFMT) == S_IFREG ? "a regular file" : (st.st_mode & S_IFMT) == S_IFIFO ? "a pipe"
                : (st.st_mode & S_IFMT) == S_IFSOCK ? "a socket" : "not a file that can be sealed"
            throw ProtocolError.invalid("shared buffer is \(what), not a sealed memfd")
        }
        // F_SEAL_SHRINK, F_SEAL_GROW, F_SEAL_WRITE (Glibc hides the names behind _GNU_SOURCE).
        let required: [(Int32, String)] = [(0x2, "shrink"), (0x4, "grow")] + (requireWriteSeal ? [(0x8, "write")] : [])
        let missing = required.filter { seals & $0.0 == 0 }.map(\.1)
        guard missing.isEmpty else {
            throw ProtocolError.invalid("shared buffer is a memfd not sealed against \(missing.joined(separator: ", ")) (seal it with F_SEAL_SHRINK | F_SEAL_GROW\(requireWriteSeal ? " | F_SEAL_WRITE" : ""))")
        }
        return (Int(st.st_size), seals & 0x8 != 0)
    }

    public func write(_ bytes: [UInt8]) {
        precondition(!isSealed, "SharedPixelBuffer.write after seal()")
        bytes.withUnsafeBytes { src in
            if let s = src.baseAddress { base.copyMemory(from: s, byteCount: min(bytes.count, byteCount)) }
        }
    }

    /// Seals size and contents so the receiver can trust them not to change underneath it. Call `write` first:
    /// the kernel refuses F_SEAL_WRITE (EBUSY) while a writable shared mapping exists, so this swaps the
    /// mapping for a read-only one at the same address before sealing.
    public func seal() {
        guard !isSealed else { return }
        let size = max(byteCount, 1)
        // An inaccessible placeholder keeps the address range reserved while the shared mapping is gone.
        guard mmap(base, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED else { return }
        isSealed = true
        _ = strata_memfd_seal(fd)
        let p = mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0)
        precondition(p != MAP_FAILED, "cannot map sealed memfd read-only (errno \(errno))")
    }

    public func bytes() -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: base, count: byteCount))
    }

    deinit {
        munmap(base, max(byteCount, 1))
        if fd >= 0 { Glibc.close(fd) }
    }
}
