import Foundation
import StrataCore

/// The value grammars shared by the file and the command line. Each parser takes the key (for its
/// message) and the text with surrounding blanks already removed. Numbers are plain decimals: no sign,
/// exponent, hex, `inf` or `nan` (which Swift's own `Double(_:)` would accept).
enum ConfigValues {
    enum PathRule { case absolute, anyPath }

    static func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ text: String, _: T.Type) throws(ConfigValueError) -> T
    where T.RawValue == String {
        if let value = T(rawValue: text) { return value }
        throw ConfigValueError("\(key) must be \(alternatives(T.allCases.map(\.rawValue))), got \(quoted(text))")
    }

    static func pixelSize(_ key: String, _ text: String) throws(ConfigValueError) -> PixelSize {
        guard let (w, h) = dimensions(text) else {
            throw ConfigValueError("\(key) must be WIDTHxHEIGHT with each side from 1 to 16384, e.g. 1280x720, got \(quoted(text))")
        }
        return PixelSize(width: w, height: h)
    }

    static func hertz(_ key: String, _ text: String) throws(ConfigValueError) -> Double {
        guard let hz = decimal(text), hz > 0, hz <= 1000 else {
            throw ConfigValueError("\(key) must be a rate in Hz above 0 and at most 1000, got \(quoted(text))")
        }
        return hz
    }

    static func color(_ key: String, _ text: String) throws(ConfigValueError) -> Color {
        guard let color = Color(hex: text), text.dropFirst().allSatisfy(\.isHexDigit) else {
            throw ConfigValueError("\(key) must be #RRGGBB or #RRGGBBAA, got \(quoted(text))")
        }
        return color
    }

    static func path(_ key: String, _ text: String, _ rule: PathRule) throws(ConfigValueError) -> String {
        if rule == .absolute, !text.hasPrefix("/") {
            throw ConfigValueError("\(key) must be an absolute path in a configuration file, got \(quoted(text))")
        }
        return text
    }

    /// A Unix socket path must fit sockaddr_un's 108-byte sun_path with its terminating NUL.
    static func socketPath(_ key: String, _ text: String, _ rule: PathRule) throws(ConfigValueError) -> String {
        let path = try path(key, text, rule)
        guard path.utf8.count <= 107 else {
            throw ConfigValueError("\(key) is \(path.utf8.count) bytes long; a Unix socket path holds at most 107")
        }
        return path
    }

    /// Octal permission bits 000…777, with or without a leading 0 (`0660`, `660`).
    static func permissions(_ key: String, _ text: String) throws(ConfigValueError) -> UInt32 {
        guard (3...4).contains(text.count), text.allSatisfy({ ("0"..."7").contains($0) }),
              let bits = UInt32(text, radix: 8), bits <= 0o777 else {
            throw ConfigValueError("\(key) must be octal permissions from 000 to 0777, e.g. 0660, got \(quoted(text))")
        }
        return bits
    }

    /// A group name as useradd/groupadd accept it (letters, digits, `_`, `-`, `.`, not starting with `-`),
    /// or a group number. Whether it exists is checked when the socket is bound.
    static func group(_ key: String, _ text: String) throws(ConfigValueError) -> String {
        let ok = text.count <= 32 && text.first != "-"
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) }
        guard ok else { throw ConfigValueError("\(key) must be a group name or number, got \(quoted(text))") }
        return text
    }

    /// Names or numbers of users or groups, separated by commas (blanks around each are ignored).
    static func nameList(_ key: String, _ text: String) throws(ConfigValueError) -> [String] {
        var names: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            do {
                guard !name.isEmpty else { throw ConfigValueError("") }
                names.append(try group(key, name))
            } catch {
                throw ConfigValueError("\(key) must be user or group names or numbers separated by commas, got \(quoted(text))")
            }
        }
        return names
    }

    /// Seconds as a plain decimal within `range`.
    static func seconds(_ key: String, _ text: String, in range: ClosedRange<Double>) throws(ConfigValueError) -> Double {
        guard let s = decimal(text), range.contains(s) else {
            throw ConfigValueError("\(key) must be a number of seconds from \(range.lowerBound) to \(range.upperBound), got \(quoted(text))")
        }
        return s
    }

    /// A whole number that may be negative (a leading `-`).
    static func signedInteger(_ key: String, _ text: String, in range: ClosedRange<Int>) throws(ConfigValueError) -> Int {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let n = Int(text), range.contains(n) else {
            throw ConfigValueError("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(quoted(text))")
        }
        return n
    }

    static func integer(_ key: String, _ text: String, in range: ClosedRange<Int>) throws(ConfigValueError) -> Int {
        guard text.allSatisfy(\.isASCIIDigit), let n = Int(text), range.contains(n) else {
            throw ConfigValueError("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(quoted(text))")
        }
        return n
    }

    /// Bytes, optionally with a binary suffix: `K` (KiB), `M` (MiB) or `G` (GiB): `8M` = 8388608.
    static func byteCount(_ key: String, _ text: String, in range: ClosedRange<Int>) throws(ConfigValueError) -> Int {
        let shifts: [Character: Int] = ["K": 10, "M": 20, "G": 30]
        let shift = text.last.flatMap { shifts[$0] } ?? 0
        let digits = shift == 0 ? Substring(text) : text.dropLast()
        if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let n = Int(digits), n <= Int.max >> shift,
           range.contains(n << shift) {
            return n << shift
        }
        throw ConfigValueError("\(key) must be a byte count from \(bytes(range.lowerBound)) to \(bytes(range.upperBound)) (a number, optionally followed by K, M or G for KiB, MiB, GiB), got \(quoted(text))")
    }

    static func mode(_ key: String, _ text: String) throws(ConfigValueError) -> OutputMode {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        if let (w, h) = dimensions(parts[0]) {
            if parts.count == 1 { return OutputMode(width: w, height: h) }
            if let hz = decimal(parts[1]), hz > 0, hz <= 1000 { return OutputMode(width: w, height: h, refresh: hz) }
        }
        throw ConfigValueError("\(key) must be WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1920x1080 or 1920x1080@60, got \(quoted(text))")
    }

    static func rotation(_ key: String, _ text: String) throws(ConfigValueError) -> OutputRotation {
        guard text.allSatisfy(\.isASCIIDigit), let degrees = Int(text), let r = OutputRotation(rawValue: degrees) else {
            throw ConfigValueError("\(key) must be 0, 90, 180 or 270, got \(quoted(text))")
        }
        return r
    }

    static func scale(_ key: String, _ text: String) throws(ConfigValueError) -> Double {
        guard let s = decimal(text), s > 0, s <= 8 else {
            throw ConfigValueError("\(key) must be a number above 0 and at most 8, e.g. 1 or 1.5, got \(quoted(text))")
        }
        return s
    }

    /// `TOP,LEFT,BOTTOM,RIGHT` in points (UIEdgeInsets' order), each a plain decimal from 0 to 16384; blanks
    /// around each are ignored.
    static func safeAreaInsets(_ key: String, _ text: String) throws(ConfigValueError) -> SafeAreaInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap { decimal($0) }.filter { $0 <= 16384 }
        guard parts.count == 4, numbers.count == 4 else {
            throw ConfigValueError("\(key) must be TOP,LEFT,BOTTOM,RIGHT in points, each from 0 to 16384, e.g. 0,0,48,0, got \(quoted(text))")
        }
        return SafeAreaInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }

    /// Input device names or sysnames separated by commas; blanks around each are ignored (a name may
    /// contain spaces: "AT Translated Set 2 keyboard").
    static func deviceList(_ key: String, _ text: String) throws(ConfigValueError) -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.contains(where: \.isEmpty) else {
            throw ConfigValueError("\(key) must be device names or sysnames separated by commas, got \(quoted(text))")
        }
        return names
    }

    /// Entries separated by commas, each `OUTPUT` (every touch device not named otherwise) or
    /// `DEVICE=OUTPUT` (a device name or sysname; split at the last `=`, output names have none).
    static func touchOutputs(_ key: String, _ text: String) throws(ConfigValueError) -> TouchOutputs {
        var result = TouchOutputs()
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: "=", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let output = parts.last ?? "", device = parts.dropLast().joined(separator: "=").trimmingCharacters(in: .whitespaces)
            guard !output.isEmpty, parts.count == 1 || !device.isEmpty else {
                throw ConfigValueError("\(key) must be OUTPUT or DEVICE=OUTPUT entries separated by commas, got \(quoted(text))")
            }
            guard isConnectorName(output) else {
                throw ConfigValueError("\(key): output name '\(output)' may only contain letters, digits, '.', '_' and '-' (a connector name such as HDMI-A-1)")
            }
            if parts.count == 1 {
                if let first = result.output { throw ConfigValueError("\(key) gives two outputs for every device, \(first) and \(output); name the device of one: DEVICE=OUTPUT") }
                result.output = output
            } else {
                if result.devices[device] != nil { throw ConfigValueError("\(key) names the device '\(device)' twice") }
                result.devices[device] = output
            }
        }
        return result
    }

    /// An xkeyboard-config name or list as setxkbmap takes it (`de`, `us,de`, `ctrl:nocaps,compose:ralt`).
    static func keymapName(_ key: String, _ text: String) throws(ConfigValueError) -> String {
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw ConfigValueError("\(key) must be xkeyboard-config names without blanks, as setxkbmap takes them (e.g. us,de), got \(quoted(text))")
        }
        return text
    }

    /// A DRM connector name: ASCII letters, digits, `.`, `_` and `-` (`HDMI-A-1`).
    static func isConnectorName<S: StringProtocol>(_ name: S) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    // MARK: - Pieces

    /// `WIDTHxHEIGHT`, each side 1…16384 (the renderer's texture limit).
    private static func dimensions(_ text: Substring) -> (Int, Int)? {
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCIIDigit) }),
              let w = Int(sides[0]), let h = Int(sides[1]), (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        return (w, h)
    }

    private static func dimensions(_ text: String) -> (Int, Int)? { dimensions(Substring(text)) }

    /// `DIGITS` or `DIGITS.DIGITS`.
    private static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 12 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return Double(text)
    }

    private static func decimal(_ text: String) -> Double? { decimal(Substring(text)) }

    private static func alternatives(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    private static func bytes(_ n: Int) -> String {
        n >= 1 << 30 && n % (1 << 30) == 0 ? "\(n >> 30)G" : n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20)M" : "\(n >> 10)K"
    }

    /// Values are shown as written; an empty one as "nothing".
    static func quoted(_ text: String) -> String { text.isEmpty ? "nothing" : text }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
