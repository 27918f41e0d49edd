import CStrataSys
import Foundation
import StrataFuzzing
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// One connection to the server under test, driven by `FuzzAction`s. It never trusts the server to read:
/// sends give up after a deadline, and whatever the server sends back is read and dropped (descriptors
/// closed) so the server's output limit never ends the session for the fuzzer's sake.
final class FuzzSession {
    let id: Int
    private(set) var fd: Int32 = -1
    /// Unsealed memfds sent in this session, kept to shrink them later.
    private(set) var kept: [Int32] = []
    private(set) var isOpen = false
    /// The server's `error` reason, when it ended the session with one.
    private(set) var errorReason: String?
    /// Set when the server sent a frame its own decoder rejects (a server bug, not the client's).
    private(set) var undecodable: String?
    /// Context tokens the server made for this session (`contextCreated`), oldest first.
    var madeTokens: [ContextToken] = []
    private var assembler = FrameAssembler()
    /// How long one send may wait for the server to take bytes before the session counts as stuck.
    static let sendDeadline = 3.0

    init(id: Int) { self.id = id }

    deinit { closeNow() }

    /// Performs `action`; returns false when the connection is gone (or could not be made).
    @discardableResult
    func perform(_ action: FuzzAction, socketPath: String) -> Bool {
        switch action {
        case .connect:
            // Non-blocking: a server that stopped accepting fills its backlog, and a blocking connect would
            // then hang the fuzzer instead of letting the witness report the server.
            fd = Self.connectNonBlocking(socketPath)
            guard fd >= 0 else { return false }
            isOpen = true
            return true
        case let .send(bytes, specs, splitAt, fdsOnSecond):
            guard isOpen else { return false }
            var made: [Int32] = []
            for spec in specs {
                guard let (d, keep) = FDFactory.make(spec) else { continue }
                made.append(d)
                if let keep { kept.append(keep) }
            }
            defer { made.forEach { Glibc.close($0) } }
            let cut = min(max(splitAt ?? bytes.count, 0), bytes.count)
            let first = Array(bytes[..<cut]), second = Array(bytes[cut...])
            guard write(first, fds: fdsOnSecond ? [] : made) else { return false }
            return second.isEmpty && !fdsOnSecond ? true : write(second, fds: fdsOnSecond ? made : [])
        case let .sendManyFDs(bytes, count):
            guard isOpen else { return false }
            var made: [Int32] = []
            for _ in 0..<count { let d = open("/dev/null", O_RDONLY | O_CLOEXEC); if d >= 0 { made.append(d) } }
            defer { made.forEach { Glibc.close($0) } }
            return sendRaw(bytes, fds: made)
        case let .shrink(index, size):
            guard index < kept.count else { return isOpen }
            _ = ftruncate(kept[index], off_t(size))
            return isOpen
        case .shutdownWrite:
            if isOpen { _ = shutdown(fd, Int32(SHUT_WR)) }
            return isOpen
        case .close:
            closeNow()
            return false
        }
    }

    static func connectNonBlocking(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { Glibc.close(fd); return -1 }
        withUnsafeMutableBytes(of: &address.sun_path) { dst in for (i, b) in bytes.enumerated() { dst[i] = b } }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else { Glibc.close(fd); return -1 }
        return fd
    }

    func closeNow() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        isOpen = false
        kept.forEach { Glibc.close($0) }
        kept = []
    }

    /// Writes all of `bytes` (descriptors with the first byte), reading replies while the socket is full.
    private func write(_ bytes: [UInt8], fds: [Int32]) -> Bool {
        if bytes.isEmpty && fds.isEmpty { return isOpen }
        var offset = 0
        var pending = fds
        let deadline = MonotonicClock.now() + Self.sendDeadline
        // An empty part with descriptors still needs one byte to carry them: send what there is.
        repeat {
            let n = bytes.withUnsafeBytes { buf in
                pending.withUnsafeBufferPointer { f in
                    strata_send_with_fds(fd, buf.baseAddress.map { $0 + offset }, bytes.count - offset, f.baseAddress, Int32(min(f.count, Int(STRATA_MAX_FDS))))
                }
            }
            if n < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK, MonotonicClock.now() < deadline else {
                    closeNow(); return false
                }
                drain()
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, 20)
                if !isOpen { return false }
                continue
            }
            offset += n
            pending = []
        } while offset < bytes.count
        return true
    }

    /// sendmsg with any number of descriptors in one SCM_RIGHTS message (the shared helper stops at 32).
    private func sendRaw(_ bytes: [UInt8], fds: [Int32]) -> Bool {
        let header = MemoryLayout<cmsghdr>.size
        let dataLength = fds.count * MemoryLayout<Int32>.size
        var control = [UInt8](repeating: 0, count: (header + dataLength + 7) & ~7)
        control.withUnsafeMutableBytes { c in
            c.storeBytes(of: header + dataLength, toByteOffset: 0, as: Int.self) // cmsg_len
            c.storeBytes(of: SOL_SOCKET, toByteOffset: MemoryLayout<Int>.size, as: Int32.self)
            c.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: MemoryLayout<Int>.size + 4, as: Int32.self)
            for (i, d) in fds.enumerated() { c.storeBytes(of: d, toByteOffset: header + 4 * i, as: Int32.self) }
        }
        var payload = bytes.isEmpty ? [0] : bytes
        let sent = payload.withUnsafeMutableBytes { p in
            control.withUnsafeMutableBytes { c in
                var iov = iovec(iov_base: p.baseAddress, iov_len: p.count)
                return withUnsafeMutablePointer(to: &iov) { iovp in
                    var msg = msghdr(msg_name: nil, msg_namelen: 0, msg_iov: iovp, msg_iovlen: 1,
                                     msg_control: c.baseAddress, msg_controllen: c.count, msg_flags: 0)
                    return sendmsg(fd, &msg, Int32(MSG_NOSIGNAL))
                }
            }
        }
        if sent < 0 { closeNow(); return false }
        return sent == payload.count ? true : write(Array(payload[sent...]), fds: [])
    }

    /// Reads whatever the server sent, without waiting; notes an `error` and the end of the stream.
    func drain() {
        guard isOpen else { return }
        var buf = [UInt8](repeating: 0, count: 65536)
        while isOpen {
            var fds = [Int32](repeating: -1, count: Int(STRATA_MAX_FDS))
            var nfds: Int32 = 0, truncated: Int32 = 0
            let n = buf.withUnsafeMutableBytes { b in
                fds.withUnsafeMutableBufferPointer { f in strata_recv_with_fds(fd, b.baseAddress, b.count, f.baseAddress, &nfds, &truncated) }
            }
            fds.prefix(Int(nfds)).forEach { Glibc.close($0) }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                closeNow(); return
            }
            if n == 0 { closeNow(); return }
            buf.withUnsafeBytes { assembler.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            do {
                while let f = try assembler.next() {
                    do {
                        switch try MessageCoding.decodeServer(type: f.type, body: f.body) {
                        case .error(let reason): errorReason = reason
                        case let .contextCreated(_, token, _) where !token.isZero: madeTokens.append(token)
                        default: break
                        }
                    } catch {
                        undecodable = "type \(f.type), \(f.body.count) bytes: \(error)"
                    }
                }
            } catch {
                undecodable = "\(error)"
            }
        }
    }
}
