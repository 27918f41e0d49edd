import Foundation
import StrataCore
import StrataProtocol
import StrataRender
import StrataText
import StrataDisplay

/// Clients and their commits: joining, leaving, commits queued as they arrive and applied atomically at
/// the next frame.
extension Compositor {
    // MARK: clients

    /// `uid`: the user the client runs as (its peer credentials), which contexts' audiences name.
    public func addClient(_ id: UInt32, uid: UInt32? = nil) {
        guard scenes[id] == nil else { return }
        let scene = ClientScene(clientID: id)
        scene.uid = uid
        scenes[id] = scene
        sceneOrder.append(id)
    }

    /// Drops a client's whole tree (disconnect or rejected input); other clients are untouched. Every link
    /// is cut, so nothing it made outlives it, and the heap it used goes back to the system.
    public func removeClient(_ id: UInt32) {
        guard let scene = scenes.removeValue(forKey: id) else { return }
        sceneOrder.removeAll { $0 == id }
        // Its contexts end and its host layers let theirs go: the other side of each is told, and what it
        // drew for another client (or another client drew in it) is redrawn.
        let hosting = contexts.clientLeft(id, now: MonotonicClock.now())
        for (client, message) in hosting { events?.deliver(message, to: client) }
        textLayouts?.forget(client: id)
        budgets.remove(id)
        heldLayouts.removeAll { $0.ticket.client == id }
        pending.removeAll { $0.client == id }
        for image in scene.images.values { renderer.releaseTexture(imageID: image.texture.id) }
        for node in scene.nodes.values {
            if let c = node.contents { renderer.releaseTexture(imageID: c.texture.id) }
            for image in node.animatedImages.values { renderer.releaseTexture(imageID: image.texture.id) }
            for source in node.transitionSources.values {
                for image in source.old?.subtreeImages ?? [] { renderer.releaseTexture(imageID: image.texture.id) }
            }
        }
        if !scene.roots.isEmpty || !hosting.isEmpty {
            redrawEverywhere()
            // Kept composites and bitmaps may hold what it showed: they go with it (trimmed only by frames, they
            // would stay while the screen is still), and the next frames fill them again. Glyphs are shared
            // by every client's text: they go with the last text layer (below).
            if (try? displays.makeCurrentWithoutOutput()) != nil { renderer.releaseCaches(keepingGlyphs: true) }
        }
        // No text layer left: the glyph cache's pages (up to 20 MiB) and font faces go back too. Whether the
        // leaving client still had text layers or released them before (its glyphs stayed cached, and the
        // font files mapped: 4 MiB after a fuzz run whose clients had all gone).
        if renderer.hasGlyphCache,
           !scenes.values.contains(where: { $0.nodes.values.contains { $0.kind == .text } }),
           (try? displays.makeCurrentWithoutOutput()) != nil {
            renderer.releaseGlyphCache()
        }
        for node in scene.nodes.values { node.unlinkForRelease() }
        _ = scene.roots.removeAll()
        scene.nodes.removeAll()
        scene.images.removeAll()
        MemoryRelease.returnFreedMemory()
    }

    /// What `client` holds now (nil: no such client).
    func usage(of client: UInt32) -> ClientUsage? { scenes[client]?.usage }

    public var clientCount: Int { scenes.count }
    public var layerCount: Int { scenes.values.reduce(0) { $0 + $1.nodes.count } }

    /// Queues a commit for the start of the next frame. Takes ownership of `fds`, which must be sealed
    /// memfds; a commit whose descriptors cannot be mapped fails as a commit that cannot be applied does.
    public func submit(_ commit: Commit, fds: [Int32], from client: UInt32) {
        guard let usage = scenes[client]?.usage else { fds.forEach { close($0) }; return }
        do {
            let mappings = try SharedMemoryIntake.map(fds, usage: usage, quotas: quotas)
            submit(commit, mappings: mappings, messageBytes: 0, from: client)
        } catch {
            events?.commitFailed(client: client, reason: "transaction \(commit.transactionID): \(error)")
            removeClient(client)
        }
    }

    /// Queues a commit whose descriptors were mapped on arrival; counted as pending until applied.
    func submit(_ commit: Commit, mappings: [CountedMapping], messageBytes: Int, from client: UInt32) {
        guard let scene = scenes[client] else { return }
        let usage = scene.usage
        for case let .presentDrawable(layer, buffer, _, _, _, _) in commit.operations {
            if let holder = scene.heldBuffers[buffer] {
                events?.commitFailed(client: client, reason: "transaction \(commit.transactionID): presentDrawable to layer \(layer): buffer \(buffer) is still held "
                              + "by the server (presented by transaction \(holder), not yet released)")
                removeClient(client)
                return
            }
            scene.heldBuffers[buffer] = commit.transactionID
        }
        usage.pendingCommits += 1
        usage.pendingCommitBytes += messageBytes
        pending.append(PendingCommit(client: client, commit: commit, mappings: mappings, messageBytes: messageBytes))
    }


    func applyPendingCommits() {
        for item in takeDueCommits() {
            guard let scene = scenes[item.client] else { continue }
            let started = DispatchTime.now().uptimeNanoseconds
            defer {
                let spent = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                frameCosts[item.client, default: 0] += spent
                frameApply[item.client, default: 0] += spent
            }
            scene.usage.pendingCommits -= 1
            scene.usage.pendingCommitBytes -= item.messageBytes
            scene.changes &+= 1
            var applier = TransactionApplier(
                nextImageUID: { [unowned self] in self.imageUID += 1; return self.imageUID },
                releaseTexture: { [unowned self] in self.renderer.releaseTexture(imageID: $0) })
            applier.quotas = quotas
            applier.contexts = contexts
            applier.now = MonotonicClock.now()
            applier.updateTexture = { [unowned self] image, x, y, w, h in
                // GL calls: on this (the render) thread, with the display's context current.
                guard (try? self.displays.makeCurrentWithoutOutput()) != nil else { return }
                self.renderer.updateTexture(image, x: x, y: y, width: w, height: h)
            }
            applier.fillTexture = { [unowned self] image, source in
                guard (try? self.displays.makeCurrentWithoutOutput()) != nil else { return }
                self.renderer.fillTexture(image, from: source)
            }
            applier.uploadToTexture = { [unowned self] image, source, x, y, w, h in
                guard (try? self.displays.makeCurrentWithoutOutput()) != nil else { return false }
                return self.renderer.updateTexture(image, from: source, x: x, y: y, width: w, height: h)
            }
            do {
                // A transition's old appearance is the layer as on screen before this commit changes it. The
                // copies count as layers: a commit adding transitions to every ancestor of a big subtree
                // would otherwise copy it once per ancestor, unbounded.
                var copied = 0
                for op in item.commit.operations {
                    if case let .addAnimation(id, _, spec) = op, case .transition = spec.kind,
                       applier.transitionSources[id] == nil, let node = scene.nodes[id] {
                        let count = node.subtreeCount
                        copied += count
                        guard scene.nodes.count + scene.usage.copiedLayers + copied <= quotas.layers else {
                            throw QuotaExceeded(key: "client-max-layers", limit: quotas.layers,
                                                detail: "a transition on layer \(id) copies its \(count) layers as they look now")
                        }
                        applier.transitionSources[id] = TransitionSource(old: node.frozenCopy(), layerCount: count)
                    }
                }
                try applier.apply(item.commit, mappings: item.mappings, to: scene)
                freeRetiredImages(of: scene)
                appliedCommits.append(AppliedCommit(client: item.client, transactionID: item.commit.transactionID))
                for e in applier.events { self.events?.deliver(e, to: item.client) }
                for (client, message) in applier.foreignEvents + checkBindings() { self.events?.deliver(message, to: client) }
                if let focus = applier.focusRequest { self.events?.keyFocusRequested(client: focus.client, layer: focus.layer) }
                for node in applier.queuedDrawables { queuedDrawables[ObjectIdentifier(node)] = (item.client, node) }
                redrawEverywhere()
            } catch {
                events?.commitFailed(client: item.client, reason: "transaction \(item.commit.transactionID): \(error)")
                removeClient(item.client)
            }
        }
    }
}
