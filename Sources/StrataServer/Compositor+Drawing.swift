import Foundation
import StrataCore
import StrataDisplay
import StrataRender

/// A frame being made: its output, target time and the times of its phases so far.
struct FrameInProgress {
    let f: OutputFrames
    let display: DisplayBackend
    let time: Double
    var phases = FrameStats.Phases()
    private var mark = DispatchTime.now().uptimeNanoseconds

    init(f: OutputFrames, display: DisplayBackend, time: Double) {
        self.f = f
        self.display = display
        self.time = time
    }

    /// Milliseconds since the frame began or since the last lap.
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { mark = now }
        return Double(now - mark) / 1e6
    }
}

/// Building a frame's draw list, choosing what of the output it repaints, and drawing and presenting it.
extension Compositor {
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
        // Root by root, each client's building timed and its commands counted (the same list); what a
        // host layer's context cost goes to the context's exporter.
        let hosted = contexts.byToken.isEmpty ? nil : HostedCosts()
        builder.hostedCosts = hosted
        defer { builder.hostedCosts = nil }
        for root in roots {
            let start = DispatchTime.now().uptimeNanoseconds, before = f.drawList.commands.count
            let charged = (hosted?.totalMilliseconds ?? 0, hosted?.totalDrawCost ?? 0)
            builder.build(roots: [root], into: &f.drawList)
            if let client = root.owner?.clientID {
                frameCosts[client, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 - ((hosted?.totalMilliseconds ?? 0) - charged.0)
                frameCommands[client, default: 0] += DrawCost.of(f.drawList.commands[before...]) - ((hosted?.totalDrawCost ?? 0) - charged.1)
            }
        }
        for (client, ms) in hosted?.milliseconds ?? [:] { frameCosts[client, default: 0] += ms }
        for (client, cost) in hosted?.drawCost ?? [:] { frameCommands[client, default: 0] += cost }
    }

    /// Sets the builder up for a frame of `display` at `targetTime` (after the frame's commits are applied).
    func prepareBuilder(on display: DisplayBackend, at targetTime: Double) {
        builder.motionOff = MotionEligibility.frameOff(pathOn: gpuAnimationMinimumLayers != nil)
        (builder.deferredClients, builder.stillDeferredClients) = deferredClients()
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
        let renderer = self.renderer, size = (display.width, display.height, display.rotation)
        return f.damage.plan(f.drawList, width: display.width, height: display.height, bufferAge: display.bufferAge,
                             copies: display.rotation == 0,
                             keptBackdrop: { renderer.keepsBackdrop($0, width: size.0, height: size.1, rotation: size.2) })
    }

    /// Draws `f`'s list where `plan` says into `display`'s framebuffer and presents it, recording the
    /// frame's phases and work (`reused`: the list was drawn before, only its motion slots move).
    func draw(_ frame: inout FrameInProgress, plan: FramePlan, reused: Bool) throws -> PresentOutcome {
        let f = frame.f, display = frame.display, targetTime = frame.time
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
        counters.subtreesCulled = f.drawList.culledSubtrees
        // Glyphs the rasterising budget left out, or bitmaps drawn in parts and not whole yet: the next frame
        // is drawn whole and makes them (or their next parts).
        // Where the GPU places what moves, the whole output is drawn anyway: the next frame may reuse the list
        // to draw the next parts (a client replacing a large text each frame made every frame build
        // every client's list again).
        if counters.glyphsDeferred > 0 || (counters.rasterPartsPending > 0 && f.motionPlan == nil) { f.invalidate() }
        f.partsPending = counters.rasterPartsPending > 0
        frame.phases.submit = frame.lap()
        let outcome = try display.present(targetTime: targetTime)
        frame.phases.present = frame.lap()
        if outcome == .shownAtTarget || outcome == .flipQueued { events?.framePresented(on: display, at: targetTime) }
        recordBudgets(frame.phases, interval: display.refreshInterval, reused: reused)
        stats.record(frame.phases, counters)
        lastFrameWork = counters
        f.shownAt = targetTime
        // Not on screen: the next frame of this output is drawn whole.
        if case .dropped = outcome { f.invalidate() }
        return outcome
    }
}
