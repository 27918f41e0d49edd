import CStrataSys
import Foundation
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// One running `strata-text-worker`: started with a socket as its standard input and output, asked one
/// request at a time, killed when it takes too long. Not thread-safe: the server's text thread owns it.
public final class TextWorkerProcess {
    public let pid: Int32
    private let channel: TextWorkerChannel
    private var reaped = false

    /// How a request ended when no reply came.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The worker exited or was killed by a signal while laying out (an abort in a library).
        case crashed(String)
        /// No reply within the time limit: the worker was killed.
        case hung(Double)
        /// The worker answered something the server does not accept (it was killed).
        case misbehaved(String)

        public var description: String {
            switch self {
            case .crashed(let how): "the text worker \(how)"
            case .hung(let seconds): "the text worker did not answer within \(seconds) s and was stopped"
            case .misbehaved(let what): "the text worker answered wrongly (\(what)) and was stopped"
            }
        }
    }

    /// Starts the worker at `path`. Throws when it cannot be started (missing or not executable).
    public init(path: String, arguments: [String] = []) throws {
        var fds: [Int32] = [-1, -1]
        let made = fds.withUnsafeMutableBufferPointer { strata_socket_pair($0.baseAddress) }
        guard made == 0 else { throw TextWorkerChannel.Failure.system("socketpair", -made) }
        let argv = [path] + arguments
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for arg in cArgs { free(arg) } }
        let pid = strata_spawn_with_socket(path, &cArgs, fds[1])
        Glibc.close(fds[1])
        guard pid > 0 else {
            Glibc.close(fds[0])
            throw TextWorkerChannel.Failure.system("starting \(path)", -pid)
        }
        self.pid = pid
        channel = TextWorkerChannel(fd: fds[0])
    }

    deinit { stop() }

    /// Sends `request` and waits at most `timeout` seconds for its reply; on no reply the worker is gone
    /// (crashed, or killed here when it hung) and must be replaced.
    public func exchange(_ request: [UInt8], timeout: Double) throws -> [UInt8] {
        do {
            try channel.send(request)
            return try channel.receive(deadline: MonotonicClock.now() + timeout)
        } catch TextWorkerChannel.Failure.timedOut {
            stop()
            throw Failure.hung(timeout)
        } catch {
            throw Failure.crashed(stopAndDescribe())
        }
    }

    /// Kills the worker (if it still runs) and reaps it.
    public func stop() {
        guard !reaped else { return }
        kill(pid, SIGKILL)
        _ = reap()
        Glibc.close(channel.fd)
    }

    /// "was killed by signal 6 (Aborted)" or "exited with status 2".
    private func stopAndDescribe() -> String {
        guard !reaped else { return "ended" }
        // It closed its socket: it is exiting, or already gone. Give it a moment before the kill decides.
        for _ in 0..<100 {
            if let status = reap(nohang: true) { Glibc.close(channel.fd); return Self.describe(status) }
            usleep(2_000)
        }
        kill(pid, SIGKILL)
        let status = reap()
        Glibc.close(channel.fd)
        return status.map(Self.describe) ?? "ended"
    }

    private func reap(nohang: Bool = false) -> Int32? {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, nohang ? WNOHANG : 0)
            if r == pid { reaped = true; return status }
            if r == 0 { return nil }
            if errno == EINTR { continue }
            reaped = true
            return nil
        }
    }

    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
        return "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
    }
}
