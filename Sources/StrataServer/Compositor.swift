import Foundation
import StrataCore
import StrataProtocol
import StrataRender
import StrataText
import StrataDisplay

/// The server's frame engine, independent of sockets: queues commits, and on each frame of an output
/// applies them atomically, evaluates the animations of the roots shown there at the frame's target
/// time, renders that presentation tree and reports animation events. Used by the daemon and in-process
/// by `strata render`. All calls must come from the thread that owns the displays' GL context.
public final class Compositor {
    public let displays: DisplaySet
    private let renderer: Renderer
    private(set) var scenes: [UInt32: ClientScene] = [:]
    private var sceneOrder: [UInt32] = []
    var pending: [PendingCommit] = []
    /// Commits applied and not yet taken by the frame loop (`AppliedCommits.swift`).
    var appliedCommits: [AppliedCommit] = []
    /// A commit waiting for the next frame, with its descriptors already mapped and its wire size.
    struct PendingCommit {
        var client: UInt32
        var commit: Commit
        var mappings: [CountedMapping]
        var messageBytes: Int
    }
    /// What each client may hold (see `ClientQuotas`).
    public var quotas = ClientQuotas()
    /// Output pixels per layer point (1 on servers today; an offline scene sets its own).
    public var displayScale: CGFloat = 1
    /// How many UTF-16 units of text one client's layers may lay out per frame (nil: no limit, for offline
    /// rendering, which must show the whole state in one frame). Past it a text layer keeps showing its
    /// last layout and the next frame goes on; a client's first layout of a frame is always made, so every
    /// client's text progresses. A bound on what one client's strings cost every client's frame.
    public var textLayoutUnitsPerFrame: Int? = 32_768
    /// The text worker that lays out text layers' strings off this thread (the daemon's; nil: laid out here,
    /// while the draw list is built, as offline rendering and benchmarks do). Its `wakeFD` readable means
    /// `collectTextLayouts()` has layouts to hand over.
    public var textLayouts: TextLayoutService? {
        didSet { builder.textLayouts = textLayouts; redrawEverywhere() }
    }
    /// Whether clients whose layers make frames late have their updates deferred (`ClientBudgets`; the
    /// daemon's). Off, as offline rendering needs, every commit is applied at the next frame.
    public var rendersWithBudgets = false
    /// Told when a client's updates are deferred to every n-th frame, or no longer (the daemon logs it).
    public var renderBudgetChanged: (_ client: UInt32, _ every: Int, _ costMilliseconds: Double, _ frameMilliseconds: Double) -> Void = { _, _, _, _ in }
    var budgets = ClientBudgets()
    /// Text layouts of deferred clients, handed over at the frames that apply their commits.
    var heldLayouts: [TextLayoutService.Delivery] = []
    /// Frames rendered with budgets, numbering which frames apply a deferred client's commits.
    var budgetFrame: UInt64 = 0
    /// The frame in progress' cost per client, in milliseconds, and the quads its layers' commands draw
    /// (`ContentDraw.drawCost`; 1 for every other command), which split the frame's GL time.
    /// Clients whose commits or text layouts the frame in progress applied.
    var changedClients: Set<UInt32> = []
    var frameCosts: [UInt32: Double] = [:]
    /// The part of `frameCosts` spent applying each client's commits.
    var frameApply: [UInt32: Double] = [:]
    var frameCommands: [UInt32: Int] = [:]
    /// Told of a layout the text worker failed on (client, layer, reason): the daemon logs it and tells the
    /// client; the layer shows no text until its string or style changes.
    public var textLayoutFailure: (UInt32, LayerID, String) -> Void = { _, _, _ in }
    var builder = DrawListBuilder()
    /// Which layers the GPU animates, and their animations' rows.
    private let motion: MotionPlanner
    /// How many animated layers a frame needs before the animations the GPU path can evaluate are
    /// evaluated there (nil: never; every animation on the CPU, the reference the GPU path is checked
    /// against and a way round a driver's fault). Below it the CPU evaluates them and the damage tracker
    /// repaints only what moved, which costs less than repainting the whole output as the GPU path does.
    public var gpuAnimationMinimumLayers: Int? = Compositor.defaultGPUAnimationMinimumLayers {
        didSet { redrawEverywhere() }
    }
    public static let defaultGPUAnimationMinimumLayers = 16
    /// Whether a shape layer moves (and its stroke trims) with a motion slot (`MovingShapeDraw`) or keeps
    /// its slot's layer on the CPU. Off by default on a software rasteriser: there the outline's points
    /// go through the emulated vertex stage on one thread, and a frame of 100 animated shapes took about
    /// twice the CPU path's time (docs/performance.md); on by default elsewhere.
    public var shapesMoveOnTheGPU: Bool {
        get { builder.shapesMove }
        set { builder.shapesMove = newValue; redrawEverywhere() }
    }
    /// Animated layers the evaluation in progress found in affine time (candidates for motion slots), each
    /// counted once per delayed copy that replicators above draw of it.
    private var motionCandidates = 0
    /// Each output's last draw list, damage history, redraw flag and schedule, by output name.
    private var outputFrames: [String: OutputFrames] = [:]
    /// The GPU-side work of the last rendered frame (draw calls, offscreen passes, repainted pixels).
    public private(set) var lastFrameWork = RenderCounters()
    private var imageUID: UInt64 = 0
    private var stats = FrameStats()
    /// Counts evaluations (frames and `advance`); marks which nodes were reached from a root in each.
    private var frameNumber: UInt64 = 0
    /// The last `advance`'s frame number and what it scheduled.
    private var advanced = (frame: UInt64(0), schedule: Schedule())
    /// What the evaluation in progress finds: whether an animation is running where time moves, and the
    /// next start or end in global time.
    private var schedule = Schedule()

    private final class OutputFrames {
        var drawList = DrawList()
        var damage = DamageTracker()
        var needsRedraw = true
        /// What this output's last frame scheduled.
        var schedule = Schedule()
        /// The frame number of its last frame.
        var lastFrame: UInt64 = 0
        /// The roots its last frame drew, bottom first (what hit tests search).
        var roots: [RenderNode] = []
        /// While its draw list has motion slots: the plan it was drawn with (a whole repaint), the nodes
        /// of its slots, the time it was built for and the time of the last frame that reused it (their
        /// presentation values are those of `presentedAt`: the build's until `presentShown` brings them to
        /// the last frame).
        var motionPlan: FramePlan?
        var motionNodes: [RenderNode] = []
        /// Siblings drawn in an order an animated zPosition may change (`MotionPlanner.noteSiblings`).
        var orderedSiblings: [[(node: RenderNode, index: Int)]] = []
        var depthOrders: [[(node: RenderNode, space: Transform3D, order: Int)]] = []
        var builtAt = 0.0
        var shownAt = 0.0
        var presentedAt = 0.0

        /// The next frame is drawn whole: the framebuffer may not show what was last drawn.
        func invalidate() {
            needsRedraw = true
            damage.invalidate()
        }

        /// Whether a frame at `time` can reuse the last draw list, its motion slots evaluated at `time`:
        /// nothing is scheduled to start or end before it and nothing drawn animates on the CPU.
        func canReuse(at time: Double) -> Bool {
            guard !needsRedraw, motionPlan != nil, !drawList.cpuAnimating, !drawList.deferredWork, time >= builtAt else { return false }
            if let next = schedule.nextChange, next <= time { return false }
            // The GPU moves zPositions; the siblings' order is the CPU's, and a new one needs a new list.
            return MotionPlanner.siblingOrderHolds(orderedSiblings, elapsed: time - builtAt)
                && MotionPlanner.depthOrderHolds(depthOrders, elapsed: time - builtAt)
        }
    }
    /// The target time of the frame being evaluated (the global time `schedule.note` maps from), and its
    /// output ("" for `advance`).
    private var evaluationTime = 0.0
    private var evaluationOutput = ""

    struct Schedule {
        var animating = false
        var nextChange: Double?

        /// Notes a layer's animations at local time `local`, where local time runs at `rate` against global
        /// time and equals `local` at global `time` (local time is affine in global time). Under replicators
        /// with instance delays the copies see the animations `spread` later or earlier: their active
        /// intervals are widened by it.
        mutating func note(_ animations: [AttachedAnimation], local: Double, rate: Double, time: Double,
                           spread: TimeSpread = TimeSpread()) {
            guard rate != 0, !animations.isEmpty else { return }
            if !animating, Presentation.isAnimating(animations, at: local, spread: spread.lower...spread.upper) { animating = true }
            // Transitions ahead in local time lie ahead in global time only when time runs forwards.
            guard rate > 0, let t = Presentation.nextTransition(animations, after: local, spread: spread.lower...spread.upper) else { return }
            let global = time + (t - local) / rate
            noteChange(at: global)
        }

        /// `note`, from what a quiet span holding `local` says of the animations.
        mutating func note(_ quiet: Presentation.QuietSpan, local: Double, rate: Double, time: Double) {
            guard rate != 0 else { return }
            if quiet.isAnimating { animating = true }
            guard rate > 0, let t = quiet.nextTransition else { return }
            noteChange(at: time + (t - local) / rate)
        }

        /// Notes a change (a start, an end, a layer's time beginning) at global time `global`.
        mutating func noteChange(at global: Double) {
            nextChange = min(nextChange ?? global, global)
        }
    }
    /// The displays' clear colour (the background behind every client).
    public var background: Color = .black { didSet { redrawEverywhere() } }

    /// Receives events for clients (client id, message).
    public var eventSink: (UInt32, ServerMessage) -> Void = { _, _ in }
    /// Receives commits that failed to apply (client id, reason); the caller ends that session.
    public var commitFailure: (UInt32, String) -> Void = { _, _ in }

    /// `programCache`: where the renderer keeps linked shader binaries between runs (nil: none).
    /// `deferringPrograms`: link only what plain layers draw with now, the rest by `linkDeferredProgram`.
    public init(display: DisplaySet, programCache: ProgramBinaryCache? = nil, deferringPrograms: Bool = false) throws {
        displays = display
        try display.makeCurrentWithoutOutput()
        renderer = try Renderer(programCache: programCache, deferringPrograms: deferringPrograms)
        motion = MotionPlanner(table: renderer.animations)
        builder.motion = motion
        builder.shapesMove = !renderer.isSoftwareRasterizer
    }

    /// Glyph pixels one frame may rasterise (`Renderer.glyphRasterBudget`); the rest wait for later frames.
    public var glyphRasterBudget: Int {
        get { renderer.glyphRasterBudget }
        set { renderer.glyphRasterBudget = newValue }
    }

    /// Whether the renderer's glyph cache is allocated (it is given back when the last text layer's client leaves).
    var hasGlyphCache: Bool { renderer.hasGlyphCache }

    /// Animations packed for the GPU path and resident in its table (a group's children count each).
    var gpuAnimationRecords: Int { renderer.animations.count }

    /// Whether shader programs remain to be linked (`deferringPrograms`).
    public var hasDeferredPrograms: Bool { renderer.hasDeferredPrograms }

    /// Links one deferred shader program, between frames. A failure is logged by the caller; the program
    /// is then linked again when a frame needs it, which fails that frame as a link at start-up would have.
    public func linkDeferredProgram() throws {
        try displays.makeCurrentWithoutOutput()
        try renderer.linkDeferredProgram()
    }

    /// Whether `warmUp` has run (or failed: it is not tried again).
    public private(set) var warmedUp = false

    /// Draws one of each kind of command once (`Renderer.warmUp`), so a first client's first frame does not
    /// wait for the driver to compile what it draws. Once, between frames at start-up, after the deferred
    /// programs.
    public func warmUp() throws {
        guard !warmedUp else { return }
        warmedUp = true
        try displays.makeCurrentWithoutOutput()
        try renderer.warmUp(face: FontLibrary.shared.face(named: nil))
        // Its glyphs took a glyph cache page (4 MiB): given back unless a client's text shows already.
        if !scenes.values.contains(where: { $0.nodes.values.contains { $0.kind == .text } }) { renderer.releaseGlyphCache() }
    }

    /// The GL driver the frames are drawn with (GL_RENDERER | GL_VERSION).
    public var driver: String { renderer.driver }

    /// The primary output: roots not assigned to another show there (nil: none lit).
    public var primary: DisplayBackend? { displays.outputs.first }

    /// The lit output named `name`, or the primary for nil.
    public func output(_ name: String?) -> DisplayBackend? {
        guard let name else { return primary }
        return displays.outputs.first { $0.name == name }
    }

    /// The lit outputs as clients are told of them.
    public var outputInfo: [OutputInfo] {
        displays.outputs.map { OutputInfo(name: $0.name, width: $0.width, height: $0.height, refreshInterval: $0.refreshInterval) }
    }

    private func frames(_ name: String) -> OutputFrames {
        if let f = outputFrames[name] { return f }
        let f = OutputFrames()
        outputFrames[name] = f
        return f
    }

    func redrawEverywhere() {
        for f in outputFrames.values { f.needsRedraw = true }
    }

    // MARK: clients

    public func addClient(_ id: UInt32) {
        guard scenes[id] == nil else { return }
        scenes[id] = ClientScene(clientID: id)
        sceneOrder.append(id)
    }

    /// Drops a client's whole tree (disconnect or rejected input); other clients are untouched. Every link
    /// is cut, so nothing it made outlives it, and the heap it used goes back to the system.
    public func removeClient(_ id: UInt32) {
        guard let scene = scenes.removeValue(forKey: id) else { return }
        sceneOrder.removeAll { $0 == id }
        textLayouts?.forget(client: id)
        budgets.remove(id)
        heldLayouts.removeAll { $0.ticket.client == id }
        pending.removeAll { $0.client == id }
        for image in scene.images.values { renderer.releaseTexture(imageID: image.texture.id) }
        for node in scene.nodes.values {
            if let c = node.contents { renderer.releaseTexture(imageID: c.texture.id) }
            for source in node.transitionSources.values {
                for image in source.old?.subtreeImages ?? [] { renderer.releaseTexture(imageID: image.texture.id) }
            }
        }
        if !scene.roots.isEmpty { redrawEverywhere() }
        // The last text layer gone: the glyph cache's pages (up to 20 MiB) and font faces go back too.
        if scene.nodes.values.contains(where: { $0.kind == .text }),
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
            commitFailure(client, "transaction \(commit.transactionID): \(error)")
            removeClient(client)
        }
    }

    /// Queues a commit whose descriptors were mapped on arrival; counted as pending until applied.
    func submit(_ commit: Commit, mappings: [CountedMapping], messageBytes: Int, from client: UInt32) {
        guard let usage = scenes[client]?.usage else { return }
        usage.pendingCommits += 1
        usage.pendingCommitBytes += messageBytes
        pending.append(PendingCommit(client: client, commit: commit, mappings: mappings, messageBytes: messageBytes))
    }

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
    private func presentShown(_ f: OutputFrames) {
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
        if f.needsRedraw || !pending.isEmpty || !heldLayouts.isEmpty || f.schedule.animating { return true }
        if let next = f.schedule.nextChange, next <= time { return true }
        return false
    }

    /// The earliest global time after `time` at which something scheduled changes (an animation starting
    /// or ending, mapped out of its layer's time space) on `output`, or anywhere for nil.
    public func nextScheduledChange(after time: Double, output: String? = nil) -> Double? {
        let schedules = output.map { [frames($0).schedule] } ?? outputFrames.values.map(\.schedule) + [advanced.schedule]
        return schedules.compactMap { $0.nextChange }.filter { $0 > time }.min()
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
        if !hasDueCommits, f.canReuse(at: targetTime), !renderer.animations.needsNewEpoch(for: targetTime), let plan = f.motionPlan {
            // Only the motion slots change: no commit, no evaluation, no draw list, no events (nothing
            // starts or ends before the next scheduled change).
            return try draw(f, plan: plan, on: display, at: targetTime, phases: &phases, lap: lap, reused: true)
        }
        applyPendingCommits()
        phases.apply = lap()
        let (events, roots) = evaluateScenes(at: targetTime, output: display.name, detachedToo: isPrimary)
        f.schedule = schedule
        f.lastFrame = frameNumber
        f.roots = roots
        phases.evaluate = lap()
        f.drawList.removeAll()
        f.drawList.clearColor = background
        f.drawList.displayScale = displayScale
        for scene in scenes.values { scene.textLayoutBudget = textLayoutUnitsPerFrame ?? .max }
        if let least = gpuAnimationMinimumLayers, motionCandidates >= least {
            let rebases = renderer.animations.rebaseCount
            f.drawList.motion = motion.begin(at: targetTime)
            // A moved epoch invalidates every other output's slots (their records' times count from it).
            if renderer.animations.rebaseCount != rebases { redrawEverywhere() }
        } else {
            motion.countBuild()
        }
        (builder.rasterizedClients, builder.frozenClients) = deferredClients()
        builder.bitmapAreaLimit = DrawListBuilder.bitmapAreaLimit(width: display.width, height: display.height)
        if rendersWithBudgets {
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
        } else {
            builder.build(roots: roots, into: &f.drawList)
        }
        // Text left for later: the next frame must be drawn even if nothing else changes.
        defer { if f.drawList.deferredWork { f.needsRedraw = true } }
        let plan: FramePlan
        if let slots = f.drawList.motion, slots.count > 0 {
            // The GPU places what moves: the whole output is repainted, and the damage history starts
            // again after (its keys do not see the slots move).
            plan = FramePlan.full(f.drawList, width: display.width, height: display.height)
            f.damage.invalidate()
            f.motionPlan = plan
            f.motionNodes = motion.placed
            f.orderedSiblings = motion.orderedSiblings
            f.depthOrders = motion.depthOrders
        } else {
            f.drawList.motion = nil
            // Only what changed since the framebuffer's contents were drawn is repainted.
            plan = f.damage.plan(f.drawList, width: display.width, height: display.height, bufferAge: display.bufferAge)
            f.motionPlan = nil
            f.motionNodes = []
            f.orderedSiblings = []
            f.depthOrders = []
        }
        f.builtAt = targetTime
        f.shownAt = targetTime
        f.presentedAt = targetTime
        phases.drawList = lap()
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

    /// Draws `f`'s list where `plan` says into `display`'s framebuffer and presents it, recording the
    /// frame's phases and work (`reused`: the list was drawn before, only its motion slots move).
    private func draw(_ f: OutputFrames, plan: FramePlan, on display: DisplayBackend, at targetTime: Double,
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
        // Glyphs the rasterising budget left out: the next frame is drawn whole and makes them.
        if counters.glyphsDeferred > 0 { f.invalidate() }
        phases.submit = lap()
        let outcome = try display.present(targetTime: targetTime)
        phases.present = lap()
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
        let (events, _) = evaluateScenes(at: time, output: nil, detachedToo: true)
        advanced = (frameNumber, schedule)
        for (client, event) in events { eventSink(client, event) }
    }

    /// Whether `root` shows on `output` (nil: every root, for `advance`), the primary output being `primaryName`.
    private func shows(_ root: RenderNode, on output: String?, primaryName: String?) -> Bool {
        guard let output else { return true }
        return root.output == output || (root.output.isEmpty && output == primaryName)
    }

    /// Whether a tree on screen holds `node`: the evaluation in progress reached it, or the latest frame of
    /// another lit output did. (`advance` evaluates every tree, so there only the first counts.)
    private func isAttached(_ node: RenderNode) -> Bool {
        if node.evaluatedFrame == frameNumber { return true }
        let other = node.evaluatedOutput
        guard !evaluationOutput.isEmpty, !other.isEmpty, other != evaluationOutput, output(other) != nil else { return false }
        return outputFrames[other]?.lastFrame == node.evaluatedFrame
    }

    /// Evaluates the trees shown on `output` (nil: every tree) at `targetTime`, and with `detachedToo` the
    /// layers no tree on screen holds; returns the events to send and the roots to draw.
    private func evaluateScenes(at targetTime: Double, output: String?, detachedToo: Bool) -> (events: [(UInt32, ServerMessage)], roots: [RenderNode]) {
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
            // Counted for clients with layers on screen (others draw nothing for anyone to wait on).
            defer {
                if rendersWithBudgets, !scene.roots.isEmpty {
                    frameCosts[id, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                }
            }
            var sceneEvents: [ServerMessage] = []
            let shown = scene.roots.filter { shows($0, on: output, primaryName: primaryName) }
            for root in shown { evaluate(root, clock: .global(targetTime), scene: scene, events: &sceneEvents) }
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
    private func evaluate(_ node: RenderNode, clock: SubtreeClock, scene: ClientScene, events: inout [ServerMessage]) {
        guard node.activeInSubtree > 0 else { return }
        node.evaluatedFrame = frameNumber
        node.evaluatedOutput = evaluationOutput
        var child = clock.child(node.model.timing, evaluationTime: evaluationTime, schedule: &schedule)
        node.localTime = child.time
        node.localRate = child.rate
        node.localAffine = child.affine
        if node.isActive { evaluateOwn(node, clock: child, scene: scene, events: &events) }
        // A replicator's delayed copies show its sublayers' animations later: their frames run longer.
        let spread = node.content.timeSpread(node)
        if spread != 0 { child.spread = child.spread.widened(by: spread) }
        let copies = node.content.copies(node)
        if copies > 1 { child.copies = min(child.copies * copies, ValueRule.maxInstances) }
        for sub in node.sublayers where sub.activeInSubtree > 0 { evaluate(sub, clock: child, scene: scene, events: &events) }
        // A mask runs in the time of the layer it masks, as a sublayer would.
        if let mask = node.mask, mask.activeInSubtree > 0 { evaluate(mask, clock: child, scene: scene, events: &events) }
    }

    /// An active node's own animations at its local time (`clock`), their events, and what they schedule.
    private func evaluateOwn(_ node: RenderNode, clock child: SubtreeClock, scene: ClientScene, events: inout [ServerMessage]) {
        node.activeTransition = nil
        if let time = child.time, !node.animations.isEmpty {
            // Each delayed copy a replicator draws of it counts: on the CPU each is an evaluation of its own.
            if child.affine { motionCandidates += child.copies }
            if mayMoveOnTheGPU(node, clock: child) {
                // Evaluated only if read: in a motion slot the GPU evaluates it and the CPU reads nothing.
                node.deferPresentation(at: time)
            } else {
                node.present(at: time)
            }
            // Within a quiet span no animation starts or ends: nothing to report, and the schedule is known.
            let spread = child.spread.lower...child.spread.upper
            let quiet: Presentation.QuietSpan
            if let known = node.quietSpan, known.holds(time, spread: spread) {
                quiet = known
            } else {
                AnimationLifecycle.advance(node: node, to: time, scene: scene, events: &events)
                quiet = Presentation.quietSpan(node.animations, at: time, spread: spread)
                node.quietSpan = quiet
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
    }

    /// Whether the GPU path may evaluate `node`'s animations this frame (a motion slot): the path is on,
    /// its local time runs affinely and forwards, it shows no transition, and its animations change only
    /// properties slots animate. Its presentation then waits until something reads it (`drawnValues` reads
    /// the rest); the builder takes the slot, or reads it and so evaluates it on the CPU.
    private func mayMoveOnTheGPU(_ node: RenderNode, clock: SubtreeClock) -> Bool {
        gpuAnimationMinimumLayers != nil && clock.affine && clock.rate >= 0 && node.transitionSources.isEmpty && node.animatesOnlySlotProperties
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
            var applier = TransactionApplier(
                nextImageUID: { [unowned self] in self.imageUID += 1; return self.imageUID },
                releaseTexture: { [unowned self] in self.renderer.releaseTexture(imageID: $0) })
            applier.quotas = quotas
            applier.updateTexture = { [unowned self] image, x, y, w, h in
                // GL calls: on this (the render) thread, with the display's context current.
                guard (try? self.displays.makeCurrentWithoutOutput()) != nil else { return }
                self.renderer.updateTexture(image, x: x, y: y, width: w, height: h)
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
                appliedCommits.append(AppliedCommit(client: item.client, transactionID: item.commit.transactionID))
                for e in applier.events { eventSink(item.client, e) }
                redrawEverywhere()
            } catch {
                commitFailure(item.client, "transaction \(item.commit.transactionID): \(error)")
                removeClient(item.client)
            }
        }
    }

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
        return scenes.allSatisfy { id, scene in
            id == client || !scene.roots.contains { shows($0, on: shownOn, primaryName: primaryName) }
        }
    }

    /// Server-wide figures and counts, for `strata stats`. With `client`, the counts are that client's
    /// own (a client that is not an inspector sees nothing of the others).
    public func statsJSON(client: UInt32? = nil, extra: [String: Any] = [:]) -> [String: Any] {
        var o: [String: Any] = [
            "frames_rendered": stats.framesRendered,
            "server_cpu_ms_per_frame": stats.cpuPercentiles,
            "frame_ms": stats.framePercentiles,
            "phase_p50_ms": stats.phaseMedians,
            "per_frame": stats.counterSummary,
            "backend": displays.backendName,
            "warmed_up": warmedUp,
            "size": [primary?.width ?? 0, primary?.height ?? 0],
            "outputs": outputInfo.map { ["name": $0.name, "size": [$0.width, $0.height], "refresh_hz": $0.refreshHz] as [String: Any] },
        ]
        if let client {
            let scene = scenes[client]
            o["layers"] = scene?.nodes.count ?? 0
            if rendersWithBudgets { o["render_budget"] = budgetJSON(client) }
            if let usage = scene?.usage { o["usage"] = Self.usageJSON(usage, layers: scene?.nodes.count ?? 0) }
        } else {
            o["clients"] = clientCount
            o["layers"] = layerCount
            o["texture_uploads"] = renderer.textureUploads
            o["texture_upload_bytes"] = renderer.textureUploadBytes
            o["resident_textures"] = renderer.residentTextures
            o["gpu_animation_records"] = gpuAnimationRecords
            if rendersWithBudgets { o["render_budgets"] = sceneOrder.map { id -> [String: Any] in var b = budgetJSON(id); b["client"] = id; return b } }
            if let counts = textLayouts?.counts {
                o["text_worker"] = ["laid_out": counts.laidOut, "crashed": counts.crashed, "hung": counts.hung,
                                    "misbehaved": counts.misbehaved, "started": counts.started, "queued": counts.queued]
            }
        }
        for (k, v) in extra { o[k] = v }
        return o
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
            for root in scene.roots {
                if budget.remaining > 0 { roots.append(TreeDescription.Node(root, budget: &budget)) } else { budget.truncated = true }
            }
            clients.append(TreeDescription.Client(client: id, layers: scene.nodes.count, roots: roots))
        }
        return TreeDescription(clients: clients, truncated: budget.truncated ? true : nil).json()
    }
}
