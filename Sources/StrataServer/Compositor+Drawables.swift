import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// Drawable frames shown when they are due (docs/drawables.md): at each frame, every layer with queued
/// frames shows the newest one due by the frame's target time (uploaded, or converted from YUV, into its
/// drawable texture), and every frame due is released to its client; the rest wait.
extension Compositor {
    func latchDrawables(at time: Double) {
        guard !queuedDrawables.isEmpty else { return }
        for (key, entry) in queuedDrawables {
            let (client, node) = entry
            guard let scene = scenes[client], scene.nodes[node.id] === node else {
                // The layer (or its client) went: its waiting frames' buffers go back, never shown.
                queuedDrawables[key] = nil
                if let scene = scenes[client] {
                    for frame in node.drawables.queue {
                        scene.usage.imageBytes -= frame.reserved
                        scene.heldBuffers[frame.buffer] = nil
                        self.events?.deliver(.bufferReleased(frame.buffer), to: client)
                    }
                }
                node.drawables.queue.removeAll()
                continue
            }
            let dueCount = node.drawables.queue.prefix { $0.presentAt <= time }.count
            guard dueCount > 0 else { continue }
            let due = Array(node.drawables.queue.prefix(dueCount))
            node.drawables.queue.removeFirst(dueCount)
            if node.drawables.queue.isEmpty { queuedDrawables[key] = nil }
            // The reservations go before the shown frame's texture is made, which counts its own bytes.
            for frame in due { scene.usage.imageBytes -= frame.reserved }
            if let shown = due.last { show(shown, on: node, in: scene, at: time) }
            node.drawables.nextFrameWaited = !node.drawables.queue.isEmpty
            node.drawables.dropped += dueCount - 1
            drawableTotals.dropped += dueCount - 1
            for frame in due {
                scene.heldBuffers[frame.buffer] = nil
                self.events?.deliver(.bufferReleased(frame.buffer), to: client)
            }
            redrawEverywhere()
        }
    }

    /// Puts `frame`'s pixels into the layer's drawable texture (a new one when the size or byte order
    /// changed, or a transition's old appearance shows the current one) and makes it the contents.
    private func show(_ frame: QueuedDrawable, on node: RenderNode, in scene: ClientScene, at time: Double) {
        let swapped = frame.format == .bgra
        let image: ServerImage
        if let current = node.drawables.shown, current === node.contents, !current.frozenCopyShows, current.texture.width == frame.width,
           current.texture.height == frame.height, current.texture.redBlueSwapped == swapped {
            image = current
        } else {
            imageUID += 1
            guard let made = ServerImage(blankWidth: frame.width, height: frame.height, redBlueSwapped: swapped, uniqueID: imageUID,
                                         usage: scene.usage) else {
                self.events?.deliver(.layerError(node.id, reason: "presentDrawable: no memory for a \(frame.width)x\(frame.height) drawable"), to: scene.clientID)
                return
            }
            made.isDefined = false
            image = made
        }
        guard (try? displays.makeCurrentWithoutOutput()) != nil else { return }
        let source = UnsafeRawPointer(frame.mapping.buffer.base)
        switch frame.format {
        case .rgba, .bgra:
            renderer.fillTexture(image.texture, from: source)
        case .nv12(let colorimetry), .i420(let colorimetry):
            let layout: YUVLayout = if case .nv12 = frame.format { .nv12 } else { .i420 }
            do {
                try renderer.convertYUV(into: image.texture, from: source, layout: layout,
                                        matrix: colorimetry.matrix == .bt709 ? .bt709 : .bt601, fullRange: colorimetry.fullRange)
            } catch {
                self.events?.deliver(.layerError(node.id, reason: "presentDrawable: \(error)"), to: scene.clientID)
                return
            }
        }
        // A timed frame (video) follows one shown some vblanks ago while it already waited: the vblanks
        // between showed that one again (a 30 fps stream on a 60 Hz display repeats each frame once). After a
        // wait with nothing queued (the stream paused, or the client fell behind) nothing counts.
        if frame.presentAt > 0, node.drawables.nextFrameWaited, let shownAt = node.drawables.shownAt, let interval = primary?.refreshInterval, interval > 0 {
            let repeats = max(0, Int(((time - shownAt) / interval).rounded()) - 1)
            node.drawables.repeats += repeats
            drawableTotals.repeated += repeats
        }
        node.drawables.shownAt = time
        drawableTotals.shown += 1
        let old = node.contents
        node.contents = image
        node.drawables.shown = image
        node.drawables.presents += 1
        if let old, old !== image, !scene.holds(old) { renderer.releaseTexture(imageID: old.texture.id) }
    }

    /// Whether a queued drawable frame is due by `time`, and the earliest time one waits for after it.
    func drawablesDue(by time: Double) -> Bool {
        queuedDrawables.values.contains { ($0.node.drawables.queue.first?.presentAt ?? .infinity) <= time }
    }

    func nextDrawableTime(after time: Double) -> Double? {
        queuedDrawables.values.compactMap { $0.node.drawables.queue.first(where: { $0.presentAt > time })?.presentAt }.min()
    }
}

/// Drawable frames shown, passed over and repeated since the server started (`strata stats` `drawables`).
struct DrawableTotals {
    var shown = 0, dropped = 0, repeated = 0
}
