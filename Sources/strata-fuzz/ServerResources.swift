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
    /// The part of `fileMiB` that is font files (mapped by FreeType and HarfBuzz while faces are open).
    var fontMiB: Double
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
                               shmemMiB: mib("RssShmem") ?? 0, fontMiB: fontResident(pid: pid), fds: fds.count)
    }

    /// Resident MiB of the font files the process maps, summed from `/proc/PID/smaps`.
    private static func fontResident(pid: Int32) -> Double {
        // Read to the end: String(contentsOfFile:) stops after the first page of a /proc file.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps") else { return 0 }
        defer { try? file.close() }
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var kb = 0, inFont = false
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-"), !line.hasSuffix(":") {
                // A mapping's header: "start-end perms offset dev inode [path]".
                inFont = line.contains("/fonts/") || line.hasSuffix(".ttf") || line.hasSuffix(".otf") || line.hasSuffix(".ttc")
            } else if inFont, line.hasPrefix("Rss:") {
                kb += Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
        }
        return (Double(kb) / 1024 * 10).rounded() / 10
    }

    var json: [String: Any] { ["rss": rssMiB, "anon": anonMiB, "file": fileMiB, "shmem": shmemMiB, "fonts": fontMiB] }
}

/// Resident memory over a run, sampled with the progress lines: enough to tell a leak (anonymous memory
/// growing with the inputs) from a high-water mark (growth early, then flat). At most `limit` samples are
/// kept, every other one dropped when full, so a long run keeps an even spread. One more sample, taken
/// as the run passes `baselineInputs`, is always kept: issue 50's criterion compares the end with it.
struct MemoryTrace {
    private(set) var samples: [(inputs: Int, resources: ServerResources)] = []
    private(set) var baseline: (inputs: Int, resources: ServerResources)?
    private var keepEvery = 1
    private var offered = 0
    let limit = 64
    static let baselineInputs = 10_000

    mutating func offer(inputs: Int, _ resources: ServerResources?) {
        defer { offered += 1 }
        guard let resources, offered % keepEvery == 0 else { return }
        samples.append((inputs, resources))
        if samples.count >= limit {
            samples = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            keepEvery *= 2
        }
    }

    /// Whether the run has passed `baselineInputs` without that sample yet.
    func wantsBaseline(inputs: Int) -> Bool { baseline == nil && inputs >= Self.baselineInputs }

    /// Takes the baseline sample (once: the first readable one past `baselineInputs`).
    mutating func offerBaseline(inputs: Int, _ resources: ServerResources?) {
        guard wantsBaseline(inputs: inputs), let resources else { return }
        baseline = (inputs, resources)
    }

    var json: [[String: Any]] {
        let all = (samples + (baseline.map { [$0] } ?? [])).sorted { $0.inputs < $1.inputs }
        return all.map { ["inputs": $0.inputs, "anon": $0.resources.anonMiB, "rss": $0.resources.rssMiB, "fonts": $0.resources.fontMiB] }
    }
}
