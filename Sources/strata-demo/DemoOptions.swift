import Foundation

/// Reads `--flag value` pairs (and leading positional arguments) from the command line.
struct OptionReader {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]

    init(_ arguments: [String], flags: Set<String>) throws {
        var it = arguments.makeIterator()
        while let argument = it.next() {
            if argument.hasPrefix("--") {
                guard flags.contains(argument) else { throw DemoError("unknown option \(argument)") }
                guard let value = it.next() else { throw DemoError("\(argument) needs a value") }
                values[argument] = value
            } else {
                positional.append(argument)
            }
        }
    }

    func string(_ flag: String) -> String? { values[flag] }

    /// A finite number, at least `minimum`; nil when the flag is absent.
    func seconds(_ flag: String, minimum: Double = 0) throws -> Double? {
        guard let text = values[flag] else { return nil }
        guard let value = Double(text), value.isFinite, value >= minimum else { throw DemoError("\(flag) takes a number ≥ \(minimum)") }
        return value
    }
}

extension ScreenRun {
    init(_ arguments: [String]) throws {
        let options = try OptionReader(arguments, flags: ["--seconds", "--lead", "--loop", "--speed"])
        guard options.positional.isEmpty else { throw DemoError("unexpected argument \(options.positional[0])") }
        self.init()
        if let lead = try options.seconds("--lead") { self.lead = lead }
        if let loop = try options.seconds("--loop", minimum: 0.5) { self.loop = loop }
        seconds = try options.seconds("--seconds")
        if let speed = try options.seconds("--speed", minimum: 0.01) { self.speed = speed }
    }
}
