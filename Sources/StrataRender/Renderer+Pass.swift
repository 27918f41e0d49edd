import CStrataGL
import Foundation
import StrataCore

/// A frame's passes: the plan's repaint rectangles drawn command by command (batched quads, groups,
/// clips, composites), the target and scissor set up, groups popped and composited.
extension Renderer {
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
        // A drawing aside (the warm-up) is no frame: what the frames keep stays kept.
        if !drawsAside {
            frame &+= 1
            markRasters(list)
        }
        guard let slots = list.motion, slots.count > 0 else {
            if let copy = plan.copy {
                guard rotation == 0 else { throw GLError("a scroll copy is made on an unturned target only") }
                try scrollCopy(copy, framebuffer: framebuffer, height: height)
            }
            // One pass per rectangle of the region: each clears and redraws only its own pixels.
            for rect in plan.region.rects {
                try drawPass(list, plan.analysis, repaint: rect, framebuffer: framebuffer, width: width, height: height, origin: (0, 0),
                             rotation: rotation)
            }
            if !drawsAside { releaseUnusedTargets() }
            return counters
        }
        // The pass draws (captures) with whatever framebuffer is bound, and must have a complete one: the
        // last one bound may have been deleted since (a released bitmap's target), which leaves none bound,
        // and surfaceless EGL has no default framebuffer (every frame then failed: GL error 0x506).
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
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

    /// One pass's state while its commands are drawn: the target stack (the pass's framebuffer, then
    /// each open group's), the scissor stack (one per target and open clip), and the groups drawn whole
    /// to be kept, by the index of the command that ends them.
    struct Pass {
        let list: DrawList
        let a: DrawListAnalysis
        /// The whole target, in target pixels.
        let full: PixelRect
        /// Groups drawn and composited only within their boxes (not where motion slots may move what they hold).
        let narrow: Bool
        var targets: [GLuint]
        var scissors: [PixelRect]
        var keeping: [Int: (key: Int, box: PixelRect)] = [:]
        var scissor: PixelRect { scissors[scissors.count - 1] }
    }

    /// Draws `list` into `framebuffer`, a target of `width` × `height` pixels whose top-left is target
    /// pixel `origin`, turned by `rotation` on the framebuffer, within `repaint`: each command by its
    /// handler, which may skip to the end of a group or clip that changes nothing in the repaint region.
    /// `range`: the commands drawn (whole groups only), onto what the framebuffer holds when `clears` is false
    /// (a bitmap drawn in parts over several frames: `Renderer.raster`).
    func drawPass(_ list: DrawList, _ a: DrawListAnalysis, repaint: PixelRect, framebuffer: GLuint, width: Int, height: Int,
                  origin: (x: Int, y: Int), rotation: Int = 0, range: Range<Int>? = nil, clears: Bool = true) throws {
        guard a.balanced else { throw GLError("draw list has groups or clips that are not properly begun and ended") }
        beginPass(list, framebuffer: framebuffer, width: width, height: height, origin: origin, rotation: rotation, repaint: repaint,
                  clears: clears)
        var pass = Pass(list: list, a: a, full: PixelRect(x: origin.x, y: origin.y, width: width, height: height),
                        narrow: list.motion == nil, targets: [framebuffer], scissors: [repaint])
        let drawn = range ?? 0..<list.commands.count
        var i = drawn.lowerBound
        while i < drawn.upperBound {
            i = try draw(list.commands[i], at: i, in: &pass) ?? i + 1
        }
        flush()
        glDisable(e(GL_SCISSOR_TEST))
        guard pass.targets.count == 1 else { throw GLError("draw list left \(pass.targets.count - 1) groups open") }
        try checkGL("render")
    }

    /// Draws command `i`; returns the index to go on from when it skips ahead (nil: the next one).
    private func draw(_ command: DrawCommand, at i: Int, in p: inout Pass) throws -> Int? {
        let a = p.a, scissor = p.scissor, motion = p.list.motionRef(i)
        switch command {
        case .fill, .shape, .image:
            if a.boxes[i].intersects(scissor) { queueQuad(command, motion: motion) }
        case let .path(matrix, path, color, alpha):
            guard a.boxes[i].intersects(scissor) else { break }
            flush()
            // PathFill puts back the program and vertex array it finds, so `bound` stays true.
            try pathFill.fill(path, matrix: matrix, projection: projection, target: targetRect, color: color, alpha: alpha)
            counters.drawCalls += 1
        case let .backdrop(matrix, rect, radius, corners, chain, alpha):
            guard a.boxes[i].intersects(scissor), alpha > 0, rect.width > 0, rect.height > 0 else { break }
            try drawBackdrop(matrix: matrix, rect: rect, radius: radius, corners: corners, chain: chain, alpha: alpha,
                             box: a.boxes[i], target: p.targets[p.targets.count - 1], depth: p.targets.count - 1, scissor: scissor,
                             key: p.targets.count == 1 && origin == (0, 0) ? a.backdropKeys[i] : nil)
        case .beginGroup:
            return try beginGroup(at: i, in: &p)
        case let .endGroup(alpha, blend):
            try endGroup(at: i, alpha: alpha, blend: blend, in: &p)
        case let .endClipGroup(matrix, rect, radius, corners, alpha):
            try endClipGroup(at: i, matrix: matrix, rect: rect, radius: radius, corners: corners, alpha: alpha, in: &p)
        case .endMaskedGroups(let alpha):
            try compositeMasked(&p.targets, &p.scissors, alpha: alpha, motion: motion, box: p.narrow ? a.boxes[i] : nil,
                                keep: p.keeping.removeValue(forKey: i))
            endComposite(p.narrow, p.scissors)
        case let .endTransitionGroups(warp, matrix, alpha):
            try compositeTransition(at: i, warp: warp, matrix: matrix, alpha: alpha, in: &p)
        case let .raster(matrix, rect, content, alpha, sampling, edges, tint):
            guard a.boxes[i].intersects(scissor), alpha > 0 else { break }
            let bitmap = try raster(content, resume: p.targets[p.targets.count - 1], scissor: scissor)
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
                  params: Self.textureParams(matrix, edges: edges, sampling: sampling), motion: motion)
        case .beginClip(let rect):
            if a.groupEnd[i] >= 0, !a.boxes[i].intersects(scissor) { return a.groupEnd[i] + 1 }
            flush()
            let clipped = scissor.intersection(rect)
            p.scissors.append(clipped)
            setScissor(clipped)
        case .endClip:
            guard p.scissors.count > p.targets.count else { throw GLError("draw list ends a clip that was not begun") }
            flush()
            p.scissors.removeLast()
            setScissor(p.scissor)
        case let .endFilterGroup(chain, alpha):
            try compositeFiltered(&p.targets, &p.scissors, chain: chain, alpha: alpha, keep: p.keeping.removeValue(forKey: i),
                                  box: p.narrow ? a.boxes[i] : nil)
            endComposite(p.narrow, p.scissors)
        case let .endShadowGroup(color, alpha, sigma):
            try compositeShadow(&p.targets, &p.scissors, color: color, alpha: alpha, sigma: sigma, motion: motion,
                                keep: p.keeping.removeValue(forKey: i), box: p.narrow ? a.boxes[i] : nil)
            endComposite(p.narrow, p.scissors)
        case .content(let c):
            guard a.boxes[i].intersects(scissor) else { break }
            try c.draw(in: self, framebuffer: p.targets[p.targets.count - 1], scissor: scissor, motion: motion)
        }
        return nil
    }

    /// A group begins: skipped when it changes nothing in the repaint region, drawn from a kept composite
    /// when there is one (nor a shadow's blur again), else an offscreen target cleared within what the
    /// group can change. Returns the index after the group's end when it is not drawn.
    private func beginGroup(at i: Int, in p: inout Pass) throws -> Int? {
        let a = p.a, scissor = p.scissor
        if !a.isMaskHalf[i], a.groupEnd[i] >= 0, !a.boxes[i].intersects(scissor) { return a.groupEnd[i] + 1 }
        var drawn = scissor
        // A group that is not whole on the target is kept only through `keepUncut`, at the pass's top level.
        if p.narrow, let key = groupKey(p.list, a, i), key.whole || p.targets.count == 1 {
            if let entry = compositeCache.entry(key.key, frame: frame) {
                compositeKept(entry, box: key.box)
                return a.groupEnd[i] + 1
            }
            // Cut by the target's edge: drawn whole in a target of its own, so that it shows as it does on the target.
            if !key.whole, p.targets.count == 1, let entry = try keepUncut(p.list, a, i, key: key, resume: p.targets[p.targets.count - 1], scissor: scissor) {
                compositeKept(entry, box: key.box)
                return a.groupEnd[i] + 1
            }
            if key.whole, compositeCache.shouldKeep(key.key, frame: frame) {
                // Drawn whole, to be kept.
                p.keeping[a.groupEnd[i]] = (key.key, a.boxes[i])
                drawn = a.boxes[i]
            }
        }
        flush()
        // Only what the group can change is drawn, cleared and composited (a shadow's blur reads its
        // reach around that): without it a full repaint blurs every shadow over the whole output.
        if p.narrow { drawn = drawn.intersection(a.boxes[i]) }
        // A transition's appearance is drawn whole: its warp may sample any of it.
        let region = a.warpSource[i].isEmpty ? drawn.grown(by: a.reach[i]).intersection(p.full) : a.warpSource[i].intersection(p.full)
        let t = try offscreen.target(depth: p.targets.count - 1, width: physicalWidth, height: physicalHeight)
        p.targets.append(t.framebuffer)
        p.scissors.append(region)
        glBindFramebuffer(e(GL_FRAMEBUFFER), t.framebuffer)
        bound.texture = 0 // the group's texture may be bound for sampling
        setScissor(region)
        glClearColor(0, 0, 0, 0)
        glClear(e(GL_COLOR_BUFFER_BIT))
        counters.offscreenPasses += 1
        counters.offscreenPixels += region.area
        return nil
    }

    /// A group ends: its target composited with `alpha` (added, with `blend` .add) into the one beneath.
    private func endGroup(at i: Int, alpha: CGFloat, blend: GroupBlend, in p: inout Pass) throws {
        if case let .mode(mode) = blend {
            try compositeBlended(&p.targets, &p.scissors, mode: mode, alpha: alpha, box: p.narrow ? p.a.boxes[i] : nil, motion: p.list.motionRef(i))
            endComposite(p.narrow, p.scissors)
            return
        }
        let (source, depth) = try popGroup(&p.targets, &p.scissors, box: p.narrow ? p.a.boxes[i] : nil)
        // The group texture holds target pixels with GL's bottom-up rows: sample v = 1 − y/height.
        let f = Float(alpha)
        if blend == .add { glBlendFunc(e(GL_ONE), e(GL_ONE)) }
        let motion = p.list.motionRef(i)
        try composite(p.keeping.removeValue(forKey: i), depth: depth + 1, p.targets, p.scissors, box: p.a.boxes[i]) {
            queue(BatchState(program: textured.program, texture: source.texture), compositeProjection,
                  compositeRect, uv: CGRect(x: 0, y: 1, width: 1, height: -1),
                  color: (f, f, f, f), clipSpace: true, motion: motion)
        }
        if blend == .add {
            flush()
            glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        }
        endComposite(p.narrow, p.scissors)
    }

    /// A masksToBounds clip's group ends: composited through the (rounded) bounds, which a slot may animate.
    private func endClipGroup(at i: Int, matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, alpha: CGFloat,
                              in p: inout Pass) throws {
        let (source, depth) = try popGroup(&p.targets, &p.scissors, box: p.narrow ? p.a.boxes[i] : nil)
        defer { endComposite(p.narrow, p.scissors) }
        let keep = p.keeping.removeValue(forKey: i)
        // Bounds and a corner radius its slot animates are layer.vert's to fill in (the corners as 1s).
        let motion = p.list.motionRef(i)
        guard alpha > 0, motion.fields.contains(.bounds) || (rect.width > 0 && rect.height > 0) else { return }
        let r = motion.fields.contains(.cornerRadius) ? Self.radii(1, corners) : Self.radii(Self.clampRadius(radius, rect), corners)
        let f = Float(alpha)
        let program = try clip.program
        try composite(keep, depth: depth + 1, p.targets, p.scissors, box: p.a.boxes[i]) {
            queue(BatchState(program: program, texture: source.texture), matrix, rect,
                  uv: CGRect(x: 0, y: 0, width: 1, height: 1), color: (f, f, f, f), radii: r,
                  params: (Float(Self.pixelInLayerUnits(matrix)), 0, 0, 0), motion: motion)
        }
    }

    /// Sets up a pass over `framebuffer`, a target of `width` × `height` pixels whose top-left is target
    /// pixel `origin`, turned by `rotation`: its projections and GL state; clears `repaint` to the list's
    /// clear colour.
    func beginPass(_ list: DrawList, framebuffer: GLuint, width: Int, height: Int, origin: (x: Int, y: Int), rotation: Int, repaint: PixelRect,
                   clears: Bool = true) {
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
        guard clears else { return }
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

    func setTarget(_ p: ShaderProgram) {
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
}
