import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Unix datagram socket standing in for systemd's notification socket: a server given its path as
/// NOTIFY_SOCKET sends its `READY=1`, `STATUS=…`, `WATCHDOG=1` and `STOPPING=1` datagrams here.
final class NotifySocket {
    let path: String
    private let fd: Int32
    /// Every datagram received so far, in order.
    private(set) var messages: [String] = []

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-notify-\(UUID().uuidString.prefix(8)).sock").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard fd >= 0, bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { throw POSIXError(.EINVAL) }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// Receives datagrams until `done(messages)` holds or `seconds` pass; returns whether it held.
    @discardableResult
    func receive(for seconds: Double, until done: ([String]) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(messages) {
            let left = end.timeIntervalSinceNow
            guard left > 0 else { return false }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { messages.append(String(decoding: buffer[0..<n], as: UTF8.self)) }
        }
        return true
    }
}
