import CStrataSys
import Foundation
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// One end of the server–worker socket: messages framed by a u32 little-endian length. Writes never raise
/// SIGPIPE; reads wait at most until a deadline (the server's bound on a layout), so a hung worker is seen.
public struct TextWorkerChannel {
    public let fd: Int32
    /// The largest message either side sends (a reply for 64K units of text is a few MiB).
    public static let maxMessage = 64 << 20

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The other end closed the socket (the worker exited or was killed).
        case closed
        /// Nothing complete arrived before the deadline.
        case timedOut
        case tooLarge(Int)
        case system(String, Int32)

        public var description: String {
            switch self {
            case .closed: "the socket was closed"
            case .timedOut: "no answer in time"
            case .tooLarge(let n): "a message of \(n) bytes exceeds \(TextWorkerChannel.maxMessage)"
            case let .system(call, code): "\(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    public init(fd: Int32) { self.fd = fd }

    public func send(_ body: [UInt8]) throws {
        guard body.count <= Self.maxMessage else { throw Failure.tooLarge(body.count) }
        var frame = withUnsafeBytes(of: UInt32(body.count).littleEndian) { Array($0) }
        frame += body
        let sent = frame.withUnsafeBytes { strata_send_all_nosignal(fd, $0.baseAddress, UInt($0.count)) }
        if sent < 0 { throw Int32(-sent) == EPIPE || Int32(-sent) == ECONNRESET ? Failure.closed : Failure.system("send", Int32(-sent)) }
    }

    /// The next message, waiting until `deadline` (`MonotonicClock` seconds; nil: for ever).
    public func receive(deadline: Double? = nil) throws -> [UInt8] {
        let header = try read(4, deadline: deadline)
        let length = Int(UInt32(header[0]) | UInt32(header[1]) << 8 | UInt32(header[2]) << 16 | UInt32(header[3]) << 24)
        guard length <= Self.maxMessage else { throw Failure.tooLarge(length) }
        return try read(length, deadline: deadline)
    }

    private func read(_ count: Int, deadline: Double?) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var have = 0
        while have < count {
            if let deadline {
                let left = deadline - MonotonicClock.now()
                guard left > 0 else { throw Failure.timedOut }
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&p, 1, Int32(min(60_000, max(1, (left * 1000).rounded(.up)))))
                if ready < 0 { if errno == EINTR { continue }; throw Failure.system("poll", errno) }
                if ready == 0 { continue }
            }
            let n = bytes.withUnsafeMutableBytes { buffer in buffer.baseAddress.map { Glibc.read(fd, $0 + have, count - have) } ?? 0 }
            if n == 0 { throw Failure.closed }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { throw Failure.closed }
                throw Failure.system("read", errno)
            }
            have += n
        }
        return bytes
    }
}
