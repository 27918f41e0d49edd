import Foundation

/// Where clients and the server find the socket: `STRATA_SOCKET`, else `$XDG_RUNTIME_DIR/strata.sock`,
/// else `/run/strata/strata.sock`.
public enum SocketPath {
    public static func resolve(environment env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let s = env["STRATA_SOCKET"], !s.isEmpty { return s }
        if let dir = env["XDG_RUNTIME_DIR"], !dir.isEmpty { return dir + "/strata.sock" }
        return "/run/strata/strata.sock"
    }
}
