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
        if f.needsRedraw || f.partsPending || f.remake != nil || !pending.isEmpty || !heldLayouts.isEmpty || f.schedule.animating || drawablesDue(by: time) { return true }
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
    /// `targetTime`, renders them there and presents. Returns how the frame reaches the screen. The frame
    /// keeps its last list where it can (`FramePath`); a kept-list path whose apply finds that the list must
    /// be built after all (a commit failed, an order changed) builds it.
    @discardableResult
    public func renderFrame(at targetTime: Double, output name: String? = nil) throws -> PresentOutcome {
        guard let display = output(name) else { throw DisplayError("no output \(name ?? "connected") to draw on") }
        var frame = FrameInProgress(f: frames(display.name), display: display, time: targetTime)
        let remakeDue = beginFrame(frame.f, on: display, at: targetTime)
        var facts = NextFrameFacts(compositor: self, f: frame.f, time: targetTime, remakeDue: remakeDue)
        switch FramePath.choose(&facts) {
        case .replay:
            return try drawKeptList(&frame)
        case .rewriteSlots:
            return try drawKeptList(&frame, applied: applySlotMoves(frame.f, facts.slotMoves ?? [], at: targetTime))
        case .applyDeferred:
            let updates = facts.deferredUpdates
            return try drawKeptList(&frame, applied: updates.map { applyDeferredRoots(frame.f, $0.clients, moves: $0.moves, at: targetTime) } ?? false)
        case .remakeRoots:
            return try drawKeptList(&frame, applied: remakeRoots(frame.f, after: facts.slotMoves ?? [], on: display, at: targetTime))
        case .build:
            return try buildAndDraw(&frame)
        }
    }

    /// What every frame of `f` does before its path is chosen: the per-frame tallies emptied, the roots
    /// made again between frames put in, and a postponed remake counted. Returns whether roots wait to be
    /// made again and this frame may not postpone them.
    private func beginFrame(_ f: OutputFrames, on display: DisplayBackend, at targetTime: Double) -> Bool {
        if rendersWithBudgets { budgetFrame += 1 }
        frameCosts.removeAll(keepingCapacity: true)
        frameApply.removeAll(keepingCapacity: true)
        frameCommands.removeAll(keepingCapacity: true)
        changedClients.removeAll(keepingCapacity: true)
        // Roots the last frame left to make again are changed for a list built now too.
        changedClients.formUnion(f.clientsToRemake)
        // Roots made again between frames go in first: the frame goes on as if the last one had made them.
        if f.remake?.made != nil {
            if keepsList(f, at: targetTime) { _ = putPreparedRoots(f, on: display) } else { f.remake?.made = nil }
        }
        let postpones = postponesRemake(f)
        if postpones { f.remake?.framesWaited += 1 }
        return f.remake != nil && !postpones
    }

    /// Draws `frame`'s kept list (its slots at the frame's time) once what the path applied (`applied`: nil
    /// for a replay, which applies nothing) kept it; else builds the list.
    private func drawKeptList(_ frame: inout FrameInProgress, applied: Bool? = nil) throws -> PresentOutcome {
        guard applied != false, let plan = frame.f.motionPlan else { return try buildAndDraw(&frame) }
        if applied != nil { frame.phases.apply = frame.lap() }
        return try draw(&frame, plan: plan, reused: true)
    }

    /// The `build` path: commits applied, scenes evaluated, the list built, and drawn where it changed.
    private func buildAndDraw(_ frame: inout FrameInProgress) throws -> PresentOutcome {
        let f = frame.f, targetTime = frame.time
        let forcing = clientsForcingABuild(f, at: targetTime)
        applyPendingCommits()
        latchDrawables(at: targetTime)
        frame.phases.apply = frame.lap()
        let (events, roots) = evaluateScenes(at: targetTime, output: frame.display.name, detachedToo: frame.display === primary)
        f.schedule = schedule
        f.lastFrame = frameNumber
        f.roots = roots
        frame.phases.evaluate = frame.lap()
        buildDrawList(f, roots: roots, on: frame.display, at: targetTime)
        f.remake = nil
        // Text left for later: the next frame must be drawn even if nothing else changes.
        defer { if f.drawList.deferredWork { f.needsRedraw = true } }
        let plan = planRepaint(f, on: frame.display)
        f.builtAt = targetTime
        f.shownAt = targetTime
        f.presentedAt = targetTime
        frame.phases.drawList = frame.lap()
        for client in forcing { frameApply[client, default: 0] += (frame.phases.evaluate + frame.phases.drawList) / Double(forcing.count) }
        guard !plan.unchanged else {
            // The screen shows this picture already: no drawing, no flip (a commit elsewhere, an animation
            // that moved nothing visible).
            stats.record(frame.phases, RenderCounters())
            recordBudgets(frame.phases, interval: frame.display.refreshInterval, reused: false)
            lastFrameWork = RenderCounters()
            f.needsRedraw = false
            for (client, event) in events { self.events?.deliver(event, to: client) }
            return .unchanged
        }
        // Drawn now (unless drawing fails or the frame is dropped: `draw` asks for a whole frame again).
        f.needsRedraw = false
        let outcome = try draw(&frame, plan: plan, reused: false)
        for (client, event) in events { self.events?.deliver(event, to: client) }
        return outcome
    }

    /// A frame of output `name` is on screen since `time`. While something animates from one frame to the
    /// next, the time since the last one is recorded (`presented_interval_ms` in stats): one refresh when
    /// every frame is on time.
    func framePresented(at time: Double, output name: String) {
        if let last = lastPresentation, last.animating, last.output == name {
            stats.presented(interval: time - last.time, refresh: output(name)?.refreshInterval ?? 0)
        }
        lastPresentation = (time, name, frames(name).schedule.animating)
    }

    /// Applies pending commits and evaluates every animation at `time` without drawing. Offline rendering
    /// steps through a scene's changes this way, so that a transition added by a change starts from the
    /// appearance at that change.
    public func advance(to time: Double) {
        applyPendingCommits()
        latchDrawables(at: time)
        let (events, _) = evaluateScenes(at: time, output: nil, detachedToo: true)
        advanced = (frameNumber, schedule)
        for (client, event) in events { self.events?.deliver(event, to: client) }
    }

    /// Whether `root` shows on `output` (nil: every root, for `advance`), the primary output being `primaryName`.
    func shows(_ root: RenderNode, on output: String?, primaryName: String?) -> Bool {
        guard let output else { return true }
        return root.links.output == output || (root.links.output.isEmpty && output == primaryName)
    }

    /// Whether a tree on screen holds `node`: the evaluation in progress reached it, or the latest frame of
    /// another lit output did. (`advance` evaluates every tree, so there only the first counts.)
    func isAttached(_ node: RenderNode) -> Bool {
        if node.timing.evaluatedFrame == frameNumber { return true }
        let other = node.timing.evaluatedOutput
        guard !evaluationOutput.isEmpty, !other.isEmpty, other != evaluationOutput, output(other) != nil else { return false }
        return outputFrames[other]?.lastFrame == node.timing.evaluatedFrame
    }
}
