import CStrataGL
import Foundation
import StrataCore

/// A rasterized layer's bitmap: a target it is drawn into, reused while its content key is unchanged.
final class RasterBitmap {
    private(set) var target: ColorStencilTarget
    var key: Int?
    /// A newer drawing made a part a frame (`RasterContent.drawnInParts`), shown once whole: what it draws,
    /// its target, the next command to draw, and whether a part left glyphs out (then it is not kept).
    var pending: (content: RasterContent, target: ColorStencilTarget, next: Int, missesGlyphs: Bool)?
    /// Where the drawing shown lies in raster pixels (its content's origin), and the frame a part was last
    /// drawn in (one part a frame, however many passes draw the bitmap).
    var origin = (x: 0, y: 0)
    var partFrame: UInt64?
    var lastUsed: UInt64 = 0
    /// A bitmap is freed after this many frames without it, not at the first: another output's frames
    /// come between its layer's, and freed at each, every bitmap was made again at every frame of its own,
    /// and a first drawing made in parts (`RasterContent.startsEmpty`) was never whole.
    static let lingerFrames: UInt64 = 16
    var mipmapsCurrent = false
    var width: Int { target.width }
    var height: Int { target.height }
    var texture: GLuint { target.texture }

    init(width: Int, height: Int) throws {
        target = try ColorStencilTarget(width: width, height: height, filter: GL_LINEAR, what: "rasterized layer bitmap")
    }

    /// The pending drawing is whole: it becomes what the bitmap shows.
    func finishPending() {
        guard let p = pending else { return }
        target = p.target
        key = p.missesGlyphs ? nil : p.content.key
        origin = p.content.origin
        pending = nil
        mipmapsCurrent = false
    }
}

extension Renderer {
    /// The group targets for passes of this size.
    func pool(width: Int, height: Int) -> OffscreenTargets {
        let key = width << 20 | height
        if let p = pools[key] { return p }
        let p = OffscreenTargets()
        pools[key] = p
        return p
    }

    /// The bitmap holding `content`, drawn now unless the owner's bitmap already holds it. Drawing it is
    /// a pass of its own; afterwards the interrupted pass (into `resume`, limited to `scissor`) carries on.
    func raster(_ content: RasterContent, resume: GLuint, scissor: PixelRect) throws -> RasterBitmap {
        if let existing = rasters[content.owner], existing.width == content.width, existing.height == content.height,
           existing.key == content.key {
            existing.lastUsed = frame
            existing.pending = nil
            // It shows what a bitmap inside it showed when it was drawn: when that one's new drawing is
            // whole, this one is drawn again at the next frame.
            if try advanceInnerParts(of: content, resume: resume, scissor: scissor) {
                existing.key = nil
                counters.rasterPartsPending += 1
            }
            return existing
        }
        if content.drawnInParts, content.startsEmpty,
           rasters[content.owner].map({ $0.width != content.width || $0.height != content.height }) ?? true {
            // Nothing of it drawn yet: an empty bitmap shows while the first drawing is made in parts.
            flush()
            let bitmap = try RasterBitmap(width: content.width, height: content.height)
            _ = try drawBitmap(content, into: bitmap.target, range: 0..<0, resume: resume, scissor: scissor)
            bitmap.origin = content.origin
            bitmap.lastUsed = frame
            rasters[content.owner] = bitmap
            try drawPart(content, of: bitmap, resume: resume, scissor: scissor)
            return bitmap
        }
        // Only while it lies where the last one does: the bitmap shown is drawn in this frame's place for it.
        if content.drawnInParts, let existing = rasters[content.owner], existing.width == content.width,
           existing.height == content.height, existing.key != nil || existing.pending != nil, existing.origin == content.origin,
           existing.pending.map({ $0.content.origin == content.origin }) ?? true {
            // A whole older drawing is on show: the new one is drawn a part a frame beside it.
            existing.lastUsed = frame
            try drawPart(content, of: existing, resume: resume, scissor: scissor)
            return existing
        }
        // Queued quads belong to the interrupted pass: draw them before any binding changes.
        flush()
        let bitmap: RasterBitmap
        if let existing = rasters[content.owner], existing.width == content.width, existing.height == content.height {
            bitmap = existing
        } else {
            bitmap = try RasterBitmap(width: content.width, height: content.height)
            rasters[content.owner] = bitmap
        }
        bitmap.lastUsed = frame
        bitmap.pending = nil // drawn whole now: a drawing in parts would bring an older one back
        bitmap.origin = content.origin
        let missesGlyphs = try drawBitmap(content, into: bitmap.target, resume: resume, scissor: scissor)
        // A bitmap missing glyphs the frame's budget left out is drawn again next time.
        bitmap.key = missesGlyphs ? nil : content.key
        bitmap.mipmapsCurrent = false
        return bitmap
    }

    /// Draws `content`'s commands in `range` (all: nil) into `target`, cleared first when `clears`, as a
    /// pass of its own; then back to the interrupted pass (into `resume`, limited to `scissor`): its
    /// target, size, projection and state. Returns whether the frame's glyph budget left glyphs out.
    private func drawBitmap(_ content: RasterContent, into target: ColorStencilTarget, range: Range<Int>? = nil, clears: Bool = true,
                      resume: GLuint, scissor: PixelRect) throws -> Bool {
        let saved = (width, height, origin, projection, offscreen, rotation, compositeProjection)
        var list = content.list
        list.clearColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let whole = PixelRect(x: content.origin.x, y: content.origin.y, width: content.width, height: content.height)
        let deferredBefore = counters.glyphsDeferred
        try drawPass(list, content.analysis, repaint: whole, framebuffer: target.framebuffer,
                     width: content.width, height: content.height, origin: content.origin, range: range, clears: clears)
        counters.offscreenPasses += 1
        (width, height, origin, projection, offscreen, rotation, compositeProjection) = saved
        beginFrame(resume)
        setScissor(scissor)
        return counters.glyphsDeferred != deferredBefore
    }

    /// The next part of each bitmap drawn in parts inside `content` (a large text in a deferred client's
    /// root) whose drawing is not the one it shows, while `content`'s own bitmap is reused; true when one
    /// of them became whole (so `content`'s bitmap, which shows its older drawing, must be drawn again).
    /// Every reused bitmap asks each frame: it looks only at the bitmaps found in it once (`nested`).
    private func advanceInnerParts(of content: RasterContent, resume: GLuint, scissor: PixelRect) throws -> Bool {
        var finished = false
        for inner in content.nested {
            guard inner.drawnInParts, let bitmap = rasters[inner.owner], bitmap.key != inner.key else { continue }
            let shown = try raster(inner, resume: resume, scissor: scissor)
            if shown.key == inner.key { finished = true }
        }
        return finished
    }

    /// Draws the next part of the pending drawing into `bitmap`'s pending target, or starts one of
    /// `content`: whole top-level commands (groups whole) up to `rasterPartCost` of drawing
    /// (`ContentDraw.drawCost`, 1 for other commands), at least one. When the last part is drawn the bitmap
    /// shows it. A drawing begun is finished even when a newer one comes meanwhile (it is drawn next), so
    /// a client whose drawing changes more often than its parts take still shows it, later and less often,
    /// never stuck on an old one. A deferred client's bitmap of 65,536 stacked glyphs took llvmpipe
    /// 60–76 ms at once, every frame the client's updates were applied (issue 27).
    func drawPart(_ content: RasterContent, of bitmap: RasterBitmap, resume: GLuint, scissor: PixelRect) throws {
        guard bitmap.partFrame != frame else { return }
        bitmap.partFrame = frame
        flush()
        var pending = bitmap.pending
        if pending == nil {
            let target = try ColorStencilTarget(width: content.width, height: content.height, filter: GL_LINEAR, what: "rasterized layer bitmap")
            pending = (content, target, 0, false)
        }
        guard var part = pending else { return }
        let content = part.content
        let commands = content.list.commands
        var end = part.next, cost = 0, depth = 0
        while end < commands.count {
            let nesting = commands[end].nesting
            depth += nesting
            if nesting == 0 { if case let .content(c) = commands[end] { cost += c.drawCost } else { cost += 1 } }
            end += 1
            if depth == 0, cost >= rasterPartCost { break }
        }
        if try drawBitmap(content, into: part.target, range: part.next..<end, clears: part.next == 0, resume: resume, scissor: scissor) {
            part.missesGlyphs = true
        }
        part.next = end
        bitmap.pending = part
        if end == commands.count { bitmap.finishPending() } else { counters.rasterPartsPending += 1 }
    }

    /// Keeps the bitmaps of every rasterized layer in the frame, drawn this time or not (outside the
    /// repaint region it is skipped, but still on screen).
    func markRasters(_ list: DrawList) {
        guard !rasters.isEmpty else { return } // nothing kept: nothing to mark (and no walk per frame)
        for command in list.commands {
            guard case let .raster(_, _, content, _, _, _, _) = command else { continue }
            rasters[content.owner]?.lastUsed = frame
            markRasters(content.list)
        }
    }

    /// Frees bitmaps of layers in none of the last `RasterBitmap.lingerFrames` frames, and group targets of
    /// sizes no pass used.
    func releaseUnusedTargets() {
        for (owner, bitmap) in rasters where frame &- bitmap.lastUsed >= RasterBitmap.lingerFrames { rasters[owner] = nil }
        let used = Set([physicalWidth << 20 | physicalHeight] + rasters.values.map { $0.width << 20 | $0.height })
        for key in pools.keys where !used.contains(key) { pools[key] = nil }
        compositeCache.trim(frame: frame)
    }
}
