/// A descriptor a fuzz input sends, described so a reproducer can make it again.
public struct FDSpec: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// A memfd of `byteCount` bytes, sealed as the protocol asks.
        case sealedMemfd
        /// A memfd of `byteCount` bytes, never sealed (the client keeps it and may shrink it later).
        case unsealedMemfd
        /// A sealed memfd holding fewer bytes than the operation needs.
        case shortMemfd
        /// A memfd sealed against shrinking and growing only (`defineBuffer`'s kind); the client keeps it
        /// and may rewrite it, or try to shrink it, under the server's mapping.
        case reusableMemfd
        case pipe
        case socket
        case devNull
        /// A regular file of `byteCount` bytes in the run's scratch directory.
        case regularFile
        case directory
    }

    public var kind: Kind
    public var byteCount: Int

    public init(_ kind: Kind, byteCount: Int = 0) { self.kind = kind; self.byteCount = byteCount }

    public var description: String { byteCount > 0 ? "\(kind.rawValue)(\(byteCount))" : kind.rawValue }
}
