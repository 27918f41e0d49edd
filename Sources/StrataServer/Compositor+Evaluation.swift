import Foundation
import StrataCore
import StrataProtocol
import StrataRender
import StrataText
import StrataDisplay

/// Evaluating the scenes at a frame's time: animations advanced, presentations computed, events collected.
extension Compositor {
    /// Evaluates the trees shown on `output` (nil: every tree) at `targetTime`, and with `detachedToo` the
    /// layers no tree on screen holds; returns the events to send and the roots to draw.
    func evaluateScenes(at targetTime: Double, output: String?, detachedToo: Bool) -> (events: [(UInt32, ServerMessage)], roots: [RenderNode]) {
        var events: [(UInt32, ServerMessage)] = []
        var roots: [RenderNode] = []
        frameNumber += 1
        schedule = Schedule()
        motionCandidates = 0
        evaluationTime = targetTime
        evaluationOutput = output ?? ""
        let primaryName = primary?.name
        for id in sceneOrder {
            guard let scene = scenes[id] else { continue }
            let started = DispatchTime.now().uptimeNanoseconds
            // Its contexts' layers that host layers on this output show: evaluated in its own time, from
            // global time (a host's timing never reaches another app's animations).
            let hosted = contexts.byToken.isEmpty ? [] : hostedLayers(of: scene, on: output, primaryName: primaryName)
            // Counted for clients with layers on screen (others draw nothing for anyone to wait on).
            defer {
                if rendersWithBudgets, !scene.roots.isEmpty || !hosted.isEmpty {
                    frameCosts[id, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                }
            }
            var sceneEvents: [ServerMessage] = []
            // A root a shell's host layer shows is drawn there only (it is among `hosted`).
            let shown = scene.roots.filter { shows($0, on: output, primaryName: primaryName) && $0.links.exportedAs?.host == nil }
            for root in shown + hosted { evaluate(root, clock: .global(targetTime), scene: scene, events: &sceneEvents) }
            // Detached layers (not reached from a root on screen) still run their animations' lifecycle.
            for node in scene.activeNodes.values where detachedToo && !isAttached(node) {
                if !node.transitionSources.isEmpty { pruneTransitionSources(node, scene: scene) }
                guard !node.animations.isEmpty else { continue }
                let space = node.timeSpace
                guard let local = space.activeLocal(fromGlobal: targetTime) else {
                    node.presentation = node.model
                    continue
                }
                node.present(at: local)
                AnimationLifecycle.advance(node: node, to: local, scene: scene, events: &sceneEvents)
                if space.cycles { schedule.animating = true } else {
                    schedule.note(node.animations, local: local, rate: space.rate, time: targetTime)
                }
            }
            events.append(contentsOf: sceneEvents.map { (id, $0) })
            roots.append(contentsOf: shown)
        }
        return (events, roots)
    }

    /// Evaluates a subtree: each layer's animations run in its local time, derived from its parent's. Only
    /// the branches that hold active nodes are walked: everywhere else the presentation is the model.
    func evaluate(_ node: RenderNode, clock: SubtreeClock, scene: ClientScene, events: inout [ServerMessage]) {
        guard node.timing.activeInSubtree > 0 else { return }
        node.timing.evaluatedFrame = frameNumber
        node.timing.evaluatedOutput = evaluationOutput
        var child = clock.child(node.model.timing, evaluationTime: evaluationTime, schedule: &schedule)
        node.timing.localTime = child.time
        node.timing.localRate = child.rate
        node.timing.localAffine = child.affine
        if node.timing.isActive { evaluateOwn(node, clock: child, scene: scene, events: &events) }
        // A replicator's delayed copies show its sublayers' animations later: their frames run longer.
        let spread = node.content.timeSpread(node)
        if spread != 0 { child.spread = child.spread.widened(by: spread) }
        let copies = node.content.copies(node)
        if copies > 1 { child.copies = min(child.copies * copies, ValueRule.maxInstances) }
        for sub in node.links.sublayers where sub.timing.activeInSubtree > 0 { evaluate(sub, clock: child, scene: scene, events: &events) }
        // A mask runs in the time of the layer it masks, as a sublayer would.
        if let mask = node.links.mask, mask.timing.activeInSubtree > 0 { evaluate(mask, clock: child, scene: scene, events: &events) }
    }

    /// An active node's own animations at its local time (`clock`), their events, and what they schedule.
    func evaluateOwn(_ node: RenderNode, clock child: SubtreeClock, scene: ClientScene, events: inout [ServerMessage]) {
        node.activeTransition = nil
        if let time = child.time, !node.animations.isEmpty {
            // Each delayed copy a replicator draws of it counts: on the CPU each is an evaluation of its own.
            if child.affine { motionCandidates += child.copies }
            // Whether the GPU may evaluate them in this frame (`MotionEligibility.timing`; the builder asks the rest).
            node.motion.timingRefusal = gpuAnimationMinimumLayers == nil ? MotionEligibility.frameOff(pathOn: false) : MotionEligibility.timing(node, clock: child)
            if node.motion.timingRefusal == nil {
                // Evaluated only if read: in a motion slot the GPU evaluates it and the CPU reads nothing.
                node.deferPresentation(at: time)
            } else {
                node.present(at: time)
            }
            // Within a quiet span no animation starts or ends: nothing to report, and the schedule is known.
            let spread = child.spread.lower...child.spread.upper
            let quiet: Presentation.QuietSpan
            if let known = node.timing.quietSpan, known.holds(time, spread: spread) {
                quiet = known
            } else {
                AnimationLifecycle.advance(node: node, to: time, scene: scene, events: &events)
                quiet = Presentation.quietSpan(node.animations, at: time, spread: spread)
                node.timing.quietSpan = quiet
            }
            if !node.transitionSources.isEmpty {
                pruneTransitionSources(node, scene: scene)
                node.activeTransition = Presentation.activeTransition(node.animations, at: time)
            }
            if child.affine {
                schedule.note(quiet, local: time, rate: child.rate, time: evaluationTime)
            } else {
                // Under a cycling layer local time loops: every frame may differ.
                schedule.animating = true
            }
        } else {
            node.presentation = node.model
            if !node.transitionSources.isEmpty { pruneTransitionSources(node, scene: scene) }
        }
        // A kind's own state (an emitter's births) follows its presented values in its time.
        if let state = node.kindState, let time = child.time, state.advance(node, to: time) { schedule.animating = true }
    }

    /// Drops the old appearances of transitions no longer attached, and the textures only they showed.
    func pruneTransitionSources(_ node: RenderNode, scene: ClientScene) {
        for (key, source) in node.transitionSources where !node.animations.contains(where: { $0.key == key }) {
            node.transitionSources[key] = nil
            for image in source.old?.subtreeImages ?? [] where !scene.holds(image) {
                renderer.releaseTexture(imageID: image.texture.id)
            }
        }
    }
}
