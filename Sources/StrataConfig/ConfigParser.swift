/// Reads the configuration file's text into a `ServerConfig`. The grammar (docs/configuration.md):
///
///     line     = blank | comment | section | setting        lines end with LF or CR LF
///     comment  = WS* ("#" | ";") anything                    whole lines only: "#" inside a value is kept
///     section  = WS* "[" WS* "output" WS+ NAME WS* "]" WS*   NAME = [A-Za-z0-9._-]+, a DRM connector name
///     setting  = WS* KEY WS* "=" WS* VALUE WS*               VALUE: one or more characters, no control characters
///     WS       = space | tab
///
/// Global keys come before the first section; `mode`, `rotation` only inside one (`scale` and
/// `safe-area-insets` in both: the headless output's, or the section's). Every key
/// is known, set at most once per section, and its value valid, or parsing stops at the first problem
/// with `FILE:LINE: MESSAGE`. Pure: no I/O.
public enum ConfigParser {
    /// The file's grammar, one line kind after another.
    public static func parse(_ text: String, path: String) throws(ConfigError) -> ServerConfig {
        var config = ServerConfig()
        var globalLines: [String: Int] = [:]
        var output: (config: OutputConfig, lines: [String: Int])?
        var sectionLines: [String: Int] = [:]

        func finishOutput() {
            if let output { config.outputs.append(output.config) }
            output = nil
        }

        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        // Swift reads CR LF as one Character, so both line ends are separators here.
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            let number = index + 1
            func fail(_ message: String) -> ConfigError { ConfigError(location: "\(path):\(number)", message: message) }
            let trimmed = trim(line)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
            if let bad = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
                throw fail("control character U+\(String(bad.value, radix: 16, uppercase: true)) in the line")
            }

            if trimmed.hasPrefix("[") {
                let name = try sectionName(trimmed, fail: fail)
                if let first = sectionLines[name] { throw fail("[output \(name)] already appears on line \(first)") }
                sectionLines[name] = number
                finishOutput()
                output = (OutputConfig(name: name, origin: .file(path: path, line: number)), [:])
                continue
            }

            guard let equals = trimmed.firstIndex(of: "=") else {
                throw fail("expected 'key = value', '[output NAME]' or a # comment, got '\(trimmed)'")
            }
            let key = String(trim(trimmed[..<equals]))
            let value = String(trim(trimmed[trimmed.index(after: equals)...]))
            if key.isEmpty { throw fail("a setting needs a key before '='") }

            if var current = output {
                try setOutput(key, value, in: &current, line: number, fail: fail)
                output = current
            } else {
                try setGlobal(key, value, in: &config, lines: &globalLines, path: path, line: number, fail: fail)
            }
        }
        finishOutput()
        return config
    }

    /// A key of an `[output NAME]` section, set once there (`lines`: where each was set).
    private static func setOutput(_ key: String, _ value: String, in current: inout (config: OutputConfig, lines: [String: Int]), line number: Int,
                                  fail: (String) -> ConfigError) throws(ConfigError) {
        guard let outputKey = OutputKey(rawValue: key) else {
            if ConfigKey(rawValue: key) != nil {
                throw fail("\(key) is a global key: put it before the first [output] section")
            }
            throw fail("unknown key '\(key)' in [output \(current.config.name)]; known keys there: \(OutputKey.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let first = current.lines[key] { throw fail("\(key) is already set on line \(first) in [output \(current.config.name)]") }
        if value.isEmpty { throw fail("\(key) has no value") }
        do {
            switch outputKey {
            case .mode: current.config.mode = try ConfigValues.mode(key, value)
            case .rotation: current.config.rotation = try ConfigValues.rotation(key, value)
            case .scale:
                if value == "auto" { current.config.autoScale = true } else { current.config.scale = try ConfigValues.scale(key, value) }
            case .safeAreaInsets: current.config.safeAreaInsets = try ConfigValues.safeAreaInsets(key, value)
            }
        } catch { throw fail(error.message) }
        current.lines[key] = number
    }

    /// A global key, before any section, set once (`lines`: where each was set).
    private static func setGlobal(_ key: String, _ value: String, in config: inout ServerConfig, lines: inout [String: Int],
                                  path: String, line number: Int, fail: (String) -> ConfigError) throws(ConfigError) {
        guard let globalKey = ConfigKey(rawValue: key) else {
            if OutputKey(rawValue: key) != nil { throw fail("\(key) belongs in an [output NAME] section") }
            throw fail("unknown key '\(key)'; known keys: \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let first = lines[key] { throw fail("\(key) is already set on line \(first)") }
        if value.isEmpty { throw fail("\(key) has no value") }
        do { try config.set(globalKey, value, from: .file(path: path, line: number)) } catch { throw fail(error.message) }
        lines[key] = number
    }

    /// `[output NAME]` → NAME.
    private static func sectionName(_ line: Substring, fail: (String) -> ConfigError) throws(ConfigError) -> String {
        guard line.hasSuffix("]") else { throw fail("a section header must end with ']', got '\(line)'") }
        let inside = trim(line.dropFirst().dropLast())
        let words = inside.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.first == "output" else {
            throw fail("unknown section [\(inside)]; the only section is [output NAME]")
        }
        guard words.count == 2 else { throw fail("expected [output NAME] with one connector name, e.g. [output HDMI-A-1], got '\(line)'") }
        let name = words[1]
        guard ConfigValues.isConnectorName(name) else {
            throw fail("output name '\(name)' may only contain letters, digits, '.', '_' and '-' (a connector name such as HDMI-A-1)")
        }
        return String(name)
    }

    private static func trim(_ s: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = s.firstIndex(where: { !blank($0) }), let end = s.lastIndex(where: { !blank($0) }) else { return "" }
        return s[start...end]
    }
}
