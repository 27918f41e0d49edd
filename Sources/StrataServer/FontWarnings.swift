import Foundation
import Logging
import StrataCore
import StrataText

/// The one warning per font name no installed font carries: the text shows in fontconfig's default
/// match instead. Names are remembered (at most `maxNames`, so a client naming a million fonts costs a
/// bounded set) and each is logged once.
final class FontWarnings: @unchecked Sendable {
    static let shared = FontWarnings()
    static let maxNames = 1024

    private let lock = NSLock()
    private var checked: Set<String> = []
    private var logger: Logger?

    /// Where warnings go (the server's logger); until set, names are checked but nothing is logged.
    func setLogger(_ logger: Logger) { lock.withLock { self.logger = logger } }

    /// Checks the layer's font and every run's.
    func check(_ font: String?, _ text: AttributedText) {
        check(font)
        for run in text.runs where run.attributes.font != nil { check(run.attributes.font) }
    }

    /// Logs once that `name` is not installed and `family` shows instead (what the text worker found).
    func warn(_ name: String, using family: String) {
        let (fresh, logger) = lock.withLock { () -> (Bool, Logger?) in
            guard checked.count < Self.maxNames, !checked.contains(name) else { return (false, nil) }
            checked.insert(name)
            return (true, self.logger)
        }
        if fresh { logger?.warning("font not found, using the default", metadata: ["font": "\(name)", "using": "\(family)"]) }
    }

    private func check(_ name: String?) {
        guard let name else { return }
        let (fresh, logger) = lock.withLock { () -> (Bool, Logger?) in
            guard checked.count < Self.maxNames, !checked.contains(name) else { return (false, nil) }
            checked.insert(name)
            return (true, self.logger)
        }
        guard fresh else { return }
        let match = FontLibrary.shared.resolve(name)
        if !match.matchedName {
            logger?.warning("font not found, using the default", metadata: ["font": "\(name)", "using": "\(match.face.family)"])
        }
    }
}
