import Foundation
import StrataCore
import StrataProtocol

/// What the server holds for a layer (`ServerShadow`), per connection, and what the layer's release tells it.
extension CALayer {
    /// State the current connection's server has for this layer (nil: not created there). Owned by the
    /// connection's encoder; state left from an earlier connection reads as nil.
    var server: ServerShadow? {
        get { serverState?.generation == ConnectionGeneration.current ? serverState : nil }
        set { serverState = newValue }
    }

    /// The state recorded for the connection of `generation`, if this layer was on its server.
    func shadow(ofGeneration generation: UInt64) -> ServerShadow? {
        serverState?.generation == generation ? serverState : nil
    }

    /// The app let go of the layer (its `deinit`): the server is told, and completion blocks waiting for its
    /// animations, and for those replaced whose stop the server had yet to report, go on without them (they
    /// will never report one).
    func releasedByApp() {
        guard let shadow = serverState else { return }
        // Its images' uses go with it: an image no other layer uses is released on the server (before, every
        // image a freed layer showed stayed defined there, and counted against the client's quota, until it
        // disconnected).
        let images = (shadow.contentsImage != 0 ? [shadow.contentsImage] : []) + shadow.cellImages + shadow.animationImages.values.joined()
        LayerRegistry.released(layerID, generation: shadow.generation, images: images)
        let serials = animationEntries.map(\.serial) + shadow.inFlight.values.joined().map(\.serial)
        LayerLock.with { for serial in serials { CompletionTracker.stopped(serial) } }
    }
}
