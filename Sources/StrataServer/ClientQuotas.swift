/// What one client may hold in the server at once. Going over a limit ends that client's session with
/// an error naming the limit (`QuotaExceeded`); everything it held is freed and other clients carry on.
/// The defaults suit a kiosk: a rich interface fits with room to spare, and one client cannot take more
/// than `memoryBound` of the server's memory (docs/security.md derives it).
public struct ClientQuotas: Equatable, Sendable {
    /// Layers that exist at once (attached or not).
    public var layers = 20_000
    /// Animations attached at once, over all layers (a group counts once).
    public var animations = 20_000
    /// Particles its emitter layers may keep alive at once, as their values bound them (`EmitterModel.particleBound`).
    /// Particles are drawn by the GPU and never stored: the bound is on the GPU's work per frame.
    public var particles = 200_000
    /// Variable-size values kept for layers and animations: paths, number and colour lists, keyframes
    /// (estimated in memory, see `MemoryEstimate`).
    public var modelBytes = 32 << 20
    /// Pixels of the images the client defines or its layers still show (4 bytes a pixel).
    public var imageBytes = 128 << 20
    /// Shared memory the server keeps mapped for the client: its images' memfds and those of commits not
    /// applied yet.
    public var sharedMemoryBytes = 192 << 20
    /// Commits received and not yet applied (the server applies them at its next frame).
    public var pendingCommits = 256
    /// Message bytes of those commits.
    public var pendingCommitBytes = 8 << 20
    /// Unsent output (events, replies) after which a client that is not reading is disconnected.
    public var outputBytes = 8 << 20

    public init() {}

    /// An upper bound on the memory one client can make the server hold with these limits, in bytes:
    /// its layers and animations (fixed parts), its variable-size values twice (model and presentation),
    /// its images' textures (mipmaps included: 4/3), the shared memory mapped for it (its images' pixels
    /// among it), its pending commits decoded (`decodedBytesPerWireByte`), its unsent output and one
    /// partly received message. docs/security.md works it out for the defaults.
    public var memoryBound: Int {
        layers * MemoryEstimate.layerBytes + animations * MemoryEstimate.animationBytes + 2 * modelBytes
            + imageBytes * 4 / 3 + sharedMemoryBytes + Self.decodedBytesPerWireByte * pendingCommitBytes
            + outputBytes + Self.messageBufferBytes
    }

    /// How much memory a decoded commit takes per byte of its message, at most: an operation is 32 bytes
    /// in an array and its smallest encoding 9; boxed payloads (values, animations) take up to about six
    /// times their encoding.
    static let decodedBytesPerWireByte = 8

    /// The largest message a client can make the server buffer (`WireFormat.maxMessageSize`).
    static let messageBufferBytes = 16 << 20
}

/// A client went over one of its quotas; the message names the configuration key that sets it.
struct QuotaExceeded: Error, CustomStringConvertible {
    let key: String
    let limit: Int
    let detail: String

    var description: String { "quota exceeded: \(key) is \(limit) (\(detail))" }
}
