import Foundation
import StrataCore
import StrataProtocol
import StrataRender
import StrataText
import StrataDisplay

/// Output frames: whether one is needed, rendering it (commits applied, scenes evaluated, the draw list
/// built or reused, drawn and presented), and advancing time without drawing.
extension Compositor {
    // MARK: frames

    /// The roots the last frame of `output` (nil: the primary) drew, bottom first, with the presentation
    /// values that frame showed.
    func shownRoots(output: String?) -> [RenderNode] {
        guard let name = self.output(output)?.name else { return [] }
        let f = frames(name)
        presentShown(f)
        return f.roots
    }

    /// Brings the presentation values of the layers the GPU animated to the output's last frame, which
    /// reused its draw list: evaluated on the CPU, on demand, from the same animations.
    func presentShown(_ f: OutputFrames) {
        guard f.presentedAt != f.shownAt else { return }
        for node in f.motionNodes {
            guard let local = node.localTime(afterGlobal: f.shownAt - f.builtAt) else { continue }
            node.present(at: local)
        }
        f.presentedAt = f.shownAt
    }

    /// Whether a frame of `output` (nil: the primary) at `time` would differ from its last one: something
    /// was committed or removed, an animation was running (in a subtree that is not paused) at its last
    /// frame, or a start or end falls at or before `time`. O(1): the output's last frame recorded what is
    /// scheduled.
    public func needsFrame(at time: Double, output: String? = nil) -> Bool {
        guard let name = self.output(output)?.name else { return false }
        let f = frames(name)
        if f.needsRedraw || f.partsPending || !f.rootsToRemake.isEmpty || !pending.isEmpty || !heldLayouts.isEmpty || f.schedule.animating || drawablesDue(by: time) { return true }
        if let next = f.schedule.nextChange, next <= time { return true }
        return false
    }

    /// The earliest global time after `time` at which something scheduled changes (an animation starting
    /// or ending, mapped out of its layer's time space) on `output`, or anywhere for nil.
    public func nextScheduledChange(after time: Double, output: String? = nil) -> Double? {
        let schedules = output.map { [frames($0).schedule] } ?? outputFrames.values.map(\.schedule) + [advanced.schedule]
        return (schedules.compactMap { $0.nextChange }.filter { $0 > time } + [nextDrawableTime(after: time)].compactMap { $0 }).min()
    }

    /// Commits waiting for the next frame.
    public var hasPendingCommits: Bool { !pending.isEmpty }

    /// Every output's next frame is drawn whole: the screens may not show what was last drawn (outputs
    /// came or went, a mode changed, DRM master came back). Forgets outputs that are gone.
    public func invalidate() {
        let lit = Set(displays.outputs.map(\.name))
        outputFrames = outputFrames.filter { lit.contains($0.key) }
        for f in outputFrames.values { f.invalidate() }
    }

    /// `output`'s next frame is drawn whole (its flip was given up on: what it shows is unknown).
    public func invalidate(output name: String) {
        outputFrames[name]?.invalidate()
    }

    /// Applies pending commits, evaluates the animations of `output`'s roots (nil: the primary's) at
    /// `targetTime`, renders them there and presents. Returns how the frame reaches the screen.
    @discardableResult
    public func renderFrame(at targetTime: Double, output name: String? = nil) throws -> PresentOutcome {
        guard let display = output(name) else { throw DisplayError("no output \(name ?? "connected") to draw on") }
        let isPrimary = display === primary
        let f = frames(display.name)
        var phases = FrameStats.Phases()
        var mark = DispatchTime.now().uptimeNanoseconds
        func lap() -> Double {
            let now = DispatchTime.now().uptimeNanoseconds
            defer { mark = now }
            return Double(now - mark) / 1e6
        }
        if rendersWithBudgets { budgetFrame += 1 }
        frameCosts.removeAll(keepingCapacity: true)
        frameApply.removeAll(keepingCapacity: true)
        frameCommands.removeAll(keepingCapacity: true)
        changedClients.removeAll(keepingCapacity: true)
        // Roots the last frame left to make again are changed for a list built now too.
        changedClients.formUnion(f.rootsToRemake)
        // Roots made again between frames go in first: the frame goes on as if the last one had made them.
        if f.remadeRoots != nil {
            if keepsList(f, at: targetTime) { _ = putPreparedRoots(f, on: display) } else { f.remadeRoots = nil }
        }
        let postpones = postponesRemake(f)
        if postpones { f.remakeWaited += 1 }
        if f.rootsToRemake.isEmpty || postpones {
            if !hasDueCommits, !drawablesDue(by: targetTime), f.canReuse(at: targetTime), !renderer.animations.needsNewEpoch(for: targetTime),
               let plan = f.motionPlan {
                // Only the motion slots change: no commit, no evaluation, no draw list, no events (nothing
                // starts or ends before the next scheduled change).
                return try draw(f, plan: plan, on: display, at: targetTime, phases: &phases, lap: lap, reused: true)
            }
            if let plan = f.motionPlan, let moves = slotMoves(f), keepsList(f, at: targetTime), applySlotMoves(f, moves, at: targetTime) {
                // The commits only moved layers the slots move: their slots rewritten, the list kept.
                phases.apply = lap()
                return try draw(f, plan: plan, on: display, at: targetTime, phases: &phases, lap: lap, reused: true)
            }
            if let (clients, moves) = deferredRootUpdates(f, at: targetTime), applyDeferredRoots(f, clients, moves: moves, at: targetTime),
               let plan = f.motionPlan {
                // Only deferred clients' updates: applied, their roots' last bitmaps shown until the next frame.
                phases.apply = lap()
                return try draw(f, plan: plan, on: display, at: targetTime, phases: &phases, lap: lap, reused: true)
            }
        } else if !hasDueLayouts, keepsList(f, at: targetTime), let moves = hasDueCommits ? slotMoves(f) : [],
                  moves.isEmpty || applySlotMoves(f, moves, at: targetTime), remakeRoots(f, on: display, at: targetTime), let plan = f.motionPlan {
            // The deferred clients' roots applied last frame are made again in place (other clients' commits
            // here only moved what the slots move), the list kept.
            phases.apply = lap()
            return try draw(f, plan: plan, on: display, at: targetTime, phases: &phases, lap: lap, reused: true)
        }
        let forcing = clientsForcingABuild(f, at: targetTime)
        applyPendingCommits()
        latchDrawables(at: targetTime)
        phases.apply = lap()
        let (events, roots) = evaluateScenes(at: targetTime, output: display.name, detachedToo: isPrimary)
        f.schedule = schedule
        f.lastFrame = frameNumber
        f.roots = roots
        phases.evaluate = lap()
        buildDrawList(f, roots: roots, on: display, at: targetTime)
        f.rootsToRemake.removeAll()
        // Text left for later: the next frame must be drawn even if nothing else changes.
        defer { if f.drawList.deferredWork { f.needsRedraw = true } }
        let plan = planRepaint(f, on: display)
        f.builtAt = targetTime
        f.shownAt = targetTime
        f.presentedAt = targetTime
        phases.drawList = lap()
        for client in forcing { frameApply[client, default: 0] += (phases.evaluate + phases.drawList) / Double(forcing.count) }
        if plan.unchanged {
            // The screen shows this picture already: no drawing, no flip (a commit elsewhere, an animation
            // that moved nothing visible).
            stats.record(phases, RenderCounters())
            recordBudgets(phases, interval: display.refreshInterval, reused: false)
            lastFrameWork = RenderCounters()
            f.needsRedraw = false
            for (client, event) in events { eventSink(client, event) }
            return .unchanged
        }
        // Drawn now (unless drawing fails or the frame is dropped: `draw` asks for a whole frame again).
        f.needsRedraw = false
        let outcome = try draw(f, plan: plan, on: display, at: targetTime, phases: &phases, lap: lap, reused: false)
        for (client, event) in events { eventSink(client, event) }
        return outcome
    }

    /// A frame of output `name` is on screen since `time`. While something animates from one frame to the
    /// next, the time since the last one is recorded (`presented_interval_ms` in stats): one refresh when
    /// every frame is on time.
    func framePresented(at time: Double, output name: String) {
        if let last = lastPresentation, last.animating, last.output == name { stats.presented(interval: time - last.time) }
        lastPresentation = (time, name, frames(name).schedule.animating)
    }

    /// Builds `f`'s draw list of `roots` for a frame at `targetTime`: with motion slots when enough layers
    /// animate (`gpuAnimationMinimumLayers`), each client's building timed under render budgets.
    func buildDrawList(_ f: OutputFrames, roots: [RenderNode], on display: DisplayBackend, at targetTime: Double) {
        defer { sendBuildRequests() }
        f.drawList.removeAll()
        f.drawList.clearColor = background
        f.drawList.displayScale = scale(of: display.name)
        f.drawList.textureLimit = renderer.textureLimit
        for scene in scenes.values { scene.textLayoutBudget = textLayoutUnitsPerFrame ?? .max }
        if let least = gpuAnimationMinimumLayers, motionCandidates >= least {
            let rebases = renderer.animations.rebaseCount
            f.drawList.motion = motion.begin(at: targetTime)
            // A moved epoch invalidates every other output's slots (their records' times count from it).
            if renderer.animations.rebaseCount != rebases { redrawEverywhere() }
        } else {
            motion.countBuild()
        }
        prepareBuilder(on: display, at: targetTime)
        guard rendersWithBudgets else {
            builder.build(roots: roots, into: &f.drawList)
            return
        }
        // Root by root, each client's building timed and its commands counted (the same list).
        for root in roots {
            let start = DispatchTime.now().uptimeNanoseconds, before = f.drawList.commands.count
            builder.build(roots: [root], into: &f.drawList)
            if let client = root.owner?.clientID {
                frameCosts[client, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                frameCommands[client, default: 0] += f.drawList.commands[before...].reduce(0) { n, command in
                    if case .content(let content) = command { n + content.drawCost } else { n + 1 }
                }
            }
        }
    }

    /// Sets the builder up for a frame of `display` at `targetTime` (after the frame's commits are applied).
    func prepareBuilder(on display: DisplayBackend, at targetTime: Double) {
        builder.motionOff = gpuAnimationMinimumLayers == nil ? .pathOff : .fewAnimatedLayers
        (builder.rasterizedClients, builder.frozenClients) = deferredClients()
        builder.bitmapAreaLimit = DrawListBuilder.bitmapAreaLimit(width: display.width, height: display.height)
        builder.frameTime = targetTime
        builder.targetSize = CGSize(width: display.width, height: display.height)
    }

    /// What of `display` the built list repaints: all of it when the GPU places what moves (and the damage
    /// history starts again: its keys do not see the slots move), else what changed since the
    /// framebuffer's contents were drawn. Keeps what a later frame needs to reuse the list.
    func planRepaint(_ f: OutputFrames, on display: DisplayBackend) -> FramePlan {
        if let slots = f.drawList.motion, slots.count > 0 {
            let plan = FramePlan.full(f.drawList, width: display.width, height: display.height)
            f.damage.invalidate()
            f.motionPlan = plan
            f.motionNodes = motion.placed
            f.orderedSiblings = motion.orderedSiblings
            f.depthOrders = motion.depthOrders
            return plan
        }
        f.drawList.motion = nil
        f.motionPlan = nil
        f.motionNodes = []
        f.orderedSiblings = []
        f.depthOrders = []
        return f.damage.plan(f.drawList, width: display.width, height: display.height, bufferAge: display.bufferAge)
    }

    /// Draws `f`'s list where `plan` says into `display`'s framebuffer and presents it, recording the
    /// frame's phases and work (`reused`: the list was drawn before, only its motion slots move).
    func draw(_ f: OutputFrames, plan: FramePlan, on display: DisplayBackend, at targetTime: Double,
                      phases: inout FrameStats.Phases, lap: () -> Double, reused: Bool) throws -> PresentOutcome {
        var counters: RenderCounters
        do {
            try display.makeCurrent()
            counters = try renderer.render(f.drawList, plan: plan, framebuffer: display.framebuffer,
                                           width: display.width, height: display.height, rotation: display.rotation, time: targetTime)
        } catch {
            f.invalidate() // the framebuffer may hold part of this frame
            throw error
        }
        counters.drawListReused = reused
        // Glyphs the rasterising budget left out, or bitmaps drawn in parts and not whole yet: the next frame
        // is drawn whole and makes them (or their next parts).
        // Where the GPU places what moves, the whole output is drawn anyway: the next frame may reuse the list
        // to draw the next parts (a client replacing a large text each frame made every frame build
        // every client's list again).
        if counters.glyphsDeferred > 0 || (counters.rasterPartsPending > 0 && f.motionPlan == nil) { f.invalidate() }
        f.partsPending = counters.rasterPartsPending > 0
        phases.submit = lap()
        let outcome = try display.present(targetTime: targetTime)
        phases.present = lap()
        if let framePresented, outcome == .shownAtTarget || outcome == .flipQueued { framePresented(display, targetTime) }
        recordBudgets(phases, interval: display.refreshInterval, reused: reused)
        stats.record(phases, counters)
        lastFrameWork = counters
        f.shownAt = targetTime
        // Not on screen: the next frame of this output is drawn whole.
        if case .dropped = outcome { f.invalidate() }
        return outcome
    }

    /// Applies pending commits and evaluates every animation at `time` without drawing. Offline rendering
    /// steps through a scene's changes this way, so that a transition added by a change starts from the
    /// appearance at that change.
    public func advance(to time: Double) {
        applyPendingCommits()
        latchDrawables(at: time)
        let (events, _) = evaluateScenes(at: time, output: nil, detachedToo: true)
        advanced = (frameNumber, schedule)
        for (client, event) in events { eventSink(client, event) }
    }

    /// Whether `root` shows on `output` (nil: every root, for `advance`), the primary output being `primaryName`.
    func shows(_ root: RenderNode, on output: String?, primaryName: String?) -> Bool {
        guard let output else { return true }
        return root.output == output || (root.output.isEmpty && output == primaryName)
    }

    /// Whether a tree on screen holds `node`: the evaluation in progress reached it, or the latest frame of
    /// another lit output did. (`advance` evaluates every tree, so there only the first counts.)
    func isAttached(_ node: RenderNode) -> Bool {
        if node.evaluatedFrame == frameNumber { return true }
        let other = node.evaluatedOutput
        guard !evaluationOutput.isEmpty, !other.isEmpty, other != evaluationOutput, output(other) != nil else { return false }
        return outputFrames[other]?.lastFrame == node.evaluatedFrame
    }
}
