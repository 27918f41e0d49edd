import Foundation

/// The server's memory and descriptors at one moment, from /proc. Resident memory is split the way the
/// kernel counts it, because the parts mean different things for a leak: anonymous pages are the heap
/// (what a leak grows), file pages are mapped libraries and font files (clean, reclaimable), shared memory
/// is memfds the server still maps.
struct ServerResources {
    var rssMiB: Double
    var anonMiB: Double
    var fileMiB: Double
    var shmemMiB: Double
    var fds: Int

    /// Reads `/proc/PID/status` and `/proc/PID/fd`; nil when the process has gone or /proc cannot say.
    static func read(pid: Int32) -> ServerResources? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return nil }
        func mib(_ field: String) -> Double? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
            return (kb / 1024 * 10).rounded() / 10
        }
        guard let rss = mib("VmRSS") else { return nil }
        return ServerResources(rssMiB: rss, anonMiB: mib("RssAnon") ?? 0, fileMiB: mib("RssFile") ?? 0,
                               shmemMiB: mib("RssShmem") ?? 0, fds: fds.count)
    }

    var json: [String: Any] { ["rss": rssMiB, "anon": anonMiB, "file": fileMiB, "shmem": shmemMiB] }
}

/// Resident memory over a run, sampled with the progress lines: enough to tell a leak (anonymous memory
/// growing with the inputs) from a high-water mark (growth early, then flat). At most `limit` samples are
/// kept, every other one dropped when full, so a long run keeps an even spread.
struct MemoryTrace {
    private(set) var samples: [(inputs: Int, resources: ServerResources)] = []
    private var keepEvery = 1
    private var offered = 0
    let limit = 64

    mutating func offer(inputs: Int, _ resources: ServerResources?) {
        defer { offered += 1 }
        guard let resources, offered % keepEvery == 0 else { return }
        samples.append((inputs, resources))
        if samples.count >= limit {
            samples = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            keepEvery *= 2
        }
    }

    var json: [[String: Any]] { samples.map { ["inputs": $0.inputs, "anon": $0.resources.anonMiB, "rss": $0.resources.rssMiB] } }
}
