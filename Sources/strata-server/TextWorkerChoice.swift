import Foundation
import Logging
import StrataConfig
import StrataServer

/// The text worker the `text-worker` setting asks for: `auto` is `strata-text-worker` in this executable's
/// directory (where `swift build` and scripts/install.sh put it), or `../libexec/strata/` (the Debian package). `StartupSettings.check` has made sure
/// it is an executable before anything started.
enum TextWorkerChoice {
    /// The worker's path (nil: `off`).
    static func path(_ settings: ServerConfig) -> String? {
        switch settings.textWorker {
        case .off: nil
        case .path(let given): given
        case .auto: besideExecutable()
        }
    }

    static func service(_ settings: ServerConfig, logger: Logger) throws -> TextLayoutService? {
        guard let path = path(settings) else {
            logger.warning("text-worker is off: clients' text is laid out on the frame thread, where a text library's abort ends the server")
            return nil
        }
        logger.info("text worker", metadata: ["path": "\(path)", "layout_timeout_s": "\(settings.textLayoutTimeout)"])
        return try TextLayoutService(settings: .init(workerPath: path, timeout: settings.textLayoutTimeout), logger: logger)
    }

    /// `strata-text-worker` beside this executable, else in `PREFIX/libexec/strata/` for an executable in
    /// `PREFIX/bin` (the Debian package's layout: a helper no one runs by hand stays off `PATH`).
    static func besideExecutable() -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        let beside = dir.appendingPathComponent("strata-text-worker").path
        let libexec = dir.deletingLastPathComponent().appendingPathComponent("libexec/strata/strata-text-worker").path
        if !FileManager.default.isExecutableFile(atPath: beside), FileManager.default.isExecutableFile(atPath: libexec) { return libexec }
        return beside
    }
}
