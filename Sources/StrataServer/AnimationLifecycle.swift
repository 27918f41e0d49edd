import StrataCore
import StrataProtocol

/// Start/stop bookkeeping for attached animations and the transaction completions that depend on them.
enum AnimationLifecycle {
    /// Records that an animation stopped (removed, replaced or finished) and returns the events to send.
    static func stop(node: RenderNode, key: String, finished: Bool, scene: ClientScene) -> [ServerMessage] {
        var events: [ServerMessage] = []
        if node.finishedKeys.remove(key) != nil {
            // Its end was already reported when it finished; removal later says nothing more.
            return events
        }
        if node.startedKeys.remove(key) == nil {
            // Core Animation reports a start before every stop.
            events.append(.animationStarted(node.id, key: key))
        }
        events.append(.animationStopped(node.id, key: key, finished: finished))
        // In place: a copy of the set per stop would make a transaction of n animations cost n².
        if let tx = node.animationTransaction.removeValue(forKey: key),
           scene.pendingCompletions[tx]?.remove(AnimationRef(layer: node.id, key: key)) != nil,
           scene.pendingCompletions[tx]?.isEmpty == true {
            scene.pendingCompletions[tx] = nil
            events.append(.transactionCompleted(tx))
        }
        return events
    }

    /// Advances the animations of `node` to `time`: reports starts and ends, and detaches finished
    /// animations whose `isRemovedOnCompletion` is set.
    static func advance(node: RenderNode, to time: Double, scene: ClientScene, events: inout [ServerMessage]) {
        guard !node.animations.isEmpty else { return }
        var removed: Set<String> = []
        // The keys of attached animations that started (or started and finished) fill both sets: then no
        // start is left to report, and a running animation costs no look-up by key (each frame, each one).
        // (Both hold only attached keys: every detachment goes through `stop`, which takes its key out.)
        let allStarted = node.startedKeys.count + node.finishedKeys.count == node.animations.count
        assert(!allStarted || node.animations.allSatisfy { node.startedKeys.contains($0.key) || node.finishedKeys.contains($0.key) })
        for a in node.animations {
            let phase = a.timing.phase(at: time)
            if !allStarted, phase != .before, !node.startedKeys.contains(a.key), !node.finishedKeys.contains(a.key) {
                node.startedKeys.insert(a.key)
                events.append(.animationStarted(node.id, key: a.key))
            }
            if phase == .after, !node.finishedKeys.contains(a.key) {
                events.append(contentsOf: stop(node: node, key: a.key, finished: true, scene: scene))
                if a.prepared.spec.isRemovedOnCompletion {
                    removed.insert(a.key)
                } else {
                    node.finishedKeys.insert(a.key)
                }
            }
        }
        // In one pass: removing each as it finishes would cost the layer's count per animation.
        if !removed.isEmpty { node.detachAnimations { removed.contains($0.key) } }
    }
}
