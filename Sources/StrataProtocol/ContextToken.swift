import Foundation

/// The capability that names an exported context (remote layer hosting, docs/protocol.md §13): 128 random
/// bits the server makes when a client exports a subtree. Whoever holds it (and is in the context's
/// audience) may show that subtree under a host layer. It is a secret: the server never logs or prints one.
public struct ContextToken: Hashable, Sendable, CustomStringConvertible {
    public let hi: UInt64
    public let lo: UInt64

    public init(hi: UInt64, lo: UInt64) { self.hi = hi; self.lo = lo }

    /// No context: what a refused `createContext` carries, and what `hostContext` sends to host nothing.
    public static let zero = ContextToken(hi: 0, lo: 0)
    public var isZero: Bool { hi == 0 && lo == 0 }

    /// A new token from the system's random source (`getrandom`); never zero.
    public static func random() -> ContextToken {
        var g = SystemRandomNumberGenerator()
        while true {
            let t = ContextToken(hi: g.next(), lo: g.next())
            if !t.isZero { return t }
        }
    }

    /// 32 lowercase hexadecimal digits, as scene files and `strata play --export` write it.
    public var hex: String {
        let h = String(hi, radix: 16), l = String(lo, radix: 16)
        return String(repeating: "0", count: 16 - h.count) + h + String(repeating: "0", count: 16 - l.count) + l
    }

    /// Reads 32 hexadecimal digits (either case); nil for anything else.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 32, digits.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }),
              let hi = UInt64(String(text.prefix(16)), radix: 16), let lo = UInt64(String(text.suffix(16)), radix: 16) else { return nil }
        self.init(hi: hi, lo: lo)
    }

    /// Never the secret itself: a token printed by accident (a log line, an error) gives nothing away.
    public var description: String { isZero ? "ContextToken(none)" : "ContextToken(…)" }
}

/// How a host layer's context shows, as the server tells the host (`hostedContext`).
public enum HostingStatus: UInt8, Sendable, CaseIterable {
    /// The context's layer is drawn under the host layer.
    case shown = 0
    /// The context exists but its exporter has not given it a layer (or released it): nothing is drawn.
    case waiting = 1
    /// The server would not bind the token (the reason says why); nothing is drawn.
    case refused = 2
    /// The exporter revoked the context.
    case revoked = 3
    /// The exporter's connection ended (it quit, crashed or was killed).
    case exporterGone = 4
}

extension ByteWriter {
    public mutating func token(_ t: ContextToken) { u64(t.hi); u64(t.lo) }
}

extension ByteReader {
    public mutating func token(_ what: String) throws -> ContextToken {
        ContextToken(hi: try u64("\(what) (context token)"), lo: try u64("\(what) (context token)"))
    }
}
