#if !STRATA_LIBFUZZER
import Foundation
import StrataFuzzing

/// Without libFuzzer (a plain `swift build`) the target replays inputs: every file named, or every file in
/// a directory named, goes through the same harness, so a crash libFuzzer saved reproduces under a debugger
/// and in tests. `--write-seeds DIR` writes the seed corpus.
@main
struct DecoderReplay {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        if args.first == "--write-seeds", args.count == 2 {
            do { print("wrote \(try SeedCorpus.writeDecoderSeeds(to: args[1])) seeds to \(args[1])") } catch {
                FileHandle.standardError.write(Data("strata-fuzz-decoders: \(error)\n".utf8)); exit(1)
            }
            return
        }
        guard !args.isEmpty, !args.contains(where: { $0.hasPrefix("-") }) else {
            print("""
            usage: strata-fuzz-decoders FILE|DIR...      replay inputs through the decoder harness
                   strata-fuzz-decoders --write-seeds DIR write the seed corpus
            Built with `swift build --sanitize=fuzzer -Xswiftc -DSTRATA_LIBFUZZER` it is a libFuzzer binary instead (docs/fuzzing.md).
            """)
            exit(args.isEmpty ? 2 : 1)
        }
        let (_, violations) = InputReplay.run(args) { try DecoderHarness.run($0) }
        exit(violations == 0 ? 0 : 1)
    }
}
#endif
