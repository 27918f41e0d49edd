import Foundation
import StrataFuzzing
import StrataProtocol

/// The recent actions of every fuzz session, in global order, so a failure can be saved as a reproducer:
/// the sessions still open and the last few that ended on each client (a leak or a cycle left behind by
/// a departed client can be what takes the server down later).
final class ReproLog {
    struct Entry {
        let seq: Int
        let client: Int
        let session: Int
        let action: FuzzAction
        /// Seconds since the run started (a replay keeps the original pacing: when the server applies and
        /// draws a commit decides which of several bugs a sequence hits first).
        var time: Double = 0
    }

    /// Finished sessions kept per client besides the open ones.
    let keepFinished: Int
    private var seq = 0
    private let start = MonotonicClock.now()
    private var sessions: [Int: [Entry]] = [:]
    private var finished: [Int: [Int]] = [:]

    init(keepFinished: Int = 24) { self.keepFinished = keepFinished }

    func record(client: Int, session: Int, _ action: FuzzAction) {
        seq += 1
        sessions[session, default: []].append(Entry(seq: seq, client: client, session: session, action: action, time: MonotonicClock.now() - start))
    }

    /// Marks a session as ended; the oldest ended sessions of that client are forgotten.
    func ended(client: Int, session: Int) {
        finished[client, default: []].append(session)
        while let list = finished[client], list.count > keepFinished {
            sessions[list[0]] = nil
            finished[client]?.removeFirst()
        }
    }

    var entries: [Entry] { sessions.values.flatMap { $0 }.sorted { $0.seq < $1.seq } }

    /// Writes `actions.jsonl` (one action a line, frames in `frames/`) into `directory`.
    func write(to directory: URL) throws {
        try write(entries, to: directory)
    }

    func write(_ list: [Entry], to directory: URL) throws {
        let frames = directory.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        var lines: [String] = []
        for e in list {
            var o: [String: Any] = ["seq": e.seq, "client": e.client, "session": e.session, "action": e.action.name,
                                    "time": (e.time * 1e6).rounded() / 1e6]
            func save(_ bytes: [UInt8]) throws {
                let name = String(format: "%07d.bin", e.seq)
                try Data(bytes).write(to: frames.appendingPathComponent(name))
                o["frame"] = "frames/\(name)"
            }
            switch e.action {
            case let .send(bytes, fds, splitAt, second):
                try save(bytes)
                o["fds"] = fds.map { ["kind": $0.kind.rawValue, "bytes": $0.byteCount] }
                if let splitAt { o["splitAt"] = splitAt }
                if second { o["fdsOnSecondPart"] = true }
            case let .sendManyFDs(bytes, count):
                try save(bytes)
                o["fdCount"] = count
            case let .shrink(kept, size):
                o["kept"] = kept; o["size"] = size
            case .connect, .shutdownWrite, .close:
                break
            }
            let data = try JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: directory.appendingPathComponent("actions.jsonl"))
    }

    /// Reads a reproducer written by `write`.
    static func read(from directory: URL) throws -> [Entry] {
        let text = try String(contentsOf: directory.appendingPathComponent("actions.jsonl"), encoding: .utf8)
        var out: [Entry] = []
        for line in text.split(separator: "\n") {
            guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let seq = o["seq"] as? Int, let client = o["client"] as? Int, let session = o["session"] as? Int,
                  let name = o["action"] as? String else { throw ReproError(description: "bad line: \(line)") }
            func frame() throws -> [UInt8] {
                guard let file = o["frame"] as? String else { throw ReproError(description: "no frame in \(line)") }
                return Array(try Data(contentsOf: directory.appendingPathComponent(file)))
            }
            let action: FuzzAction
            switch name {
            case "connect": action = .connect
            case "close": action = .close
            case "shutdownWrite": action = .shutdownWrite
            case "shrink": action = .shrink(kept: o["kept"] as? Int ?? 0, size: o["size"] as? Int ?? 0)
            case "sendManyFDs": action = .sendManyFDs(bytes: try frame(), count: o["fdCount"] as? Int ?? 0)
            case "send":
                let fds = (o["fds"] as? [[String: Any]] ?? []).compactMap { d -> FDSpec? in
                    guard let k = (d["kind"] as? String).flatMap(FDSpec.Kind.init(rawValue:)) else { return nil }
                    return FDSpec(k, byteCount: d["bytes"] as? Int ?? 0)
                }
                action = .send(bytes: try frame(), fds: fds, splitAt: o["splitAt"] as? Int, fdsOnSecondPart: o["fdsOnSecondPart"] as? Bool ?? false)
            default: throw ReproError(description: "unknown action \(name)")
            }
            out.append(Entry(seq: seq, client: client, session: session, action: action, time: o["time"] as? Double ?? 0))
        }
        return out
    }
}

struct ReproError: Error, CustomStringConvertible {
    let description: String
}
