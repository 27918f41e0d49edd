import Synchronization

/// Whom a kept bitmap belongs to (`RasterContent.owner`, `Renderer.rasters`): a number never handed out
/// twice. Not an `ObjectIdentifier`: that is an address, which a freed layer passes on to the next object
/// made there. A new layer, perhaps another client's, would have been shown the freed one's bitmap while its
/// own was drawn in parts.
public struct RasterOwner: Hashable, Sendable {
    private static let last = Atomic<UInt64>(0)
    public let serial: UInt64

    /// A new owner, unlike every other.
    public init() { serial = Self.last.add(1, ordering: .relaxed).newValue }
}
