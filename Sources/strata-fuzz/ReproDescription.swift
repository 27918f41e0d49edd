import Foundation
import StrataProtocol

/// A reproducer's actions in words: each session's sends decoded (message type, operations by name), so
/// a failure can be read before it is replayed.
enum ReproDescription {
    static func describe(_ entries: [ReproLog.Entry]) -> String {
        entries.map { e in
            var line = "#\(e.seq) client \(e.client) session \(e.session) \(e.action.name)"
            switch e.action {
            case let .send(bytes, fds, splitAt, second):
                line += " " + frame(bytes)
                if !fds.isEmpty { line += " fds=\(fds)" + (second ? " (on the second part)" : "") }
                if let splitAt { line += " split@\(splitAt)" }
            case let .sendManyFDs(bytes, count): line += " " + frame(bytes) + " with \(count) fds"
            case let .shrink(kept, size): line += " kept memfd \(kept) to \(size) bytes"
            case .connect, .shutdownWrite, .close: break
            }
            return line
        }.joined(separator: "\n")
    }

    static func frame(_ bytes: [UInt8]) -> String {
        var a = FrameAssembler()
        a.append(bytes)
        guard let f = try? a.next() else { return "\(bytes.count) bytes (no whole frame)" }
        let rest = a.pendingByteCount > 0 ? " +\(a.pendingByteCount) bytes" : ""
        do {
            let m = try MessageCoding.decodeClient(type: f.type, body: f.body)
            guard case .commit(let c) = m else { return "\(m)\(rest)" }
            var names: [String: Int] = [:]
            for op in c.operations { names[FuzzStats.name(of: op), default: 0] += 1 }
            let ops = names.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
            let head = c.operations.prefix(6).map { "\($0)" }.joined(separator: "; ")
            return "commit \(c.transactionID) [\(ops)] \(head)\(c.operations.count > 6 ? "; …" : "")\(rest)"
        } catch {
            return "type \(f.type), \(f.body.count) bytes, rejected: \(error)\(rest)"
        }
    }
}
