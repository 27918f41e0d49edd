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
    let programCache: ProgramBinaryCache?
    var pathFiller: PathFill?
    var coverageFiller: CoverageFill?
    var motionEvaluator: MotionPass?
    var movingCoverageFiller: MovingCoverage?
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
    var atlas: GlyphAtlas?

    /// The glyph pixels (the square of each new glyph's pixel size) one frame may rasterise: FreeType's
    /// work on the frame thread is bounded per frame; beyond it glyphs wait for the next frames. The first
    /// new glyph of a frame is always made.
    public var glyphRasterBudget = 1 << 20
    /// How much drawing (`ContentDraw.drawCost`: glyphs for text) one part of a bitmap drawn in parts takes
    /// a frame (`drawPart`): 2,048 glyphs cost llvmpipe about 2 ms here (8,192 took 6–8 ms of every frame
    /// while a client replaced a 65,536-glyph string each frame).
    public var rasterPartCost = 2048
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
    /// Halved targets for layer filters' blurs (Renderer+Filters).
    var blurLevels = BlurLevels()
    /// Filtered backdrops kept while what lies beneath them stays (`BackdropCache`).
    var backdrops = BackdropCache()
    var pools: [Int: OffscreenTargets] = [:]
    /// Bitmaps of rasterized layers, by owner, with the key of what they hold.
    var rasters: [RasterOwner: RasterBitmap] = [:]
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
    /// While true, `render` draws outside the frames (the warm-up): no frame counted, nothing kept released.
    var drawsAside = false
    /// The motion list whose quads `quads` holds recorded (nil: none).
    var replay: ReplayKey?
    /// Turns YUV video frames into RGBA textures (made on the first YUV frame).
    var yuvConverter: YUVConverter?
    /// The target a scroll copy moves pixels through (`scrollCopy`), kept while copies keep its size.
    var scrollTarget: ColorStencilTarget?
    /// The target a group cut by the target's edge is drawn whole in (`keepUncut`).
    var uncutTarget: ColorStencilTarget?
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
        var maxSize: GLint = 0
        glGetIntegerv(e(GL_MAX_TEXTURE_SIZE), &maxSize)
        glTextureLimit = max(64, Int(maxSize))
        textures.limit = glTextureLimit
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
    var filterBlur: ShaderProgram { get throws { try program(.filterBlur) } }
    var filterColor: ShaderProgram { get throws { try program(.filterColor) } }
    var filterBlend: ShaderProgram { get throws { try program(.filterBlend) } }
    var transitionWarp: ShaderProgram { get throws { try program(.transitionWarp) } }

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
    func made<T>(_ stored: inout T?, _ make: () throws -> T) rethrows -> T {
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
    var everythingLinked = false

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

    /// The GL's GL_MAX_TEXTURE_SIZE.
    public let glTextureLimit: Int
    /// The largest texture side contents are uploaded as: the GL's limit, or less where set (`max-texture-size`,
    /// tests). A larger image or backing store is split into tiles (`TextureTiling`). Set it before the
    /// first frame.
    public var textureLimit: Int {
        get { textures.limit }
        set { textures.limit = max(64, min(newValue, glTextureLimit)) }
    }

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

    /// Replaces every pixel of an image's texture with `source` (tightly packed rows of the image's size),
    /// making the texture if it has none: a drawable presented to a layer.
    public func fillTexture(_ image: TextureImage, from source: UnsafeRawPointer) {
        textures.fill(image, from: source)
        image.version &+= 1
        bound.texture = 0 // the fill rebinds GL_TEXTURE_2D
    }

    /// Converts a YUV 4:2:0 frame (`layout`, the image's size, rows packed) into the image's texture, making
    /// the texture if it has none: a video frame presented to a layer. The conversion's program is linked on
    /// first use.
    public func convertYUV(into image: TextureImage, from source: UnsafeRawPointer, layout: YUVLayout,
                           matrix: YUVConversion.Matrix, fullRange: Bool) throws {
        let converter = try yuvConverter ?? YUVConverter(cache: programCache)
        yuvConverter = converter
        let target = textures.allocated(image)
        try converter.convert(into: target, width: image.width, height: image.height, from: source, layout: layout,
                              matrix: matrix, fullRange: fullRange)
        textures.changed(image)
        // The planes uploaded: luma, and chroma at half size each way.
        textures.recordUpload(bytes: image.width * image.height + 2 * ((image.width + 1) / 2) * ((image.height + 1) / 2))
        image.version &+= 1
        // The pass bound its own program, textures and framebuffer: the next pass binds everything again.
        bound = BatchState()
    }

    /// Frees the texture of an image that no layer can show any more.
    public func releaseTexture(imageID: UInt64) { textures.release(imageID: imageID) }
}
