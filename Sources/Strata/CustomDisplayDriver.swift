import Foundation

/// Calls `display()` once per display frame on layers whose custom keys with `needsDisplay(forKey:)`
/// are animating, and once more after their animations end (seed 001: ≈60 calls a second, plus a last
/// one). Paced by a CADisplayLink on the current connection; without a server nothing runs.
enum CustomDisplayDriver {
    private final class Weak { weak var layer: CALayer?; init(_ l: CALayer) { layer = l } }
    nonisolated(unsafe) private static var layers: [ObjectIdentifier: Weak] = [:]
    nonisolated(unsafe) private static var link: CADisplayLink?
    /// The connection the link follows: a link left on a connection that has gone (or been replaced)
    /// never ticks again, so registering under another one starts a new link.
    nonisolated(unsafe) private static weak var linkConnection: StrataConnection?

    /// Called under LayerLock when such an animation is committed.
    static func register(_ layer: CALayer) {
        layers[ObjectIdentifier(layer)] = Weak(layer)
        guard let connection = StrataConnection.current else { return }
        if let stale = link, linkConnection !== connection {
            link = nil
            DispatchQueue.global().async { stale.invalidate() }
        }
        guard link == nil else { return }
        let l = CADisplayLink { link in CustomDisplayDriver.frame(at: link.targetTimestamp) }
        link = l
        linkConnection = connection
        // Started after the lock is released: adding sends a message to the server.
        DispatchQueue.global().async { l.add(to: connection) }
    }

    /// One display frame, shown at `target`: redraw every registered layer (drawn as they will be then),
    /// then commit what the redraws changed.
    private static func frame(at target: CFTimeInterval) {
        let now = CACurrentMediaTime()
        let due: [(CALayer, Bool)] = LayerLock.with {
            var out: [(CALayer, Bool)] = []
            for (id, entry) in layers {
                guard let layer = entry.layer else { layers[id] = nil; continue }
                let running = layer.hasRunningDisplayAnimation(at: now)
                if !running { layers[id] = nil }
                out.append((layer, running))
            }
            return out
        }
        LayerLock.with { DisplayFrame.time = target }
        for (layer, _) in due { layer.display() }
        LayerLock.with { DisplayFrame.time = nil }
        CATransaction.flush()
        let idle = LayerLock.with { () -> CADisplayLink? in
            guard layers.isEmpty, let l = link else { return nil }
            link = nil
            return l
        }
        idle?.invalidate()
    }
}
