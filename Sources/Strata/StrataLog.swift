import Logging

/// The client library's logger (swift-log; the application chooses the backend).
public enum StrataLog {
    public static let logger = Logger(label: "strata.client")
}
