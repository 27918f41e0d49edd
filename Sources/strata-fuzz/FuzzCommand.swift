import ArgumentParser
import Foundation
import StrataFuzzing
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-fuzz",
        abstract: "Process-level fuzzer: many fuzz clients against a real strata-server, a witness probing it (docs/fuzzing.md).",
        discussion: "Exits 0 when the run ends with the server alive and every probe answered in time; otherwise saves the recent inputs of every client under --crashes and exits 1. Prints a JSON summary either way.")

    @Option(help: "Stop after this many inputs (one input: one message or one descriptor trick sent). 0: no limit.")
    var inputs = 100_000

    @Option(help: "Stop after this many seconds. 0: no limit.")
    var seconds: Double = 0

    @Option(help: "Seed of the run (default: from the clock; printed in the summary).")
    var seed: UInt64?

    @Option(help: "strata-server to run (default: the one beside this executable).")
    var server: String?

    @Option(help: "Fuzz clients, each with its own sessions.")
    var clients = 4

    @Option(help: "Directory of frames (*.bin) to mutate besides the generated ones; --write-seeds fills one.")
    var corpus: String?

    @Option(help: "Where reproducers of failures go (one directory per failure).")
    var crashes = "fuzz-crashes"

    @Option(help: "Families to run, comma-separated (default all; 'known-crashers' names the four the server is known to fail on).")
    var families = "all"

    @Option(help: "Families to leave out, comma-separated (e.g. known-crashers).")
    var avoid = ""

    @Option(help: "Milliseconds between witness probes.")
    var probeInterval = 50

    @Option(help: "Milliseconds a probe may take before the run fails.")
    var probeTimeout = 1000

    @Option(help: "Headless output size of the server.")
    var size = "64x48"

    @Option(help: "Replay a reproducer directory against a fresh server instead of fuzzing.")
    var replay: String?

    @Option(help: "Print a reproducer directory's actions, decoded, and exit.")
    var describe: String?

    @Option(help: "Save the server's /proc/PID/smaps here once it serves (smaps-start.txt), after 10,000 inputs (smaps-10000.txt) and once the fuzz clients left (smaps-end.txt), to see which mappings grew.")
    var memoryMaps: String?

    @Option(help: "Write seed frames for --corpus and the decoder fuzzer's seed corpus into this directory, then exit.")
    var writeSeeds: String?

    mutating func run() throws {
        if let dir = writeSeeds { return try Self.writeSeeds(to: dir) }
        if let dir = describe { return print(ReproDescription.describe(try ReproLog.read(from: URL(fileURLWithPath: dir)))) }
        let serverPath = server ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata-server").path
        let avoided = Set(try Family.parseList(avoid))
        let chosen = try Family.parseList(families).filter { !avoided.contains($0) }
        guard !chosen.isEmpty else { throw ValidationError("no families left to run") }
        let runSeed = seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("strata-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        FDFactory.scratch = work.path
        signal(SIGPIPE, SIG_IGN)
        let sut = try ServerUnderTest(executable: serverPath, directory: work, size: size, extraArguments: [])
        ServerReaper.watch(sut.process.processIdentifier)
        let witness = Witness(socketPath: sut.socketPath, interval: Double(probeInterval) / 1000, timeout: Double(probeTimeout) / 1000, grace: 10)
        try witness.start()
        var run = FuzzRun(sut: sut, witness: witness, seed: runSeed, families: chosen, clients: clients, corpus: try Self.loadCorpus(corpus))
        run.memoryMaps = memoryMaps.map { URL(fileURLWithPath: $0) }
        if let replay {
            run.replay(try ReproLog.read(from: URL(fileURLWithPath: replay)))
        } else {
            run.fuzz(inputs: inputs, seconds: seconds)
        }
        let outcome = run.finish(crashes: URL(fileURLWithPath: crashes))
        try? FileManager.default.removeItem(at: work)
        print(outcome.summaryJSON)
        if !outcome.passed { throw ExitCode(1) }
    }

    static func loadCorpus(_ dir: String?) throws -> [[UInt8]] {
        guard let dir else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".bin") }.sorted()
        return names.compactMap { FileManager.default.contents(atPath: "\(dir)/\($0)").map(Array.init) }
    }

    static func writeSeeds(to dir: String) throws {
        let frames = URL(fileURLWithPath: dir).appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let all = SeedCorpus.clientFrames(count: 200, seed: 1)
        for (i, f) in all.enumerated() { try Data(f).write(to: frames.appendingPathComponent(String(format: "client-%03d.bin", i))) }
        let decoder = try SeedCorpus.writeDecoderSeeds(to: URL(fileURLWithPath: dir).appendingPathComponent("decoders").path)
        print("wrote \(all.count) frames to \(frames.path) and \(decoder) decoder seeds to \(dir)/decoders")
    }
}

/// Kills the server under test when the fuzzer itself is interrupted or timed out, so no server outlives its
/// run (a hung one would not stop on SIGTERM).
enum ServerReaper {
    nonisolated(unsafe) static var pid: pid_t = 0

    static func watch(_ serverPID: pid_t) {
        pid = serverPID
        for s in [SIGINT, SIGTERM, SIGHUP] {
            signal(s) { sig in
                if ServerReaper.pid > 0 { kill(ServerReaper.pid, SIGKILL) }
                _exit(128 + sig)
            }
        }
    }
}
