import Logging

/// The client library's logger (swift-log; the application chooses the backend).
public enum StrataLog {
    /// Made for each message, so it logs through the backend bootstrapped when the message is logged,
    /// even if the application (or a test) bootstraps one after the library's first message.
    public static var logger: Logger { Logger(label: "strata.client") }
}
