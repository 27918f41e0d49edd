import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which configuration file the server reads, and reading it.
public enum ConfigFile {
    public static let defaultPath = "/etc/strata/strata.conf"
    /// A configuration file is a few hundred bytes; anything this large is a mistake (a wrong path).
    static let maxSize = 1 << 20

    public struct Choice: Equatable, Sendable {
        public let path: String
        /// Named by `--config` or `STRATA_CONFIG`: then a missing file is an error, not the defaults.
        public let explicit: Bool

        public init(path: String, explicit: Bool) {
            self.path = path
            self.explicit = explicit
        }
    }

    /// `--config`, else `STRATA_CONFIG` (when not empty), else the default path.
    public static func choose(option: String?, environment: [String: String]) -> Choice {
        if let option { return Choice(path: option, explicit: true) }
        if let env = environment["STRATA_CONFIG"], !env.isEmpty { return Choice(path: env, explicit: true) }
        return Choice(path: defaultPath, explicit: false)
    }

    /// The settings in the chosen file; the defaults when the default file does not exist.
    public static func load(_ choice: Choice) throws(ConfigError) -> ServerConfig {
        let bytes: [UInt8]
        switch read(choice.path) {
        case .success(let b): bytes = b
        case .failure(let failure):
            if failure.code == ENOENT, !choice.explicit { return ServerConfig() }
            throw ConfigError(location: choice.path, message: "cannot read the configuration file: \(String(cString: strerror(failure.code)))")
        }
        guard bytes.count <= maxSize else {
            throw ConfigError(location: choice.path, message: "the configuration file is larger than \(maxSize >> 20) MiB")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(location: choice.path, message: "the configuration file is not UTF-8 text")
        }
        return try ConfigParser.parse(text, path: choice.path)
    }

    /// The file's bytes (up to one more than the size limit), or the errno of the failure.
    private static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadFailure(errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while bytes.count <= maxSize {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(errno))
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return .success(bytes)
    }

    private struct ReadFailure: Error { let code: Int32; init(_ code: Int32) { self.code = code } }
}
