import StrataCore
import StrataProtocol

/// What the render server holds for one layer, as of the last commit sent: the basis of the diff
/// that the next commit encodes.
struct ServerShadow {
    /// The connection this state belongs to; state from an earlier connection means "not on the server".
    var generation = ConnectionGeneration.current
    var model: LayerModel
    var contentsImage: UInt64 = 0
    /// The images an emitter's cells show, as the server holds them.
    var cellImages: [UInt64] = []
    var sublayerIDs: [LayerID] = []
    var maskID: LayerID = 0
    /// Animation key → serial of the entry sent under it.
    var animations: [String: UInt64] = [:]
    /// Animation key → the images its `contents` animation names, as the server holds them.
    var animationImages: [String: [UInt64]] = [:]
    var isRoot = false
    /// A host layer's context, as the server was last told (zero: none).
    var hostedToken = ContextToken.zero
    /// The output the server shows the layer on when it is a root ("": the primary).
    var rootOutput = ""
    /// Entries sent under each key whose stop the server has not reported yet, oldest first: the server
    /// reports one key's animations in the order they were added, so events match by position, not key alone.
    var inFlight: [String: [CALayer.AnimationEntry]] = [:]
    /// Serials of the entries whose start has been reported.
    var started: Set<UInt64> = []
}

/// Counts connections, so state recorded for one is never mistaken for another's.
enum ConnectionGeneration {
    nonisolated(unsafe) private(set) static var current: UInt64 = 0

    /// Called with the layer lock held when a connection is established.
    static func advance() { current += 1 }
}
