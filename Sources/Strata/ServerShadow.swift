import StrataCore
import StrataProtocol

/// What the render server holds for one layer, as of the last commit sent: the basis of the diff
/// that the next commit encodes.
struct ServerShadow {
    var model = LayerModel()
    var contentsImage: UInt64 = 0
    var sublayerIDs: [LayerID] = []
    /// Animation key → identity of the entry sent under it.
    var animations: [String: ObjectIdentifier] = [:]
    var isRoot = false
}
