import Foundation
import Logging
import StrataConfig
import StrataServer

/// The text worker the `text-worker` setting asks for: `auto` is `strata-text-worker` in this executable's
/// directory (where `swift build` and scripts/install.sh put it). `StartupSettings.check` has made sure
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

    static func besideExecutable() -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("strata-text-worker").path
    }
}
