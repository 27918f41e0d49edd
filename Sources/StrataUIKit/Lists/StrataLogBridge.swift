import Logging
import Strata

/// Logging from main-actor code without repeating the import of Logging everywhere.
enum StrataLogBridge {
    static func error(_ message: String) { StrataLog.logger.error("\(message)") }
}
