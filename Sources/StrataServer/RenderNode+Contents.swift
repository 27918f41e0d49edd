import Foundation
import StrataCore

/// What a layer shows as contents: its own image (`contents`, set by `setContents` or a drawable's frame), or
/// while an animation of `contents` presents a crossfade, the two images it names (held by the node while its
/// animations name them, counted as shown, as a layer's contents are).
enum ShownContents {
    case image(ServerImage?)
    /// `to` weighs `fraction`, `from` 1 − fraction; either may be no image (a fade in or out).
    case crossfade(from: ServerImage?, to: ServerImage?, fraction: Double)

    /// Whether anything is drawn.
    var isEmpty: Bool {
        switch self {
        case .image(let image): image == nil
        case let .crossfade(from, to, _): from == nil && to == nil
        }
    }
}

extension RenderNode {
    /// The contents drawn with presented values `p`.
    func shownContents(_ p: LayerModel) -> ShownContents {
        // Not animated (or presented as the model shows it): the layer's own image.
        guard p.contents != model.contents else { return .image(contents) }
        let c = p.contents
        guard c.isCrossfade else { return .image(image(c.from)) }
        return .crossfade(from: image(c.from), to: image(c.to), fraction: c.fraction)
    }

    /// The image with the client's id `id`: the layer's own, or one its animations name.
    private func image(_ id: UInt64) -> ServerImage? {
        if id == 0 { return nil }
        if id == model.contents.from { return contents }
        return animatedImages[id]
    }

    /// Holds the images an animation just attached names (the commit checked them).
    func holdAnimatedImages(_ images: [(UInt64, ServerImage)]) {
        for (id, image) in images where animatedImages[id] == nil {
            animatedImages[id] = image
            if scene != nil { image.shownBy += 1 }
        }
    }

    /// Lets go of the images no attached animation names any more; the scene frees their textures
    /// (`ClientScene.retiredImages`) unless something else holds them.
    func releaseUnnamedImages() {
        let named = Set(animations.flatMap(\.spec.contentsImages))
        for (id, image) in animatedImages where !named.contains(id) {
            animatedImages[id] = nil
            guard let scene else { continue }
            image.shownBy -= 1
            scene.retiredImages.append(image)
        }
    }
}
