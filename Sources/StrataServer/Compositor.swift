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
    private var imageUID: UInt64 = 0
    private var stats = FrameStats()
    private var needsRedraw = true
    /// Counts rendered frames; marks which nodes were reached from a root in the current one.
    private var frameNumber: UInt64 = 0
    /// The display's clear colour (the background behind every client).
    public var background: Color = .black { didSet { needsRedraw = true } }
    /// Target time of the last rendered frame.
    public private(set) var lastFrameTime: Double?

    /// Receives events for clients (client id, message).
    public var eventSink: (UInt32, ServerMessage) -> Void = { _, _ in }
    /// Receives commits that failed to apply (client id, reason); the caller ends that session.
    public var commitFailure: (UInt32, String) -> Void = { _, _ in }

    public init(display: DisplayBackend) throws {
        self.display = display
        try display.makeCurrent()
        renderer = try Renderer()
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
        for node in scene.nodes.values { if let c = node.contents { renderer.releaseTexture(imageID: c.texture.id) } }
        if !scene.roots.isEmpty { needsRedraw = true }
    }

    public var clientCount: Int { scenes.count }
    public var layerCount: Int { scenes.values.reduce(0) { $0 + $1.nodes.count } }

    /// Queues a commit for the start of the next frame. Takes ownership of `fds`.
    public func submit(_ commit: Commit, fds: [Int32], from client: UInt32) {
        pending.append((client, commit, fds))
    }

    // MARK: frames

    /// Whether a frame at `time` would differ from the last one. Animations are judged in their layer's
    /// local time; a paused subtree (some speed 0 above or at the layer) never needs frames.
    public func needsFrame(at time: Double) -> Bool {
        if needsRedraw || !pending.isEmpty { return true }
        for scene in scenes.values {
            for node in scene.nodes.values where !node.animations.isEmpty {
                let space = node.timeSpace
                guard space.rate != 0 else { continue }
                let local = space.local(fromGlobal: time)
                let lastLocal = lastFrameTime.map { space.local(fromGlobal: $0) }
                for a in node.animations {
                    let phase = a.spec.timing.phase(at: local)
                    if phase == .active { return true }
                    // Crossing an end or start since the last frame changes what is shown.
                    if let lastLocal, a.spec.timing.phase(at: lastLocal) != phase { return true }
                }
            }
        }
        return false
    }

    /// The earliest future global time at which something scheduled changes (an animation starting or
    /// ending, mapped out of its layer's time space), if any.
    public func nextScheduledChange(after time: Double) -> Double? {
        var next: Double?
        for scene in scenes.values {
            for node in scene.nodes.values where !node.animations.isEmpty {
                let space = node.timeSpace
                guard space.rate != 0,
                      let local = Presentation.nextTransition(node.animations, after: space.local(fromGlobal: time)),
                      let t = space.global(fromLocal: local), t > time else { continue }
                next = min(next ?? t, t)
            }
        }
        return next
    }

    /// Applies pending commits, evaluates animations at `targetTime`, renders and presents.
    public func renderFrame(at targetTime: Double) throws {
        var phases = FrameStats.Phases()
        var mark = DispatchTime.now().uptimeNanoseconds
        func lap() -> Double {
            let now = DispatchTime.now().uptimeNanoseconds
            defer { mark = now }
            return Double(now - mark) / 1e6
        }
        applyPendingCommits()
        phases.apply = lap()
        var events: [(UInt32, ServerMessage)] = []
        var roots: [RenderNode] = []
        frameNumber += 1
        for id in sceneOrder {
            guard let scene = scenes[id] else { continue }
            var sceneEvents: [ServerMessage] = []
            for root in scene.roots { evaluate(root, parentTime: targetTime, scene: scene, events: &sceneEvents) }
            // Detached layers (not reached from a root this frame) still run their animations' lifecycle.
            for node in scene.nodes.values where !node.animations.isEmpty && node.evaluatedFrame != frameNumber {
                let local = node.timeSpace.local(fromGlobal: targetTime)
                node.presentation = Presentation.apply(node.animations, to: node.model, at: local)
                AnimationLifecycle.advance(node: node, to: local, scene: scene, events: &sceneEvents)
            }
            events.append(contentsOf: sceneEvents.map { (id, $0) })
            roots.append(contentsOf: scene.roots)
        }
        phases.evaluate = lap()
        drawList.removeAll()
        drawList.clearColor = background
        builder.build(roots: roots, into: &drawList)
        phases.drawList = lap()
        try display.makeCurrent()
        try renderer.render(drawList, framebuffer: display.framebuffer, width: display.width, height: display.height)
        phases.submit = lap()
        try display.present(targetTime: targetTime)
        phases.present = lap()
        stats.record(phases)
        needsRedraw = false
        lastFrameTime = targetTime
        for (client, event) in events { eventSink(client, event) }
    }

    /// Evaluates a subtree: each layer's animations run in its local time, derived from its parent's.
    private func evaluate(_ node: RenderNode, parentTime: Double, scene: ClientScene, events: inout [ServerMessage]) {
        node.evaluatedFrame = frameNumber
        let time = node.model.timing.isIdentity ? parentTime : node.model.timing.local(fromParent: parentTime)
        if node.animations.isEmpty {
            node.presentation = node.model
        } else {
            node.presentation = Presentation.apply(node.animations, to: node.model, at: time)
            AnimationLifecycle.advance(node: node, to: time, scene: scene, events: &events)
        }
        for child in node.sublayers { evaluate(child, parentTime: time, scene: scene, events: &events) }
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
            "texture_uploads": renderer.textureUploads,
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
