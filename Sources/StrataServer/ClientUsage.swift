import StrataProtocol

/// What one client holds now, counted as it changes so that quota checks cost O(1). Shared by the
/// client's session (what arrives), its scene (what is applied) and the memory it maps, which counts
/// itself out when freed: a mapping or an image may outlive the session (a transition's old
/// appearance), and is counted until it goes.
final class ClientUsage {
    /// Layers held by transitions' frozen copies of old appearances (counted with the client's layers).
    var copiedLayers = 0
    var animations = 0
    /// The emitter layers' particle bounds, summed.
    var particles = 0
    var modelBytes = 0
    var imageBytes = 0
    var sharedMemoryBytes = 0
    var pendingCommits = 0
    var pendingCommitBytes = 0
}

/// A client's received shared memory, counted into its usage while mapped.
final class CountedMapping {
    let buffer: SharedPixelBuffer
    private let usage: ClientUsage

    init(_ buffer: SharedPixelBuffer, usage: ClientUsage) {
        self.buffer = buffer
        self.usage = usage
        usage.sharedMemoryBytes += buffer.byteCount
    }

    deinit { usage.sharedMemoryBytes -= buffer.byteCount }
}
