import CStrataGL
import Foundation
import StrataCore

/// A rasterized layer's bitmap: a target it is drawn into, reused while its content key is unchanged.
final class RasterBitmap {
    let target: ColorStencilTarget
    var key: Int?
    var lastUsed: UInt64 = 0
    var mipmapsCurrent = false
    var width: Int { target.width }
    var height: Int { target.height }
    var texture: GLuint { target.texture }

    init(width: Int, height: Int) throws {
        target = try ColorStencilTarget(width: width, height: height, filter: GL_LINEAR, what: "rasterized layer bitmap")
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
        let saved = (width, height, origin, projection, offscreen, rotation, compositeProjection)
        var list = content.list
        list.clearColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let whole = PixelRect(x: content.origin.x, y: content.origin.y, width: content.width, height: content.height)
        let deferredBefore = counters.glyphsDeferred
        try drawPass(list, content.analysis, repaint: whole, framebuffer: bitmap.target.framebuffer,
                     width: content.width, height: content.height, origin: content.origin)
        counters.offscreenPasses += 1
        // A bitmap missing glyphs the frame's budget left out is drawn again next time.
        bitmap.key = counters.glyphsDeferred == deferredBefore ? content.key : nil
        bitmap.mipmapsCurrent = false
        // Back to the interrupted pass: its target, size, projection and state.
        (width, height, origin, projection, offscreen, rotation, compositeProjection) = saved
        beginFrame(resume)
        setScissor(scissor)
        return bitmap
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

    /// Frees bitmaps of layers not in this frame, and group targets of sizes no pass used.
    func releaseUnusedTargets() {
        for (owner, bitmap) in rasters where bitmap.lastUsed != frame { rasters[owner] = nil }
        let used = Set([physicalWidth << 20 | physicalHeight] + rasters.values.map { $0.width << 20 | $0.height })
        for key in pools.keys where !used.contains(key) { pools[key] = nil }
        compositeCache.trim(frame: frame)
    }
}
