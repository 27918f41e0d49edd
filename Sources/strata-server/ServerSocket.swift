import Foundation
import Logging
import StrataConfig
import StrataProtocol

/// The listening socket: the one systemd passes (socket activation), else one the server binds with the
/// configured path, mode and group.
enum ServerSocket {
    static func open(_ settings: ServerConfig, group: UInt32?, environment env: [String: String], logger: Logger) throws -> ListeningSocket {
        if env["LISTEN_FDS"] == "1", env["LISTEN_PID"] == String(getpid()), ListeningSocket.isListeningSocket(3) {
            logger.info("using the socket passed by systemd")
            let ignored = [ConfigKey.socket, .socketMode, .socketGroup].filter { settings.origin(of: $0) != nil }
            if !ignored.isEmpty {
                // systemd made the socket: its path and permissions are strata.socket's ListenStream=,
                // SocketMode= and SocketGroup=.
                logger.notice("settings ignored under socket activation: set them in strata.socket",
                              metadata: ["settings": "\(ignored.map(\.rawValue).joined(separator: ", "))"])
            }
            return ListeningSocket(adopting: 3)
        }
        let path = settings.socketPath(environment: env, fallback: { SocketPath.resolve(environment: env) })
        let listener = try ListeningSocket(path: path, permissions: (mode: settings.socketMode, group: group))
        logger.info("listening", metadata: ["socket": "\(path)", "mode": "\(String(format: "%04o", settings.socketMode))"]
                        .merging(settings.socketGroup.map { ["group": "\($0)"] } ?? [:]) { a, _ in a })
        return listener
    }
}
