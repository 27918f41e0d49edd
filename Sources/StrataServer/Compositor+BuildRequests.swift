import Foundation
import StrataCore
import StrataProtocol

/// What building a frame's list asked for, sent once it is built: tiled layers' requests and cancels go
/// to their clients (and the tile textures they let go are freed), text layers' layouts to the text worker;
/// then the textures of images no animation names any more are freed.
extension Compositor {
    func sendBuildRequests() {
        textLayouts?.flush()
        sendTileMessages()
        freeRetiredImages()
    }

    private func freeRetiredImages() {
        for scene in scenes.values { freeRetiredImages(of: scene) }
    }

    /// Frees the textures of the images `scene`'s layers stopped showing that nothing holds, and lets go of
    /// them: a released image's pixels then count no more against the client's quota (a later commit
    /// applied in the same frame may need the room).
    func freeRetiredImages(of scene: ClientScene) {
        guard !scene.retiredImages.isEmpty else { return }
        for image in scene.retiredImages where !scene.holds(image) { renderer.releaseTexture(imageID: image.texture.id) }
        scene.retiredImages.removeAll()
    }

    private func sendTileMessages() {
        for scene in scenes.values where !scene.tileOutbox.isEmpty {
            for id in scene.tileOutbox {
                guard let state = scene.nodes[id]?.kindState as? TiledState else { continue }
                for image in state.retired where !scene.holds(image) { renderer.releaseTexture(imageID: image.texture.id) }
                state.retired.removeAll()
                let (requests, cancels) = state.outbox
                state.outbox = ([], [])
                if !cancels.isEmpty { self.events?.deliver(.tileCancels(id, cancels), to: scene.clientID) }
                if !requests.isEmpty { self.events?.deliver(.tileRequests(id, requests), to: scene.clientID) }
            }
            scene.tileOutbox.removeAll()
        }
    }
}
