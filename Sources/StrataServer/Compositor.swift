import Foundation
import StrataCore
import StrataProtocol
import StrataRender
import StrataDisplay

/// The server's frame engine, independent of sockets: queues commits, and on each frame applies them
/// atomically, evaluates every animation at the frame's target time, renders the presentation tree
/// and reports animation events. Used by the daemon and in-process by `strata render`.
/// All calls must come from the thread that owns the display's GL context.
public final class Compositor {
    public let display: DisplayBackend
    private let renderer: Renderer
    private var scenes: [UInt32: ClientScene] = [:]
    private var sceneOrder: [UInt32] = []
    private var pending: [(client: UInt32, commit: Commit, fds: [Int32])] = []
    private var drawList = DrawList()
    private var builder = DrawListBuilder()
    private var damage = DamageTracker()
    /// The GPU-side work of the last rendered frame (draw calls, offscreen passes, repainted pixels).
    public private(set) var lastFrameWork = RenderCounters()
    private var imageUID: UInt64 = 0
    private var stats = FrameStats()
    private var needsRedraw = true
    /// Counts rendered frames; marks which nodes were reached from a root in the current one.
    private var frameNumber: UInt64 = 0
    /// What the last frame's evaluation found: whether an animation is running where time moves, and the
    /// next start or end in global time.
    private var schedule = Schedule()
    /// The target time of the frame being evaluated (the global time `schedule.note` maps from).
    private var evaluationTime = 0.0

    struct Schedule {
        var animating = false
        var nextChange: Double?

        /// Notes a layer's animations at local time `local`, where local time runs at `rate` against global
        /// time and equals `local` at global `time` (local time is affine in global time).
        mutating func note(_ animations: [AttachedAnimation], local: Double, rate: Double, time: Double) {
            guard rate != 0, !animations.isEmpty else { return }
            if !animating, Presentation.isAnimating(animations, at: local) { animating = true }
            // Transitions ahead in local time lie ahead in global time only when time runs forwards.
            guard rate > 0, let t = Presentation.nextTransition(animations, after: local) else { return }
            let global = time + (t - local) / rate
            noteChange(at: global)
        }

        /// Notes a change (a start, an end, a layer's time beginning) at global time `global`.
        mutating func noteChange(at global: Double) {
            nextChange = min(nextChange ?? global, global)
        }
    }
    /// The display's clear colour (the background behind every client).
    public var background: Color = .black { didSet { needsRedraw = true } }

    /// Receives events for clients (client id, message).
    public var eventSink: (UInt32, ServerMessage) -> Void = { _, _ in }
    /// Receives commits that failed to apply (client id, reason); the caller ends that session.
    public var commitFailure: (UInt32, String) -> Void = { _, _ in }

    /// `programCache`: where the renderer keeps linked shader binaries between runs (nil: none).
    public init(display: DisplayBackend, programCache: ProgramBinaryCache? = nil) throws {
        self.display = display
        try display.makeCurrent()
        renderer = try Renderer(programCache: programCache)
    }

    // MARK: clients

    public func addClient(_ id: UInt32) {
        guard scenes[id] == nil else { return }
        scenes[id] = ClientScene(clientID: id)
        sceneOrder.append(id)
    }

    /// Drops a client's whole tree (disconnect or rejected input); other clients are untouched.
    public func removeClient(_ id: UInt32) {
        guard let scene = scenes.removeValue(forKey: id) else { return }
        sceneOrder.removeAll { $0 == id }
        for (i, p) in pending.enumerated().reversed() where p.client == id {
            p.fds.forEach { close($0) }
            pending.remove(at: i)
        }
        for image in scene.images.values { renderer.releaseTexture(imageID: image.texture.id) }
        for node in scene.nodes.values {
            if let c = node.contents { renderer.releaseTexture(imageID: c.texture.id) }
            for source in node.transitionSources.values {
                for image in source.old?.subtreeImages ?? [] { renderer.releaseTexture(imageID: image.texture.id) }
            }
        }
        if !scene.roots.isEmpty { needsRedraw = true }
    }

    public var clientCount: Int { scenes.count }
    public var layerCount: Int { scenes.values.reduce(0) { $0 + $1.nodes.count } }

    /// Queues a commit for the start of the next frame. Takes ownership of `fds`.
    public func submit(_ commit: Commit, fds: [Int32], from client: UInt32) {
        pending.append((client, commit, fds))
    }

    // MARK: frames

    /// Whether a frame at `time` would differ from the last one: something was committed or removed, an
    /// animation was running (in a subtree that is not paused) at the last frame, or a start or end falls
    /// at or before `time`. O(1): the last frame's evaluation recorded what is scheduled.
    public func needsFrame(at time: Double) -> Bool {
        if needsRedraw || !pending.isEmpty || schedule.animating { return true }
        if let next = schedule.nextChange, next <= time { return true }
        return false
    }

    /// The earliest future global time at which something scheduled changes (an animation starting or
    /// ending, mapped out of its layer's time space), if any.
    public func nextScheduledChange(after time: Double) -> Double? {
        guard let next = schedule.nextChange, next > time else { return nil }
        return next
    }

    /// Commits waiting for the next frame.
    public var hasPendingCommits: Bool { !pending.isEmpty }

    /// The next frame is drawn whole: the screen may not show what was last drawn (a dropped flip, a new
    /// output or mode, DRM master regained).
    public func invalidate() {
        needsRedraw = true
        damage.invalidate()
    }

    /// Applies pending commits, evaluates animations at `targetTime`, renders and presents. Returns how
    /// the frame reaches the screen.
    @discardableResult
    public func renderFrame(at targetTime: Double) throws -> PresentOutcome {
        var phases = FrameStats.Phases()
        var mark = DispatchTime.now().uptimeNanoseconds
        func lap() -> Double {
            let now = DispatchTime.now().uptimeNanoseconds
            defer { mark = now }
            return Double(now - mark) / 1e6
        }
        applyPendingCommits()
        phases.apply = lap()
        let (events, roots) = evaluateScenes(at: targetTime)
        phases.evaluate = lap()
        drawList.removeAll()
        drawList.clearColor = background
        builder.build(roots: roots, into: &drawList)
        // Only what changed since the framebuffer's contents were drawn is repainted.
        let plan = damage.plan(drawList, width: display.width, height: display.height, bufferAge: display.bufferAge)
        phases.drawList = lap()
        let counters: RenderCounters
        do {
            try display.makeCurrent()
            counters = try renderer.render(drawList, plan: plan, framebuffer: display.framebuffer,
                                           width: display.width, height: display.height, rotation: display.rotation)
        } catch {
            damage.invalidate() // the framebuffer may hold part of this frame
            throw error
        }
        phases.submit = lap()
        let outcome = try display.present(targetTime: targetTime)
        phases.present = lap()
        stats.record(phases, counters)
        lastFrameWork = counters
        needsRedraw = false
        if case .dropped = outcome { invalidate() }
        for (client, event) in events { eventSink(client, event) }
        return outcome
    }

    /// Applies pending commits and evaluates every animation at `time` without drawing. Offline rendering
    /// steps through a scene's changes this way, so that a transition added by a change starts from the
    /// appearance at that change.
    public func advance(to time: Double) {
        applyPendingCommits()
        let (events, _) = evaluateScenes(at: time)
        for (client, event) in events { eventSink(client, event) }
    }

    /// Evaluates every client's tree at `targetTime`; returns the events to send and the roots to draw.
    private func evaluateScenes(at targetTime: Double) -> (events: [(UInt32, ServerMessage)], roots: [RenderNode]) {
        var events: [(UInt32, ServerMessage)] = []
        var roots: [RenderNode] = []
        frameNumber += 1
        schedule = Schedule()
        evaluationTime = targetTime
        for id in sceneOrder {
            guard let scene = scenes[id] else { continue }
            var sceneEvents: [ServerMessage] = []
            for root in scene.roots { evaluate(root, clock: .global(targetTime), scene: scene, events: &sceneEvents) }
            // Detached layers (not reached from a root this frame) still run their animations' lifecycle.
            for node in scene.nodes.values where node.evaluatedFrame != frameNumber
                && (!node.animations.isEmpty || !node.transitionSources.isEmpty) {
                if !node.transitionSources.isEmpty { pruneTransitionSources(node, scene: scene) }
                guard !node.animations.isEmpty else { continue }
                let space = node.timeSpace
                guard let local = space.activeLocal(fromGlobal: targetTime) else {
                    node.presentation = node.model
                    continue
                }
                node.presentation = Presentation.apply(node.animations, to: node.model, at: local)
                AnimationLifecycle.advance(node: node, to: local, scene: scene, events: &sceneEvents)
                if space.cycles { schedule.animating = true } else {
                    schedule.note(node.animations, local: local, rate: space.rate, time: targetTime)
                }
            }
            events.append(contentsOf: sceneEvents.map { (id, $0) })
            roots.append(contentsOf: scene.roots)
        }
        return (events, roots)
    }

    /// Evaluates a subtree: each layer's animations run in its local time, derived from its parent's.
    private func evaluate(_ node: RenderNode, clock: SubtreeClock, scene: ClientScene, events: inout [ServerMessage]) {
        node.evaluatedFrame = frameNumber
        let child = clock.child(node.model.timing, evaluationTime: evaluationTime, schedule: &schedule)
        node.activeTransition = nil
        if let time = child.time, !node.animations.isEmpty {
            node.presentation = Presentation.apply(node.animations, to: node.model, at: time)
            AnimationLifecycle.advance(node: node, to: time, scene: scene, events: &events)
            if !node.transitionSources.isEmpty {
                pruneTransitionSources(node, scene: scene)
                node.activeTransition = Presentation.activeTransition(node.animations, at: time)
            }
            if child.affine {
                schedule.note(node.animations, local: time, rate: child.rate, time: evaluationTime)
            } else {
                // Under a cycling layer local time loops: every frame may differ.
                schedule.animating = true
            }
        } else {
            node.presentation = node.model
            if !node.transitionSources.isEmpty { pruneTransitionSources(node, scene: scene) }
        }
        for sub in node.sublayers { evaluate(sub, clock: child, scene: scene, events: &events) }
        // A mask runs in the time of the layer it masks, as a sublayer would.
        if let mask = node.mask { evaluate(mask, clock: child, scene: scene, events: &events) }
    }

    /// Drops the old appearances of transitions no longer attached, and the textures only they showed.
    private func pruneTransitionSources(_ node: RenderNode, scene: ClientScene) {
        for (key, source) in node.transitionSources where !node.animations.contains(where: { $0.key == key }) {
            node.transitionSources[key] = nil
            for image in source.old?.subtreeImages ?? [] where !scene.holds(image) {
                renderer.releaseTexture(imageID: image.texture.id)
            }
        }
    }

    private func applyPendingCommits() {
        let batch = pending
        pending.removeAll()
        for item in batch {
            defer { item.fds.forEach { close($0) } }
            guard let scene = scenes[item.client] else { continue }
            var applier = TransactionApplier(
                nextImageUID: { [unowned self] in self.imageUID += 1; return self.imageUID },
                releaseTexture: { [unowned self] in self.renderer.releaseTexture(imageID: $0) })
            applier.updateTexture = { [unowned self] image, x, y, w, h in
                // GL calls: on this (the render) thread, with the display's context current.
                guard (try? self.display.makeCurrent()) != nil else { return }
                self.renderer.updateTexture(image, x: x, y: y, width: w, height: h)
            }
            // A transition's old appearance is the layer as on screen before this commit changes it.
            for op in item.commit.operations {
                if case let .addAnimation(id, _, spec) = op, case .transition = spec.kind,
                   applier.transitionSources[id] == nil, let node = scene.nodes[id] {
                    applier.transitionSources[id] = node.frozenCopy()
                }
            }
            do {
                try applier.apply(item.commit, fds: item.fds, to: scene)
                for e in applier.events { eventSink(item.client, e) }
                needsRedraw = true
            } catch {
                commitFailure(item.client, "transaction \(item.commit.transactionID): \(error)")
                removeClient(item.client)
            }
        }
    }

    // MARK: inspection

    public func snapshot() throws -> (width: Int, height: Int, pixels: [UInt8]) {
        try display.makeCurrent()
        return try display.readPixels()
    }

    public var framesRendered: UInt64 { stats.framesRendered }

    public func statsJSON(extra: [String: Any] = [:]) -> [String: Any] {
        var o: [String: Any] = [
            "frames_rendered": stats.framesRendered,
            "clients": clientCount,
            "layers": layerCount,
            "server_cpu_ms_per_frame": stats.cpuPercentiles,
            "frame_ms": stats.framePercentiles,
            "phase_p50_ms": stats.phaseMedians,
            "per_frame": stats.counterSummary,
            "texture_uploads": renderer.textureUploads,
            "texture_upload_bytes": renderer.textureUploadBytes,
            "resident_textures": renderer.residentTextures,
            "backend": display.name,
            "size": [display.width, display.height],
        ]
        for (k, v) in extra { o[k] = v }
        return o
    }

    /// The render tree as JSON (`strata tree`).
    public func treeJSON() -> String {
        TreeDescription(clients: sceneOrder.compactMap { id in
            guard let scene = scenes[id] else { return nil }
            return TreeDescription.Client(client: id, layers: scene.nodes.count, roots: scene.roots.map(TreeDescription.Node.init))
        }).json()
    }
}
