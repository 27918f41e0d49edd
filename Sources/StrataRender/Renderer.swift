import CStrataGL
import Foundation
import StrataCore

/// Executes draw lists with OpenGL ES 3: premultiplied alpha (ONE, ONE_MINUS_SRC_ALPHA), painter's
/// order, offscreen passes for group effects. Draws are batched: consecutive quads that share a program,
/// texture and sampler become one instanced draw call (`QuadBatch`). A `FramePlan` limits a frame to
/// its damaged region: everything is scissored to it and commands and groups outside it are skipped.
/// Create it and call it only on the thread where the display's context is current. Every shader
/// program is compiled and linked when it is made; or, deferring (`deferringPrograms`, the server: no
/// work before the first frame that it does not need), only the programs of plain layers, the rest by
/// `linkDeferredProgram` in idle turns, or when a frame first needs one before that.
public final class Renderer {
    /// Every material's program (Material.all), each linked once.
    let programs: MaterialPrograms
    let textured: ShaderProgram
    let rounded: ShaderProgram
    private let programCache: ProgramBinaryCache?
    private var pathFiller: PathFill?
    private var coverageFiller: CoverageFill?
    private var motionEvaluator: MotionPass?
    private var movingCoverageFiller: MovingCoverage?
    /// The stops of the gradient being drawn.
    let gradientStops = GradientStops()
    /// Rasterised glyphs of text layers (TextDraw), made on first use.
    /// The glyph cache, made at the first glyph drawn (`releaseGlyphCache` gives it back; tests set one of
    /// another size).
    var glyphAtlas: GlyphAtlas {
        get {
            if let atlas { return atlas }
            let made = GlyphAtlas()
            atlas = made
            return made
        }
        set { atlas = newValue }
    }
    private var atlas: GlyphAtlas?

    /// The glyph pixels (the square of each new glyph's pixel size) one frame may rasterise: FreeType's
    /// work on the frame thread is bounded per frame; beyond it glyphs wait for the next frames. The first
    /// new glyph of a frame is always made.
    public var glyphRasterBudget = 1 << 20
    var glyphPixelsThisFrame = 0

    /// Whether the glyph cache holds anything (it is made at the first glyph drawn).
    public var hasGlyphCache: Bool { atlas != nil }

    /// Gives the glyph cache's textures, glyphs and open font faces back (no layer shows text any more).
    public func releaseGlyphCache() {
        atlas?.releaseAll(self)
        atlas = nil
    }
    let textures = TextureCache()
    /// Group targets of the pass being drawn; `pools` keeps one set per target size (the frame's, and
    /// each rasterized layer's bitmap size).
    var offscreen = OffscreenTargets()
    var pools: [Int: OffscreenTargets] = [:]
    /// Bitmaps of rasterized layers, by owner, with the key of what they hold.
    var rasters: [ObjectIdentifier: RasterBitmap] = [:]
    /// Groups' composites (shadows blurred) kept while what they hold is unchanged.
    let compositeCache = CompositeCache()
    let samplers: ContentsSamplers
    let quads: QuadBatch
    /// The animations the GPU evaluates, resident; and the pass that evaluates the motion slots of a
    /// list with them (`DrawList.motion`) before it is drawn.
    public let animations = AnimationTable(epoch: 0)
    /// What the queued quads need bound when they are drawn.
    struct BatchState: Equatable {
        var program: GLuint = 0, texture: GLuint = 0, sampler: GLuint = 0
    }
    var batchState = BatchState()
    /// What is bound on the context now (0: unknown or nothing), so unchanged binds are skipped.
    var bound = BatchState()
    var counters = RenderCounters()
    /// The pass's target: its size, the target pixel at its top-left corner (not 0 for a rasterized
    /// layer's bitmap), and the projection from target pixels (+y down) to clip space.
    var width = 0, height = 0
    var origin = (x: 0, y: 0)
    var projection = Transform3D.identity
    /// How the pass's target is turned on its framebuffer (degrees clockwise: an output rotated by the
    /// renderer). Layer space stays `width` × `height`; the framebuffer is `physicalWidth` × `physicalHeight`.
    var rotation = 0
    var physicalWidth: Int { rotation % 180 == 0 ? width : height }
    var physicalHeight: Int { rotation % 180 == 0 ? height : width }
    /// What group composites draw: the whole framebuffer, unrotated (group targets hold framebuffer pixels).
    var compositeProjection = Transform3D.identity
    var compositeRect: CGRect { rotation == 0 ? targetRect : CGRect(x: 0, y: 0, width: physicalWidth, height: physicalHeight) }
    /// The whole target in target pixels.
    var targetRect: CGRect { CGRect(x: origin.x, y: origin.y, width: width, height: height) }
    /// Frames rendered, to find bitmaps no longer used.
    var frame: UInt64 = 0
    /// The motion list whose quads `quads` holds recorded (nil: none).
    var replay: ReplayKey?
    /// The projection each layer-quad program's `u_projection` holds (`setProjection`).
    var projectionsSet: [GLuint: Transform3D] = [:]

    /// `programCache`: where linked program binaries are kept between runs (nil: compile every time).
    /// `deferringPrograms`: link only `Material.atStart` now.
    public init(programCache: ProgramBinaryCache? = nil, deferringPrograms: Bool = false) throws {
        samplers = ContentsSamplers()
        self.programCache = programCache
        programs = try MaterialPrograms(cache: programCache, linking: deferringPrograms ? Material.atStart : Material.all)
        textured = try programs.program(.texture).program
        rounded = try programs.program(.rounded).program
        quads = QuadBatch()
        if !deferringPrograms { while try linkDeferredProgram() {} }
        try checkGL("renderer set-up")
    }

    /// `m`'s program, linked now if it was deferred (what the context has bound is then forgotten).
    func program(_ m: Material) throws -> ShaderProgram {
        let (p, linkedNow) = try programs.program(m)
        if linkedNow {
            if Self.targetSized.contains(m) { setTarget(p) }
            glUseProgram(0)
            invalidateBindings()
        }
        return p
    }

    var blur: ShaderProgram { get throws { try program(.shadowBlur) } }
    var clip: ShaderProgram { get throws { try program(.clip) } }
    var masked: ShaderProgram { get throws { try program(.mask) } }

    /// shadowPath fills (stencil, then cover), with their own program and vertices.
    var pathFill: PathFill { get throws { try made(&pathFiller) { try PathFill(program: program(.pathFill)) } } }

    /// Anti-aliased fills by exact coverage (shape layers).
    var coverage: CoverageFill {
        get throws { try made(&coverageFiller) { try CoverageFill(edges: program(.coverageEdges), cover: program(.coverageCover)) } }
    }

    /// Fills whose outlines the GPU places and trims (shapes under motion slots).
    var movingCoverage: MovingCoverage {
        get throws { try made(&movingCoverageFiller) { try MovingCoverage(cache: programCache) } }
    }

    /// Evaluates a list's motion slots.
    var motionPass: MotionPass { get throws { try made(&motionEvaluator) { try MotionPass(cache: programCache) } } }

    /// `stored`, made now if it was deferred (its set-up binds GL objects: what is bound is then forgotten).
    private func made<T>(_ stored: inout T?, _ make: () throws -> T) rethrows -> T {
        if let made = stored { return made }
        let made = try make()
        stored = made
        invalidateBindings()
        return made
    }

    /// Links one program that was deferred (a material's, then the fills' and the motion pass's): call it
    /// between frames. False when every one is linked.
    @discardableResult
    public func linkDeferredProgram() throws -> Bool {
        if let m = programs.unlinked.first { _ = try program(m) }
        else if pathFiller == nil { _ = try pathFill }
        else if coverageFiller == nil { _ = try coverage }
        else if motionEvaluator == nil { _ = try motionPass }
        else { return false }
        return true
    }

    /// Whether `linkDeferredProgram` has work left (asked every loop turn: once all is linked, a flag).
    public var hasDeferredPrograms: Bool {
        if everythingLinked { return false }
        everythingLinked = programs.unlinked.isEmpty && pathFiller != nil && coverageFiller != nil && motionEvaluator != nil
        return !everythingLinked
    }
    private var everythingLinked = false

    /// The GL driver: GL_RENDERER | GL_VERSION of the current context.
    public var driver: String {
        [GL_RENDERER, GL_VERSION].map { name in glGetString(e(name)).map { String(cString: $0) } ?? "" }.joined(separator: " | ")
    }

    /// Whether GL runs on the CPU (Mesa's llvmpipe or softpipe, SwiftShader): its vertex stage is one
    /// thread, so work the GPU path moves into it can cost more there than on the CPU path.
    public var isSoftwareRasterizer: Bool {
        let name = glGetString(e(GL_RENDERER)).map { String(cString: $0) } ?? ""
        return ["llvmpipe", "softpipe", "SwiftShader"].contains { name.contains($0) }
    }

    /// Programs the renderer links (at start-up unless deferring): every material's and the motion pass's.
    public static var linkedPrograms: Int { Material.all.count + 1 }

    /// Textures uploaded since start (each image once).
    public var textureUploads: Int { textures.uploadCount }
    public var residentTextures: Int { textures.count }

    /// Pixel bytes uploaded since start (whole images and updated rectangles).
    public var textureUploadBytes: Int { textures.uploadedBytes }

    /// Re-uploads a changed rectangle of an image (its pixels already updated in place).
    public func updateTexture(_ image: TextureImage, x: Int, y: Int, width: Int, height: Int) {
        image.version &+= 1
        textures.update(image, x: x, y: y, width: width, height: height)
        bound.texture = 0 // the update rebinds GL_TEXTURE_2D
    }

    /// Uploads a changed rectangle of an image straight from `source` (tightly packed rows) into its
    /// texture, without touching the image's own pixels: from then on the texture is the only current copy.
    /// False when the image has no texture yet (then the caller writes its pixels, and the first use
    /// uploads them).
    public func updateTexture(_ image: TextureImage, from source: UnsafeRawPointer, x: Int, y: Int, width: Int, height: Int) -> Bool {
        guard textures.update(image, from: source, x: x, y: y, width: width, height: height) else { return false }
        image.version &+= 1
        bound.texture = 0 // the update rebinds GL_TEXTURE_2D
        return true
    }

    /// Frees the texture of an image that no layer can show any more.
    public func releaseTexture(imageID: UInt64) { textures.release(imageID: imageID) }

    /// Draws all of `list` into `framebuffer` (width × height pixels).
    @discardableResult
    public func render(_ list: DrawList, framebuffer: GLuint, width: Int, height: Int) throws -> RenderCounters {
        try render(list, plan: .full(list, width: width, height: height), framebuffer: framebuffer, width: width, height: height)
    }

    /// Draws `list` into `framebuffer` where `plan` says it must be repainted; the rest of the framebuffer
    /// must already hold this frame's pixels. `width` × `height` is the layer space; with `rotation` 90 or
    /// 270 (degrees clockwise) the framebuffer is `height` × `width` and shows it turned. A list with
    /// motion slots has them evaluated at `time` (the frame's, on the monotonic clock) first. Returns what
    /// it took.
    @discardableResult
    public func render(_ list: DrawList, plan: FramePlan, framebuffer: GLuint, width: Int, height: Int,
                       rotation: Int = 0, time: Double = 0) throws -> RenderCounters {
        guard [0, 90, 180, 270].contains(rotation) else { throw GLError("rotation must be 0, 90, 180 or 270, not \(rotation)") }
        counters = RenderCounters()
        glyphPixelsThisFrame = 0
        guard !plan.repaint.isEmpty else { return counters }
        guard plan.analysis.boxes.count == list.commands.count else { throw GLError("frame plan made for another draw list") }
        counters.repaintedPixels = plan.region.area
        counters.repaintRects = plan.region.rects.count
        frame &+= 1
        markRasters(list)
        guard let slots = list.motion, slots.count > 0 else {
            // One pass per rectangle of the region: each clears and redraws only its own pixels.
            for rect in plan.region.rects {
                try drawPass(list, plan.analysis, repaint: rect, framebuffer: framebuffer, width: width, height: height, origin: (0, 0),
                             rotation: rotation)
            }
            releaseUnusedTargets()
            return counters
        }
        try motionPass.run(slots, table: animations, time: time)
        counters.motionSlots = slots.count
        // A list of quads alone is recorded once and played again while only its slots move.
        let key = ReplayKey(version: slots.version, framebuffer: framebuffer, width: width, height: height, rotation: rotation)
        let whole = plan.repaint == PixelRect(x: 0, y: 0, width: width, height: height)
        if replay == key, whole {
            beginPass(list, framebuffer: framebuffer, width: width, height: height, origin: (0, 0), rotation: rotation, repaint: plan.repaint)
            counters.drawCalls = quads.play { self.bind($0.state, motion: $0.hasMotion) }
            glDisable(e(GL_SCISSOR_TEST))
            try checkGL("replay")
            return counters
        }
        replay = nil
        let recordable = list.commands.allSatisfy(Self.isQuad)
        if recordable { quads.beginRecording() }
        try drawPass(list, plan.analysis, repaint: plan.repaint, framebuffer: framebuffer, width: width, height: height, origin: (0, 0),
                     rotation: rotation)
        if recordable {
            quads.finishRecording()
            invalidateBindings()
            glEnable(e(GL_SCISSOR_TEST))
            counters.drawCalls = quads.play { self.bind($0.state, motion: $0.hasMotion) }
            glDisable(e(GL_SCISSOR_TEST))
            try checkGL("recorded pass")
            if whole { replay = key }
        }
        releaseUnusedTargets()
        return counters
    }

    static func isQuad(_ c: DrawCommand) -> Bool {
        switch c {
        case .fill, .shape, .image: true
        default: false
        }
    }

    /// What a recorded pass was drawn for (`replay`): its slots' build and its target.
    struct ReplayKey: Equatable {
        var version: UInt64, framebuffer: GLuint, width: Int, height: Int, rotation: Int
    }

    /// Draws `list` into `framebuffer`, a target of `width` × `height` pixels whose top-left is target
    /// pixel `origin`, turned by `rotation` on the framebuffer, within `repaint`.
    func drawPass(_ list: DrawList, _ a: DrawListAnalysis, repaint: PixelRect, framebuffer: GLuint, width: Int, height: Int,
                  origin: (x: Int, y: Int), rotation: Int = 0) throws {
        guard a.balanced else { throw GLError("draw list has groups or clips that are not properly begun and ended") }
        beginPass(list, framebuffer: framebuffer, width: width, height: height, origin: origin, rotation: rotation, repaint: repaint)
        let full = PixelRect(x: origin.x, y: origin.y, width: width, height: height)
        var targets: [GLuint] = [framebuffer]
        var scissors: [PixelRect] = [repaint]
        /// Groups drawn whole to be kept (`CompositeCache`), by the index of the command that ends them.
        var keeping: [Int: (key: Int, box: PixelRect)] = [:]
        /// Groups drawn and composited only within their boxes (not where motion slots may move what they hold).
        let narrow = list.motion == nil
        var i = 0
        while i < list.commands.count {
            let command = list.commands[i]
            let scissor = scissors[scissors.count - 1]
            switch command {
            case .fill, .shape, .image:
                if a.boxes[i].intersects(scissor) { queueQuad(command, motion: list.motionRef(i)) }
            case let .path(matrix, path, color, alpha):
                guard a.boxes[i].intersects(scissor) else { break }
                flush()
                // PathFill puts back the program and vertex array it finds, so `bound` stays true.
                try pathFill.fill(path, matrix: matrix, projection: projection, target: targetRect, color: color, alpha: alpha)
                counters.drawCalls += 1
            case .beginGroup:
                // A group that changes nothing in the repaint region is not drawn at all.
                if !a.isMaskHalf[i], a.groupEnd[i] >= 0, !a.boxes[i].intersects(scissor) {
                    i = a.groupEnd[i] + 1
                    continue
                }
                // A composite kept from an earlier frame is drawn, not the group again (nor a shadow's blur).
                var drawn = scissor
                if narrow, let key = groupKey(list, a, i) {
                    if let entry = compositeCache.entry(key, frame: frame) {
                        compositeKept(entry, box: a.boxes[i])
                        i = a.groupEnd[i] + 1
                        continue
                    }
                    if compositeCache.shouldKeep(key, frame: frame) {
                        // Drawn whole, to be kept.
                        keeping[a.groupEnd[i]] = (key, a.boxes[i])
                        drawn = a.boxes[i]
                    }
                }
                flush()
                // Only what the group can change is drawn, cleared and composited (a shadow's blur reads its
                // reach around that): without it a full repaint blurs every shadow over the whole output.
                if narrow { drawn = drawn.intersection(a.boxes[i]) }
                let region = drawn.grown(by: a.reach[i]).intersection(full)
                let t = try offscreen.target(depth: targets.count - 1, width: physicalWidth, height: physicalHeight)
                targets.append(t.framebuffer)
                scissors.append(region)
                glBindFramebuffer(e(GL_FRAMEBUFFER), t.framebuffer)
                bound.texture = 0 // the group's texture may be bound for sampling
                setScissor(region)
                glClearColor(0, 0, 0, 0)
                glClear(e(GL_COLOR_BUFFER_BIT))
                counters.offscreenPasses += 1
                counters.offscreenPixels += region.area
            case let .endGroup(alpha, blend):
                let (source, depth) = try popGroup(&targets, &scissors, box: narrow ? a.boxes[i] : nil)
                // The group texture holds target pixels with GL's bottom-up rows: sample v = 1 − y/height.
                let f = Float(alpha)
                if blend == .add { glBlendFunc(e(GL_ONE), e(GL_ONE)) }
                try composite(keeping.removeValue(forKey: i), depth: depth + 1, targets, scissors, box: a.boxes[i]) {
                    queue(BatchState(program: textured.program, texture: source.texture), compositeProjection,
                          compositeRect, uv: CGRect(x: 0, y: 1, width: 1, height: -1),
                          color: (f, f, f, f), clipSpace: true, motion: list.motionRef(i))
                }
                if blend == .add {
                    flush()
                    glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
                }
                endComposite(narrow, scissors)
            case let .endClipGroup(matrix, rect, radius, corners, alpha):
                let (source, depth) = try popGroup(&targets, &scissors, box: narrow ? a.boxes[i] : nil)
                defer { endComposite(narrow, scissors) }
                let keep = keeping.removeValue(forKey: i)
                // Bounds and a corner radius its slot animates are layer.vert's to fill in (the corners as 1s).
                let motion = list.motionRef(i)
                guard alpha > 0, motion.fields.contains(.bounds) || (rect.width > 0 && rect.height > 0) else { break }
                let r = motion.fields.contains(.cornerRadius) ? Self.radii(1, corners) : Self.radii(Self.clampRadius(radius, rect), corners)
                let f = Float(alpha)
                let program = try clip.program
                try composite(keep, depth: depth + 1, targets, scissors, box: a.boxes[i]) {
                    queue(BatchState(program: program, texture: source.texture), matrix, rect,
                          uv: CGRect(x: 0, y: 0, width: 1, height: 1), color: (f, f, f, f), radii: r,
                          params: (Float(Self.pixelInLayerUnits(matrix)), 0, 0, 0), motion: motion)
                }
            case .endMaskedGroups(let alpha):
                try compositeMasked(&targets, &scissors, alpha: alpha, motion: list.motionRef(i), box: narrow ? a.boxes[i] : nil,
                                    keep: keeping.removeValue(forKey: i))
                endComposite(narrow, scissors)
            case let .raster(matrix, rect, content, alpha, sampling, edges, tint):
                guard a.boxes[i].intersects(scissor), alpha > 0 else { break }
                let bitmap = try raster(content, resume: targets[targets.count - 1], scissor: scissor)
                if sampling.minFilter == .trilinear, !bitmap.mipmapsCurrent {
                    glBindTexture(e(GL_TEXTURE_2D), bitmap.texture)
                    glGenerateMipmap(e(GL_TEXTURE_2D))
                    bitmap.mipmapsCurrent = true
                    bound.texture = bitmap.texture
                }
                // The bitmap's rows run bottom-up (GL's), as a group target's do.
                queue(BatchState(program: textured.program, texture: bitmap.texture,
                                 sampler: samplers.sampler(min: sampling.minFilter, mag: sampling.magFilter)),
                      matrix, rect, uv: CGRect(x: 0, y: 1, width: 1, height: -1), color: Self.tinted(alpha, tint),
                      params: Self.textureParams(matrix, edges: edges, sampling: sampling), motion: list.motionRef(i))
            case .beginClip(let rect):
                if a.groupEnd[i] >= 0, !a.boxes[i].intersects(scissor) {
                    i = a.groupEnd[i] + 1
                    continue
                }
                flush()
                let clipped = scissor.intersection(rect)
                scissors.append(clipped)
                setScissor(clipped)
            case .endClip:
                guard scissors.count > targets.count else { throw GLError("draw list ends a clip that was not begun") }
                flush()
                scissors.removeLast()
                setScissor(scissors[scissors.count - 1])
            case let .endShadowGroup(color, alpha, sigma):
                try compositeShadow(&targets, &scissors, color: color, alpha: alpha, sigma: sigma, motion: list.motionRef(i),
                                    keep: keeping.removeValue(forKey: i), box: narrow ? a.boxes[i] : nil)
                endComposite(narrow, scissors)
            case .content(let c):
                guard a.boxes[i].intersects(scissor) else { break }
                try c.draw(in: self, framebuffer: targets[targets.count - 1], scissor: scissor, motion: list.motionRef(i))
            }
            i += 1
        }
        flush()
        glDisable(e(GL_SCISSOR_TEST))
        guard targets.count == 1 else { throw GLError("draw list left \(targets.count - 1) groups open") }
        try checkGL("render")
    }

    /// Sets up a pass over `framebuffer`, a target of `width` × `height` pixels whose top-left is target
    /// pixel `origin`, turned by `rotation`: its projections and GL state; clears `repaint` to the list's
    /// clear colour.
    func beginPass(_ list: DrawList, framebuffer: GLuint, width: Int, height: Int, origin: (x: Int, y: Int), rotation: Int, repaint: PixelRect) {
        self.width = width
        self.height = height
        self.origin = origin
        self.rotation = rotation
        offscreen = pool(width: physicalWidth, height: physicalHeight)
        compositeProjection = Self.pixelsToClip(width: physicalWidth, height: physicalHeight)
        projection = Transform3D.translation(CGFloat(-origin.x), CGFloat(-origin.y), 0) *
            Self.pixelsToClip(width: width, height: height) * Self.turn(rotation)
        if rotation == 0 { compositeProjection = projection }
        beginFrame(framebuffer)
        setScissor(repaint)
        let c = list.clearColor
        glClearColor(GLfloat(c.red * c.alpha), GLfloat(c.green * c.alpha), GLfloat(c.blue * c.alpha), GLfloat(c.alpha))
        glClear(e(GL_COLOR_BUFFER_BIT))
    }

    /// State every pass starts from.
    func beginFrame(_ framebuffer: GLuint) {
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(physicalWidth), GLsizei(physicalHeight))
        glDisable(e(GL_DEPTH_TEST))
        glDisable(e(GL_CULL_FACE))
        glEnable(e(GL_BLEND))
        glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        glEnable(e(GL_SCISSOR_TEST))
        quads.bind()
        glActiveTexture(e(GL_TEXTURE0))
        bound = BatchState()
        batchState = BatchState()
        glUseProgram(0)
        glBindTexture(e(GL_TEXTURE_2D), 0)
        glBindSampler(0, 0)
        for p in Self.targetSized.compactMap(programs.linked) { setTarget(p) }
        glUseProgram(0)
    }

    /// Materials told the framebuffer's size (`u_target`) at each frame's start, or when linked later.
    static let targetSized: [Material] = [.clip, .mask]

    private func setTarget(_ p: ShaderProgram) {
        glUseProgram(p.program)
        glUniform2f(p.uniform("u_target"), GLfloat(physicalWidth), GLfloat(physicalHeight))
    }

    /// Limits drawing and clearing to `r` (target pixels, +y down), turned onto the framebuffer (whose
    /// rows GL counts from the bottom).
    func setScissor(_ r: PixelRect) {
        let p = windowRect(r)
        glScissor(GLint(p.x), GLint(p.y), GLsizei(p.width), GLsizei(p.height))
    }

    /// `r` (target pixels, +y down) in window pixels of the pass's framebuffer (turned by the pass's
    /// rotation; y counted up from the bottom, x, y its bottom-left corner, as glScissor takes it).
    func windowRect(_ r: PixelRect) -> PixelRect {
        let x = r.x - origin.x, y = r.y - origin.y
        let p: PixelRect = switch rotation {
        case 90: PixelRect(x: height - (y + r.height), y: x, width: r.height, height: r.width)
        case 180: PixelRect(x: width - (x + r.width), y: height - (y + r.height), width: r.width, height: r.height)
        case 270: PixelRect(x: y, y: width - (x + r.width), width: r.height, height: r.width)
        default: PixelRect(x: x, y: y, width: r.width, height: r.height)
        }
        return PixelRect(x: p.x, y: physicalHeight - p.maxY, width: p.width, height: p.height)
    }

    /// Target pixels (+y down, origin top-left) to clip space.
    static func pixelsToClip(width: Int, height: Int) -> Transform3D {
        Transform3D(m11: 2 / CGFloat(width), m12: 0, m13: 0, m14: 0,
                    m21: 0, m22: -2 / CGFloat(height), m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 0, m34: 0,
                    m41: -1, m42: 1, m43: 0, m44: 1)
    }

    /// Clip space turned `degrees` clockwise (row-vector: v · M): 90 sends the top-left corner to the
    /// top-right.
    static func turn(_ degrees: Int) -> Transform3D {
        var m = Transform3D.identity
        switch degrees {
        case 90: m.m11 = 0; m.m12 = -1; m.m21 = 1; m.m22 = 0
        case 180: m.m11 = -1; m.m22 = -1
        case 270: m.m11 = 0; m.m12 = 1; m.m21 = -1; m.m22 = 0
        default: break
        }
        return m
    }

    /// Ends the innermost group: the parent becomes the render target again, its region the scissor.
    /// Returns the group's target and its pool depth (the targets deeper than it are free from now on).
    /// `box`: the pixels the group's composite can change, which it is then limited to (the group's
    /// target was drawn and cleared only there); `endComposite` puts the parent's scissor back.
    func popGroup(_ targets: inout [GLuint], _ scissors: inout [PixelRect], box: PixelRect? = nil) throws -> (ColorStencilTarget, Int) {
        guard targets.count > 1, scissors.count > 1 else { throw GLError("draw list ends a group that was not begun") }
        flush()
        let depth = targets.count - 2
        targets.removeLast()
        scissors.removeLast()
        let source = try offscreen.target(depth: depth, width: physicalWidth, height: physicalHeight)
        glBindFramebuffer(e(GL_FRAMEBUFFER), targets[targets.count - 1])
        setScissor(box.map { scissors[scissors.count - 1].intersection($0) } ?? scissors[scissors.count - 1])
        return (source, depth)
    }

    /// Queues a group's composite (`draw`) onto the current target, or, when the group was drawn to be kept,
    /// into the offscreen target at `depth` whose result is kept and drawn (`keepComposite`).
    func composite(_ keep: (key: Int, box: PixelRect)?, depth: Int, _ targets: [GLuint], _ scissors: [PixelRect], box: PixelRect,
                   _ draw: () throws -> Void) throws {
        guard let keep else { return try draw() }
        try keepComposite(keep, depth: depth, parent: targets[targets.count - 1],
                          scissor: scissors[scissors.count - 1].intersection(box), draw)
    }

    /// After a composite limited to its group's box (`popGroup`): drawn, and the parent's scissor back.
    func endComposite(_ narrowed: Bool, _ scissors: [PixelRect]) {
        guard narrowed else { return }
        flush()
        setScissor(scissors[scissors.count - 1])
    }

    /// texture.frag's per-quad values for a layer's image: the anti-aliasing reach, its edges (z = 1 +
    /// the CAEdgeAntialiasingMask bits; 0 turns the fade off) and the level-of-detail bias (trilinear
    /// minification only, as minificationFilterBias is defined).
    static func textureParams(_ matrix: Transform3D, edges: UInt8, sampling: Sampling) -> (Float, Float, Float, Float) {
        let bias = sampling.minFilter == .trilinear && sampling.bias.isFinite ? Float(sampling.bias) : 0
        return (Float(pixelInLayerUnits(matrix)), 0, 1 + Float(edges), bias)
    }

    /// texture.frag's colour for a premultiplied image drawn times `alpha`, its red, green and blue
    /// multiplied by `tint`.
    static func tinted(_ alpha: CGFloat, _ tint: Color) -> (Float, Float, Float, Float) {
        let f = Float(alpha)
        return (Float(tint.red) * f, Float(tint.green) * f, Float(tint.blue) * f, f)
    }

    /// Core Animation clamps the corner radius to half the shorter side.
    static func clampRadius(_ r: CGFloat, _ rect: CGRect) -> CGFloat {
        max(0, min(r, min(abs(rect.width), abs(rect.height)) / 2))
    }

    /// Per-corner radii for the shape shaders: `radius` where `corners` has the corner's CACornerMask bit.
    static func radii(_ radius: CGFloat, _ corners: UInt8) -> (Float, Float, Float, Float) {
        func r(_ bit: UInt8) -> Float { corners & bit != 0 ? Float(radius) : 0 }
        return (r(1), r(2), r(4), r(8))
    }

    /// About one target pixel in the layer's units, from the layer-to-target matrix's scale (its smaller
    /// axis, so the fade covers at least a pixel): how far quads grow for edge anti-aliasing.
    static func pixelInLayerUnits(_ m: Transform3D) -> CGFloat {
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot()
        let s = min(sx, sy)
        return s > 1e-6 && s.isFinite ? min(1 / s, 1e4) : 0
    }
}

/// What one frame cost the GPU side: for `strata-bench` and `strata stats`.
public struct RenderCounters: Sendable, Equatable {
    /// GL draw calls (each batch of quads is one).
    public var drawCalls = 0
    /// Offscreen groups begun plus intermediate blur passes.
    public var offscreenPasses = 0
    /// Pixels the offscreen passes covered: groups drawn and cleared, and both blur passes of each shadow.
    public var offscreenPixels = 0
    /// Shadows blurred, and shadows drawn from the ones kept (`CompositeCache`) without blurring.
    public var shadowBlurs = 0
    public var compositesKept = 0
    /// Pixels in the repaint region (0 when nothing changed).
    public var repaintedPixels = 0
    /// Rectangles the repaint region was drawn as (a pass each; 1 when the GPU places what moves and the
    /// whole target is repainted).
    public var repaintRects = 0
    /// Glyphs rasterised (glyph cache misses), glyphs drawn from the cache, and glyph atlas textures
    /// emptied because they were full.
    public var glyphsRasterized = 0
    public var glyphCacheHits = 0
    public var glyphAtlasResets = 0
    /// Glyphs not drawn because the frame's rasterising budget was spent (`Renderer.glyphRasterBudget`):
    /// the frame is incomplete, and the next one, drawn whole, makes them.
    public var glyphsDeferred = 0
    /// Layers whose animations the GPU evaluated (motion slots), and whether the frame reused the last
    /// frame's draw list (only the slots were evaluated).
    public var motionSlots = 0
    public var drawListReused = false

    public init() {}
}
