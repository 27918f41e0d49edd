import Foundation
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A `strata-server` that a test can SIGKILL and start again on the same socket path, as systemd's
/// `Restart=` does after a crash. Plain: each server binds the path (a killed one leaves its socket file,
/// which the next replaces). Socket-activated: this process holds the listening socket, as
/// `strata.socket` does, and hands it to each server as fd 3 with LISTEN_FDS=1 and LISTEN_PID = the
/// server's pid, so the socket stays up across the restart and connections made meanwhile wait in its
/// backlog. (`systemd-socket-activate` cannot do this: it execs the server, so killing the server closes
/// the socket.)
final class RestartableServer {
    let socketPath: String
    let socketActivated: Bool
    let logPath: String
    /// The listening socket under socket activation (held here for the servers' whole lifetime).
    private let listener: ListeningSocket?
    private(set) var pid: pid_t = 0
    private let arguments: [String]

    init(socketActivated: Bool, size: String = "160x120") throws {
        socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("strata-restart-\(UUID().uuidString.prefix(8)).sock").path
        logPath = socketPath + ".log"
        self.socketActivated = socketActivated
        listener = socketActivated ? try ListeningSocket(path: socketPath) : nil
        let server = ServerProcess.binDirectory.appendingPathComponent("strata-server").path
        let common = [server, "--config", "/dev/null", "--backend", "headless", "--background", "#000000", "--size", size]
        // Under socket activation --socket points somewhere unbindable: the server must use fd 3.
        arguments = common + ["--socket", socketActivated ? "/nonexistent-dir/strata.sock" : socketPath]
        FileManager.default.createFile(atPath: logPath, contents: nil)
        try start()
    }

    deinit { _ = stop() }

    /// Starts a server (the previous one must be gone) and waits until it accepts connections: plain,
    /// until it logs that it listens; socket-activated, until it logs that it took the socket.
    func start() throws {
        precondition(pid == 0, "the previous server is still running")
        let before = log.count
        pid = try spawn()
        let ready = socketActivated ? "using the socket passed by systemd" : "] listening\n"
        for _ in 0..<200 {
            if String(log.dropFirst(before)).contains(ready) { return }
            usleep(10_000)
        }
        throw SocketError("strata-server did not start: \(log)", errno: 0)
    }

    /// SIGKILL: the server gets no chance to close anything itself.
    func kill() {
        guard pid != 0 else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    /// Stops the server with SIGTERM; returns everything the servers logged.
    @discardableResult
    func stop() -> String {
        if pid != 0 {
            Glibc.kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            pid = 0
        }
        let text = log
        try? FileManager.default.removeItem(atPath: logPath)
        return text
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    private func spawn() throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_APPEND, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv = arguments
        var environment = ProcessInfo.processInfo.environment
        if let listener {
            // dup2 onto fd 3 clears close-on-exec there. LISTEN_PID must be the server's own pid, known
            // only in the child: a shell sets it to its $$ and execs the server, which keeps that pid.
            posix_spawn_file_actions_adddup2(&actions, listener.fd, 3)
            environment["LISTEN_FDS"] = "1"
            argv = ["/bin/sh", "-c", "export LISTEN_PID=$$; exec \"$0\" \"$@\""] + arguments
        }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, argv[0], &actions, nil, cArgs, cEnv)
        guard rc == 0 else { throw SocketError("posix_spawn \(argv[0])", errno: rc) }
        return child
    }
}
