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
    let renderer: Renderer
    var scenes: [UInt32: ClientScene] = [:]
    /// Every exported context (remote layer hosting, Compositor+Hosting).
    let contexts = ContextRegistry(startedAt: MonotonicClock.now())
    var sceneOrder: [UInt32] = []
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
    /// Output pixels per layer point where an output has no scale of its own: the headless output's
    /// (`scale`), an offline scene's.
    public var displayScale: CGFloat = 1
    /// Outputs whose scale is not `displayScale`, by name (`[output NAME] scale`).
    public var outputScales: [String: CGFloat] = [:] { didSet { redrawEverywhere() } }
    /// Each output's configured safe-area insets, by name (`safe-area-insets`), as clients are told of them;
    /// an output not named has none. They change nothing the server draws.
    public var outputSafeAreas: [String: SafeAreaInsets] = [:]
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
    var budgets = ClientBudgets()
    /// Text layouts of deferred clients, handed over at the frames that apply their commits.
    var heldLayouts: [TextLayoutService.Delivery] = []
    var heapGauge = HeapGauge()
    /// Layers with drawable frames waiting for their time (`latchDrawables`), with their client.
    var queuedDrawables: [ObjectIdentifier: (client: UInt32, node: RenderNode)] = [:]
    var drawableTotals = DrawableTotals()
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
    var builder = DrawListBuilder()
    /// Which layers the GPU animates, and their animations' rows.
    let motion: MotionPlanner
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
    /// Whether a layer that draws through a group (a clip, a mask, group opacity) and moves as a whole on
    /// the CPU path is drawn from a bitmap made once (`DrawListBuilder.movingGroup`). On by default; the
    /// bitmap is shifted by a fraction of a pixel at most, and its fractional edges differ from a direct
    /// drawing's by up to 48 levels while it moves (docs/performance.md). Off, such a layer's group is
    /// drawn again each frame.
    public var movingGroupsFromBitmaps: Bool {
        get { builder.movingGroupBitmaps }
        set { builder.movingGroupBitmaps = newValue; redrawEverywhere() }
    }
    /// Whether a sublayer lying wholly outside the scissor clip it is in is left out of the frame's list
    /// (`DrawListBuilder.culls`): a long list in a scroll view builds the rows in view. On by default; off,
    /// every layer is built (what it draws is cut by the clip as before), for comparison.
    public var cullsOutsideClips: Bool {
        get { builder.cullsOutsideClips }
        set { builder.cullsOutsideClips = newValue; redrawEverywhere() }
    }
    /// Animated layers the evaluation in progress found in affine time (candidates for motion slots), each
    /// counted once per delayed copy that replicators above draw of it.
    var motionCandidates = 0
    /// Each output's last draw list, damage history, redraw flag and schedule, by output name.
    var outputFrames: [String: OutputFrames] = [:]
    /// The GPU-side work of the last rendered frame (draw calls, offscreen passes, repainted pixels).
    /// How many times memory pressure dropped the renderer's caches (`releaseCaches`).
    public internal(set) var cacheReleases = 0
    public internal(set) var lastFrameWork = RenderCounters()
    var imageUID: UInt64 = 0
    var stats = FrameStats()
    /// The primary output's last frame on screen: when, and whether something animated in it.
    var lastPresentation: (time: Double, output: String, animating: Bool)?
    /// Counts evaluations (frames and `advance`); marks which nodes were reached from a root in each.
    var frameNumber: UInt64 = 0
    /// The last `advance`'s frame number and what it scheduled.
    var advanced = (frame: UInt64(0), schedule: Schedule())
    /// What the evaluation in progress finds: whether an animation is running where time moves, and the
    /// next start or end in global time.
    var schedule = Schedule()

    /// The target time of the frame being evaluated (the global time `schedule.note` maps from), and its
    /// output ("" for `advance`).
    var evaluationTime = 0.0
    var evaluationOutput = ""

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

    /// Told of clients' messages, failed commits and layouts, budget changes and presented frames (held
    /// weakly: its owner, the server's loop, holds the compositor).
    public weak var events: (any CompositorEvents)?

    /// `programCache`: where the renderer keeps linked shader binaries between runs (nil: none).
    /// `deferringPrograms`: link only what plain layers draw with now, the rest by `linkDeferredProgram`.
    public init(display: DisplaySet, programCache: ProgramBinaryCache? = nil, deferringPrograms: Bool = false) throws {
        displays = display
        try display.makeCurrentWithoutOutput()
        renderer = try Renderer(programCache: programCache, deferringPrograms: deferringPrograms)
        dmabuf = DmabufSupport.probeCurrent()
        motion = MotionPlanner(table: renderer.animations)
        builder.motion = motion
        builder.shapesMove = !renderer.isSoftwareRasterizer
    }

    /// What the display's EGL offers for dmabuf drawables (probed at start-up; drawables use shared memory).
    public let dmabuf: DmabufSupport

    /// The largest texture side contents are uploaded as (`Renderer.textureLimit`): larger images are split
    /// into tiles. Set before the first frame (`max-texture-size`).
    public var textureLimit: Int {
        get { renderer.textureLimit }
        set { renderer.textureLimit = newValue }
    }
    /// The GL's GL_MAX_TEXTURE_SIZE.
    public var glTextureLimit: Int { renderer.glTextureLimit }

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

    /// Whether the warm-up has run (or failed: it is not tried again).
    public private(set) var warmedUp = false
    /// The warm-up's steps not drawn yet (nil: not begun).
    private var warmUpLeft: [[DrawCommand]]?

    /// Draws one of each kind of command once (`Renderer.warmUp`), so a first client's first frame does not
    /// wait for the driver to compile what it draws: one step (`Renderer.warmUpSteps`) a call, between
    /// frames at start-up after the deferred programs, so that a client whose commit arrives meanwhile
    /// waits for one step, not all of it. Returns whether steps remain.
    @discardableResult
    public func warmUpStep() throws -> Bool {
        guard !warmedUp else { return false }
        var left = warmUpLeft ?? Renderer.warmUpSteps(face: FontLibrary.shared.face(named: nil))
        guard !left.isEmpty else { return finishWarmUp() }
        let step = left.removeFirst()
        warmUpLeft = left
        do {
            try displays.makeCurrentWithoutOutput()
            try renderer.warmUp(step)
        } catch {
            _ = finishWarmUp()
            throw error
        }
        return left.isEmpty ? finishWarmUp() : true
    }

    /// Every step of the warm-up at once.
    public func warmUp() throws {
        while try warmUpStep() {}
    }

    private func finishWarmUp() -> Bool {
        warmedUp = true
        warmUpLeft = nil
        // Its glyphs took a glyph cache page (4 MiB): given back unless a client's text shows already.
        if !scenes.values.contains(where: { $0.nodes.values.contains { $0.kind == .text } }) { renderer.releaseGlyphCache() }
        return false
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
        displays.outputs.map {
            OutputInfo(name: $0.name, width: $0.width, height: $0.height, refreshInterval: $0.refreshInterval, scale: Double(scale(of: $0.name)),
                       safeAreaInsets: outputSafeAreas[$0.name] ?? .zero)
        }
    }

    /// Pixels per layer point on the output named `name` (nil: the primary): its configured scale, else
    /// `displayScale`. Layer geometry stays in points; each output draws its roots at its own scale, so text,
    /// shapes and contents of enough `contentsScale` are sharp on each.
    public func scale(of name: String?) -> CGFloat {
        guard let name = name ?? primary?.name else { return displayScale }
        return outputScales[name] ?? displayScale
    }

    func frames(_ name: String) -> OutputFrames {
        if let f = outputFrames[name] { return f }
        let f = OutputFrames()
        outputFrames[name] = f
        return f
    }

    func redrawEverywhere() {
        for f in outputFrames.values { f.needsRedraw = true }
    }

    /// About how many bytes the renderer's caches hold (kept composites, rasterized bitmaps, outlines, glyphs).
    public var cacheBytes: Int { renderer.cacheBytes }

    /// Drops the renderer's caches (memory pressure, `MemoryPressureWatch`); returns about how many bytes
    /// they held. Nothing on screen changes; each output's next frame builds its list again (a reused list's
    /// batches may name a dropped bitmap), and what it draws fills the caches again as it needs them.
    @discardableResult
    public func releaseCaches() -> Int {
        let bytes = renderer.releaseCaches()
        cacheReleases += 1
        redrawEverywhere()
        return bytes
    }
}
