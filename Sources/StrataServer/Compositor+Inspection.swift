import Foundation
import StrataCore
import StrataProtocol
import StrataRender
import StrataText
import StrataDisplay

/// Inspection: snapshots, statistics and the render tree as JSON.
extension Compositor {
    // MARK: inspection

    /// What `output` (nil: the primary) shows: its last presented frame, read back.
    public func snapshot(output name: String? = nil) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let display = output(name) else { throw DisplayError("no output \(name ?? "connected") to read") }
        try display.makeCurrent()
        return try display.readPixels()
    }

    public var framesRendered: UInt64 { stats.framesRendered }

    /// Whether every root shown on `output` (nil: the primary) belongs to `client`: then its pixels show
    /// nothing of any other client.
    func showsOnly(client: UInt32, output name: String?) -> Bool {
        let primaryName = primary?.name
        let shownOn = output(name)?.name
        // A host layer showing another client's context puts that client's pixels in this one's frames.
        return !hostsOthers(client) && scenes.allSatisfy { id, scene in
            id == client || !scene.roots.contains { shows($0, on: shownOn, primaryName: primaryName) }
        }
    }

    /// Server-wide figures and counts, for `strata stats`. With `client`, the counts are that client's
    /// own (a client that is not an inspector sees nothing of the others).
    public func statsJSON(client: UInt32? = nil, extra: [String: Any] = [:]) -> [String: Any] {
        let summary = stats.summary()
        var o: [String: Any] = [
            "frames_rendered": stats.framesRendered,
            "server_cpu_ms_per_frame": summary.cpu,
            "frame_ms": summary.frame,
            "presented_interval_ms": summary.presented,
            "phase_p50_ms": summary.phases,
            "per_frame": summary.counters,
            "backend": displays.backendName,
            "warmed_up": warmedUp,
            "size": [primary?.width ?? 0, primary?.height ?? 0],
            "outputs": outputInfo.map { ["name": $0.name, "size": [$0.width, $0.height], "refresh_hz": $0.refreshHz, "scale": $0.scale] as [String: Any] },
        ]
        o["animated_layers"] = animatedLayersJSON(client: client)
        if let client {
            let scene = scenes[client]
            o["layers"] = scene?.nodes.count ?? 0
            if rendersWithBudgets { o["render_budget"] = budgetJSON(client) }
            if let usage = scene?.usage { o["usage"] = Self.usageJSON(usage, layers: scene?.nodes.count ?? 0) }
        } else {
            o["clients"] = clientCount
            o["layers"] = layerCount
            o["drawables"] = ["transports": ["shared-memory"], "dmabuf_import": dmabuf.canImport,
                              "dmabuf_import_modifiers": dmabuf.canImportWithModifiers, "frames_shown": drawableTotals.shown,
                              "frames_dropped": drawableTotals.dropped, "frames_repeated": drawableTotals.repeated,
                              "frames_queued": queuedDrawables.values.reduce(0) { $0 + $1.node.drawables.queue.count }] as [String: Any]
            o["texture_uploads"] = renderer.textureUploads
            o["texture_upload_bytes"] = renderer.textureUploadBytes
            o["resident_textures"] = renderer.residentTextures
            o["gpu_animation_records"] = gpuAnimationRecords
            o["cache_bytes"] = cacheBytes
            o["cache_releases"] = cacheReleases
            let heap = heapGauge.usage(now: MonotonicClock.now())
            o["heap_bytes"] = ["in_use": heap.inUse, "free": heap.free]
            if rendersWithBudgets { o["render_budgets"] = sceneOrder.map { id -> [String: Any] in var b = budgetJSON(id); b["client"] = id; return b } }
            if let counts = textLayouts?.counts {
                o["text_worker"] = ["laid_out": counts.laidOut, "crashed": counts.crashed, "hung": counts.hung,
                                    "misbehaved": counts.misbehaved, "started": counts.started, "queued": counts.queued]
            }
        }
        for (k, v) in extra { o[k] = v }
        return o
    }

    /// The layers with animations (every client's, or `client`'s) by where they were last evaluated: on
    /// the GPU, on the CPU, and the CPU's by reason (`MotionCPUReason.name`). Counted when asked, not per frame.
    func animatedLayersJSON(client: UInt32?) -> [String: Any] {
        var gpu = 0, cpu = 0
        var reasons: [String: Int] = [:]
        for (id, scene) in scenes where client == nil || client == id {
            for node in scene.nodes.values where !node.animations.isEmpty {
                switch node.motion.verdict {
                case .gpu: gpu += 1
                case .cpu(let reason):
                    cpu += 1
                    reasons[reason.name, default: 0] += 1
                case nil: break
                }
            }
        }
        return ["gpu": gpu, "cpu": cpu, "cpu_reasons": reasons]
    }

    /// Each animated layer of `client` with where its animations were last evaluated, by layer id.
    public func motionVerdicts(client: UInt32) -> [LayerID: MotionVerdict] {
        var found: [LayerID: MotionVerdict] = [:]
        for (id, node) in scenes[client]?.nodes ?? [:] where !node.animations.isEmpty { found[id] = node.motion.verdict }
        return found
    }

    static func usageJSON(_ u: ClientUsage, layers: Int) -> [String: Any] {
        ["layers": layers, "animations": u.animations, "model_bytes": u.modelBytes, "image_bytes": u.imageBytes,
         "shared_memory_bytes": u.sharedMemoryBytes, "pending_commits": u.pendingCommits]
    }

    /// The render tree as JSON (`strata tree`): every client's, or only `client`'s; at most
    /// `TreeDescription.maxLayers` layers.
    public func treeJSON(client: UInt32? = nil) -> String {
        var budget = TreeDescription.Budget()
        var clients: [TreeDescription.Client] = []
        for id in sceneOrder where client == nil || client == id {
            guard let scene = scenes[id] else { continue }
            var roots: [TreeDescription.Node] = []
            // Other clients' trees under host layers only for inspectors (`client` nil).
            for root in scene.roots {
                if budget.remaining > 0 { roots.append(TreeDescription.Node(root, budget: &budget, foreign: client == nil)) } else { budget.truncated = true }
            }
            let exported = contexts.contexts(of: id).sorted { ($0.layer?.id ?? 0) < ($1.layer?.id ?? 0) }
            clients.append(TreeDescription.Client(client: id, layers: scene.nodes.count, roots: roots,
                                                  contexts: exported.map { ($0.layer?.id, $0.host != nil) }))
        }
        return TreeDescription(clients: clients, truncated: budget.truncated ? true : nil).json()
    }
}
