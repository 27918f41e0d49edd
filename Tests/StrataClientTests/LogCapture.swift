import Foundation
import Logging

/// The client library's log messages, as a test sees them: the process's logging backend is bootstrapped
/// once with a handler that keeps what each thread logs while it captures (and writes everything to
/// stderr, as the default backend does).
enum LogCapture {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var byThread: [pthread_t: [String]] = [:]
    }
    private static let store = Store()

    private struct Handler: LogHandler {
        var stream: StreamLogHandler
        var metadata: Logger.Metadata { get { stream.metadata } set { stream.metadata = newValue } }
        var logLevel: Logger.Level { get { stream.logLevel } set { stream.logLevel = newValue } }
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { stream[metadataKey: key] }
            set { stream[metadataKey: key] = newValue }
        }

        func log(event: LogEvent) {
            let me = pthread_self()
            LogCapture.store.lock.lock()
            if let key = LogCapture.store.byThread.keys.first(where: { pthread_equal($0, me) != 0 }) {
                LogCapture.store.byThread[key]?.append("\(event.message)")
            }
            LogCapture.store.lock.unlock()
            stream.log(event: event)
        }
    }

    private static let bootstrapped: Bool = {
        LoggingSystem.bootstrap { Handler(stream: StreamLogHandler.standardError(label: $0)) }
        return true
    }()

    /// What `body` logged on this thread (the library logs a rejected value on the thread that set it).
    static func messages(during body: () throws -> Void) rethrows -> [String] {
        _ = bootstrapped
        let me = pthread_self()
        store.lock.lock(); store.byThread[me] = []; store.lock.unlock()
        defer { store.lock.lock(); store.byThread[me] = nil; store.lock.unlock() }
        try body()
        store.lock.lock(); defer { store.lock.unlock() }
        return store.byThread[me] ?? []
    }
}
