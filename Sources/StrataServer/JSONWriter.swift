import Foundation

/// Writes JSON text directly into a string: the server's `tree` replies describe thousands of layers,
/// and Foundation's `JSONEncoder` takes tens of microseconds for each, which a loop that must answer
/// within milliseconds cannot spend. Objects are written with their keys in the order given (callers
/// give them sorted, as `JSONEncoder`'s `.sortedKeys` would).
struct JSONWriter {
    private(set) var text = ""
    private var needsComma = [false]

    init(reservingCapacity bytes: Int = 0) { text.reserveCapacity(bytes) }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    mutating func beginObject() { valueStart(); text += "{"; needsComma.append(false) }
    mutating func endObject() { text += "}"; needsComma.removeLast() }
    mutating func beginArray() { valueStart(); text += "["; needsComma.append(false) }
    mutating func endArray() { text += "]"; needsComma.removeLast() }

    /// Starts a member of the object being written; its value follows (with no comma before it).
    mutating func key(_ name: String) {
        separate()
        string(name, separated: false)
        text += ":"
        pendingMember = true
    }
    private var pendingMember = false

    private mutating func valueStart() {
        if pendingMember { pendingMember = false } else { separate() }
    }

    mutating func number(_ x: Double) {
        valueStart()
        // Whole numbers without a fraction, as JSONEncoder writes them; non-finite ones have no JSON form.
        if !x.isFinite { text += "null" } else if x == x.rounded(), abs(x) < 1e15 { text += String(Int64(x)) } else { text += "\(x)" }
    }

    mutating func number(_ n: Int) { valueStart(); text += String(n) }
    mutating func number(_ n: UInt64) { valueStart(); text += String(n) }
    mutating func bool(_ b: Bool) { valueStart(); text += b ? "true" : "false" }
    mutating func null() { valueStart(); text += "null" }
    mutating func string(_ s: String) { valueStart(); string(s, separated: false) }

    /// A value as `JSONSerialization` takes them (dictionaries with `String` keys, written in sorted order,
    /// arrays, numbers, strings, booleans, `NSNull`); anything else is written as null. `stats` is written
    /// this way: Foundation's writer bridged every dictionary to an `NSDictionary` and sorted its keys with
    /// `NSString.compare`, a millisecond and more per answer on the frame thread.
    mutating func any(_ value: Any) {
        switch value {
        case let d as [String: Any]:
            beginObject()
            for (k, v) in d.sorted(by: { $0.key < $1.key }) {
                key(k)
                any(v)
            }
            endObject()
        case let a as [Any]:
            beginArray()
            for v in a { any(v) }
            endArray()
        case let b as Bool where type(of: value) == Bool.self: bool(b)
        case let n as Int: number(n)
        case let n as UInt64: number(n)
        case let n as UInt32: number(Int(n))
        case let n as Int32: number(Int(n))
        case let n as UInt16: number(Int(n))
        case let n as UInt8: number(Int(n))
        case let x as Double: number(x)
        case let x as Float: number(Double(x))
        case let x as CGFloat: number(Double(x))
        case let s as String: string(s)
        default: null()
        }
    }

    mutating func numbers(_ xs: [Double]) {
        beginArray()
        for x in xs { number(x) }
        endArray()
    }

    private mutating func string(_ s: String, separated: Bool) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
