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
        var count = 0, violations = 0
        for path in args {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                count += 1
                do { try DecoderHarness.run(Array(data)) } catch {
                    violations += 1
                    print("\(file): \(error)")
                }
            }
        }
        print("replayed \(count) inputs, \(violations) violations")
        exit(violations == 0 ? 0 : 1)
    }

    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { "\(path)/\($0)" }
    }
}
#endif
