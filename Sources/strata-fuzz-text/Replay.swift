#if !STRATA_LIBFUZZER
import Foundation
import StrataFuzzing

/// Without libFuzzer (a plain `swift build`) the target replays inputs: every file named, or every file in
/// a directory named, goes through the same harness, so a crash libFuzzer saved reproduces under a debugger.
/// `--write-seeds DIR` writes the seed corpus; `--describe FILE` prints what an input decodes to and what
/// layout makes of it.
@main
struct TextReplay {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        if args.first == "--write-seeds", args.count == 2 {
            do { print("wrote \(try writeSeeds(to: args[1])) seeds to \(args[1])") } catch {
                FileHandle.standardError.write(Data("strata-fuzz-text: \(error)\n".utf8)); exit(1)
            }
            return
        }
        if args.first == "--describe", args.count == 2 {
            guard let data = FileManager.default.contents(atPath: args[1]) else { print("cannot read \(args[1])"); exit(1) }
            let input = TextFuzzInput.decode(Array(data))
            print(describe(input))
            return print(TextHarness.describeLayout(input))
        }
        guard !args.isEmpty, !args.contains(where: { $0.hasPrefix("-") }) else {
            print("""
            usage: strata-fuzz-text FILE|DIR...       replay inputs through the text layout harness
                   strata-fuzz-text --write-seeds DIR  write the seed corpus
                   strata-fuzz-text --describe FILE    print what an input decodes to and its layout
            Built with `swift build --sanitize=fuzzer -Xswiftc -DSTRATA_LIBFUZZER` it is a libFuzzer binary instead (docs/fuzzing.md).
            """)
            exit(args.isEmpty ? 2 : 1)
        }
        let (_, violations) = InputReplay.run(args) { try TextHarness.run($0) }
        exit(violations == 0 ? 0 : 1)
    }

    static func writeSeeds(to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let seeds = TextFuzzInput.seeds()
        for s in seeds { try Data(s.input.encode()).write(to: URL(fileURLWithPath: directory).appendingPathComponent(s.name)) }
        return seeds.count
    }

    static func describe(_ input: TextFuzzInput) -> String {
        let units = input.units.map { String(format: "%04X", $0) }.joined(separator: " ")
        var lines = [
            "units (\(input.units.count)): \(units)",
            "string: \(input.text.string.debugDescription)",
            "font: \(input.font.map(\.debugDescription) ?? "nil") fontSize: \(input.fontSize) bounds: \(input.bounds.width) x \(input.bounds.height)",
            "wrapped: \(input.isWrapped) truncation: \(input.truncation.name) alignment: \(input.alignment.name) twice: \(input.checksDeterminism)",
        ]
        for (i, run) in input.runs.enumerated() { lines.append("run \(i): \(run.location) +\(run.length) \(run.attributes)") }
        return lines.joined(separator: "\n")
    }
}
#endif
