import CStrataSys
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public struct SocketError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let errno: Int32
    public init(_ operation: String, errno: Int32 = Glibc.errno) { self.operation = operation; self.errno = errno }
    public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}

/// A connected Unix stream socket that sends frames with optional file descriptors and receives
/// frames with the descriptors that arrived alongside. Owns its descriptor.
public final class MessageSocket: @unchecked Sendable {
    public let fd: Int32
    private var assembler = FrameAssembler()
    /// Descriptors received but not yet claimed by a decoded message, in arrival order.
    private var receivedFDs: [Int32] = []
    private let sendLock = NSLock()
    private var closed = false

    public init(adopting fd: Int32) { self.fd = fd }

    public static func connect(path: String) throws -> MessageSocket {
        let fd = strata_connect_unix(path)
        guard fd >= 0 else { throw SocketError("connect \(path)") }
        return MessageSocket(adopting: fd)
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        for d in receivedFDs { Glibc.close(d) }
        receivedFDs.removeAll()
        for item in outgoing { item.fds.forEach { Glibc.close($0) } }
        outgoing.removeAll()
        Glibc.close(fd)
    }

    /// Sends one frame, blocking until it is written. On a non-blocking socket it waits for room at most
    /// `timeoutMilliseconds` in all, then throws (a peer that stops reading cannot stall the sender forever).
    public func send(_ frame: [UInt8], fds: [Int32] = [], timeoutMilliseconds: Int32 = 2000) throws {
        var waited: Int32 = 0
        sendLock.lock(); defer { sendLock.unlock() }
        var offset = 0
        var pendingFDs = fds
        while offset < frame.count {
            let n = frame.withUnsafeBytes { buf -> Int in
                let base = buf.baseAddress.map { $0 + offset }
                return pendingFDs.withUnsafeBufferPointer { f in
                    strata_send_with_fds(fd, base, frame.count - offset, f.baseAddress, Int32(f.count))
                }
            }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    guard waited < timeoutMilliseconds else { throw SocketError("send: peer is not reading", errno: EAGAIN) }
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&p, 1, 100)
                    waited += 100
                    continue
                }
                throw SocketError("send")
            }
            offset += n
            pendingFDs = [] // descriptors travel with the first byte only
        }
    }

    // MARK: queued, non-blocking output (the server never waits on a client)

    private var outgoing: [(bytes: [UInt8], offset: Int, fds: [Int32])] = []
    /// Bytes queued and not yet written.
    public private(set) var queuedByteCount = 0
    public var hasQueuedOutput: Bool { !outgoing.isEmpty }

    /// Queues a frame (descriptors are duplicated, so the caller keeps its own) and writes as much as the
    /// socket takes now. Returns true when everything queued has been written.
    @discardableResult
    public func enqueue(_ frame: [UInt8], fds: [Int32] = []) throws -> Bool {
        let copies = fds.map { dup($0) }
        guard !copies.contains(-1) else { copies.filter { $0 >= 0 }.forEach { Glibc.close($0) }; throw SocketError("dup") }
        outgoing.append((frame, 0, copies))
        queuedByteCount += frame.count
        return try flushQueue()
    }

    /// Writes queued frames until the socket would block. Returns true when the queue is empty.
    public func flushQueue() throws -> Bool {
        while var head = outgoing.first {
            let n = head.bytes.withUnsafeBytes { buf -> Int in
                head.fds.withUnsafeBufferPointer { f in
                    strata_send_with_fds(fd, buf.baseAddress.map { $0 + head.offset }, head.bytes.count - head.offset,
                                         head.offset == 0 ? f.baseAddress : nil, head.offset == 0 ? Int32(f.count) : 0)
                }
            }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return false }
                throw SocketError("send")
            }
            head.offset += n
            queuedByteCount -= n
            if head.offset == head.bytes.count {
                head.fds.forEach { Glibc.close($0) }
                outgoing.removeFirst()
            } else {
                // Descriptors went with the first byte; the rest of the frame carries none.
                head.fds.forEach { Glibc.close($0) }
                head.fds = []
                outgoing[0] = head
            }
        }
        return true
    }

    public enum ReadResult { case data, wouldBlock, endOfStream }

    /// Reads whatever is available into the frame buffer (one recvmsg).
    public func fill() throws -> ReadResult {
        var buf = [UInt8](repeating: 0, count: 65536)
        var fds = [Int32](repeating: -1, count: Int(STRATA_MAX_FDS))
        var nfds: Int32 = 0
        var truncated: Int32 = 0
        let n = buf.withUnsafeMutableBytes { b in
            fds.withUnsafeMutableBufferPointer { f in
                strata_recv_with_fds(fd, b.baseAddress, b.count, f.baseAddress, &nfds, &truncated)
            }
        }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
            throw SocketError("receive")
        }
        receivedFDs.append(contentsOf: fds.prefix(Int(nfds)))
        if truncated != 0 { throw ProtocolError.invalid("too many file descriptors in one message (limit \(STRATA_MAX_FDS))") }
        if n == 0 { return .endOfStream }
        buf.withUnsafeBytes { assembler.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        return .data
    }

    /// Descriptors received and not yet claimed by a decoded message.
    public var unclaimedFDCount: Int { receivedFDs.count }

    /// True when bytes of an incomplete frame are buffered.
    public var hasPartialFrame: Bool { assembler.pendingByteCount > 0 }

    /// The next buffered frame, if complete.
    public func nextFrame() throws -> (type: UInt16, body: [UInt8])? { try assembler.next() }

    /// Claims `count` received descriptors (in arrival order) for the message just decoded.
    public func takeFDs(_ count: Int) throws -> [Int32] {
        guard count <= receivedFDs.count else {
            throw ProtocolError.missingFileDescriptors(expected: count, available: receivedFDs.count)
        }
        let taken = Array(receivedFDs.prefix(count))
        receivedFDs.removeFirst(count)
        return taken
    }

    /// Blocking read of the next frame; nil at end of stream.
    public func receiveFrame() throws -> (type: UInt16, body: [UInt8])? {
        while true {
            if let f = try assembler.next() { return f }
            switch try fill() {
            case .data: continue
            case .endOfStream: return nil
            case .wouldBlock:
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&p, 1, -1)
            }
        }
    }

    /// Wakes a thread blocked reading this socket (it then sees end of stream) without closing the descriptor.
    public func shutdown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    public func setNonBlocking() {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }
}

/// A listening Unix socket, bound by path or adopted from systemd socket activation.
public final class ListeningSocket: @unchecked Sendable {
    public let fd: Int32
    public let path: String?
    private let ownsPath: Bool

    /// Binds `path`, replacing a stale socket file left by a previous run (only if nothing answers on it).
    /// With `permissions`, the file gets that mode and group (nil: keep the process's) before it listens;
    /// without, the mode the umask gives.
    public init(path: String, permissions: (mode: UInt32, group: UInt32?)? = nil) throws {
        if FileManager.default.fileExists(atPath: path) {
            let probe = strata_connect_unix(path)
            if probe >= 0 {
                Glibc.close(probe)
                throw SocketError("bind \(path): another server is listening", errno: EADDRINUSE)
            }
            unlink(path)
        }
        let fd: Int32
        if let permissions {
            var failedCall: UnsafePointer<CChar>?
            fd = strata_listen_unix_mode(path, 64, permissions.mode, permissions.group.map { Int64($0) } ?? -1, &failedCall)
            guard fd >= 0 else {
                let code = errno
                throw SocketError("\(failedCall.map { String(cString: $0) } ?? "bind") \(path)", errno: code)
            }
        } else {
            fd = strata_listen_unix(path, 64)
            guard fd >= 0 else { throw SocketError("bind \(path)") }
        }
        self.fd = fd
        self.path = path
        self.ownsPath = true
    }

    /// Adopts an already-listening descriptor (systemd passes fd 3 with LISTEN_FDS=1).
    public init(adopting fd: Int32) {
        self.fd = fd
        self.path = nil
        self.ownsPath = false
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    /// Accepts one pending connection (non-blocking); nil when none is pending.
    public func accept() throws -> MessageSocket? {
        let c = strata_accept(fd)
        if c < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED || errno == EINTR { return nil }
            throw SocketError("accept")
        }
        return MessageSocket(adopting: c)
    }

    public static func isListeningSocket(_ fd: Int32) -> Bool { strata_is_listening_unix_socket(fd) == 1 }

    deinit {
        Glibc.close(fd)
        if ownsPath, let path { unlink(path) }
    }
}
