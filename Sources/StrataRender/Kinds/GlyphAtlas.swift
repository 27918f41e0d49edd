import CStrataGL
import Foundation
import StrataText

/// The server's glyph cache: every glyph drawn is rasterised once (`GlyphRasterizer`) and kept in one of
/// two square textures, R8 coverage for outline glyphs and premultiplied RGBA8 for colour glyphs, packed
/// in shelves. A glyph cached is never rasterised again, whichever layer draws it, until its texture
/// fills: then the renderer's queued quads are drawn (they may sample the old texels) and that texture
/// starts empty again (`RenderCounters.glyphAtlasResets`). GL thread only.
final class GlyphAtlas {
    /// What a glyph raster is looked up by: the face, the glyph, its size in 1/64 pixels and its
    /// horizontal subpixel offset in quarter pixels (0…3).
    struct Key: Hashable {
        var face: Int
        var glyph: UInt32
        var size64: Int
        var subpixel: UInt8
    }

    /// A cached glyph: where it is in its texture (texels) and how it sits on its origin.
    struct Entry {
        var texture: GLuint
        var isColor: Bool
        var x: Int, y: Int, width: Int, height: Int
        var left: Int, top: Int
        /// `GlyphBitmap.scale`.
        var scale: CGFloat
        var textureSize: Int
        /// The atlas page it is on (so a reset forgets exactly that page's glyphs).
        fileprivate var page: Int
    }

    /// Zero texels around each glyph in its upload: bilinear sampling of a quad grown by one texel (the
    /// transformed path) then reads zeros and never a neighbour, whatever was on the texture before.
    static let padding = 2

    let rasterizer = GlyphRasterizer()
    let size: Int
    private var pages: [Page]
    /// Cached glyphs; `.some(nil)` marks glyphs with nothing to draw (spaces, or missing glyphs, so they
    /// are not tried again every frame).
    private var entries: [Key: Entry?] = [:]

    private final class Page {
        let format: GLenum, internalFormat: GLint, bytesPerPixel: Int
        var texture: GLuint = 0
        var packer: ShelfPacker
        init(format: GLenum, internalFormat: GLint, bytesPerPixel: Int, size: Int) {
            self.format = format; self.internalFormat = internalFormat; self.bytesPerPixel = bytesPerPixel
            packer = ShelfPacker(size: size)
        }
        deinit { if texture != 0 { glDeleteTextures(1, &texture) } }
    }

    /// `size`: each texture's width and height (at most the context's limit).
    init(size: Int = 2048) {
        var limit: GLint = 0
        glGetIntegerv(e(GL_MAX_TEXTURE_SIZE), &limit)
        self.size = max(16, limit > 0 ? min(size, Int(limit)) : size)
        pages = [Page(format: e(GL_RED), internalFormat: GL_R8, bytesPerPixel: 1, size: self.size),
                 Page(format: e(GL_RGBA), internalFormat: GL_RGBA8, bytesPerPixel: 4, size: self.size)]
    }

    /// Glyphs cached now (drawable ones and empty ones).
    var count: Int { entries.count }

    /// Bytes of the pages' textures made so far (a page's texture is made at its first glyph).
    var bytes: Int { pages.reduce(0) { $0 + ($1.texture != 0 ? size * size * $1.bytesPerPixel : 0) } }

    /// The cached glyph for `key`, rasterised and uploaded on a miss; nil when it draws nothing (or does
    /// not fit even an empty texture), or when this frame's rasterising budget is spent (counted in
    /// `glyphsDeferred`: a later frame makes it). Counts hits, rasterisations and resets in the renderer's counters.
    func glyph(_ key: Key, face: FontFace, in renderer: Renderer) -> Entry? {
        if let cached = entries[key] {
            renderer.counters.glyphCacheHits += 1
            return cached
        }
        let pixelSize = CGFloat(key.size64) / 64
        // A frame rasterises at most its budget of new glyphs' pixels (at least one glyph): the rest are
        // left out and the renderer says so, so a string of thousands of new glyphs fills in over a few
        // frames instead of holding one up.
        let cost = Int(min(pixelSize, GlyphRasterizer.maxPixelSize).rounded(.up))
        let area = cost * cost
        if renderer.counters.glyphsRasterized > 0, renderer.glyphPixelsThisFrame + area > renderer.glyphRasterBudget {
            renderer.counters.glyphsDeferred += 1
            return nil
        }
        renderer.glyphPixelsThisFrame += area
        renderer.counters.glyphsRasterized += 1
        guard let bitmap = rasterizer.rasterize(face: face, glyph: key.glyph, pixelSize: pixelSize,
                                                subpixelX: CGFloat(key.subpixel) / 4), !bitmap.isEmpty else {
            entries[key] = .some(nil)
            return nil
        }
        let index = bitmap.isColor ? 1 : 0
        let page = pages[index]
        let w = bitmap.width + 2 * Self.padding, h = bitmap.height + 2 * Self.padding
        var spot = page.packer.insert(width: w, height: h)
        if spot == nil {
            reset(index, renderer)
            spot = page.packer.insert(width: w, height: h)
        }
        guard let (x, y) = spot else { return nil } // larger than a whole texture: not drawn
        upload(bitmap, to: page, x: x, y: y, renderer)
        let entry = Entry(texture: page.texture, isColor: bitmap.isColor, x: x + Self.padding, y: y + Self.padding,
                          width: bitmap.width, height: bitmap.height, left: bitmap.left, top: bitmap.top,
                          scale: bitmap.scale, textureSize: size, page: index)
        entries[key] = entry
        return entry
    }

    /// Gives every page's texture and every cached glyph back, and closes the rasteriser's faces (no layer
    /// shows text): the memory returns; the next glyph starts a page again. What is queued is drawn first.
    func releaseAll(_ renderer: Renderer) {
        renderer.flush()
        for (i, page) in pages.enumerated() {
            if page.texture != 0 { glDeleteTextures(1, &pages[i].texture) }
            pages[i].texture = 0
            page.packer.removeAll()
        }
        entries.removeAll()
        rasterizer.closeFaces()
    }

    /// Empties page `index`: what is queued is drawn first, then its glyphs are forgotten (their texels
    /// are overwritten from now on).
    private func reset(_ index: Int, _ renderer: Renderer) {
        renderer.flush()
        pages[index].packer.removeAll()
        entries = entries.filter { $0.value.map { $0.page != index } ?? true }
        renderer.counters.glyphAtlasResets += 1
    }

    /// Writes the bitmap with its ring of zeros at (x, y); makes the page's texture on first use.
    private func upload(_ bitmap: GlyphBitmap, to page: Page, x: Int, y: Int, _ renderer: Renderer) {
        if page.texture == 0 {
            glGenTextures(1, &page.texture)
            glBindTexture(e(GL_TEXTURE_2D), page.texture)
            glTexImage2D(e(GL_TEXTURE_2D), 0, page.internalFormat, GLsizei(size), GLsizei(size), 0, page.format,
                         e(GL_UNSIGNED_BYTE), nil)
            // Complete without mipmaps even where no sampler object is bound (draws bind one).
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        } else {
            glBindTexture(e(GL_TEXTURE_2D), page.texture)
        }
        renderer.bound.texture = 0 // rebound here
        let p = Self.padding, bpp = page.bytesPerPixel
        let w = bitmap.width + 2 * p, h = bitmap.height + 2 * p
        var padded = [UInt8](repeating: 0, count: w * h * bpp)
        for r in 0..<bitmap.height {
            let src = r * bitmap.width * bpp, dst = ((r + p) * w + p) * bpp
            padded.replaceSubrange(dst..<dst + bitmap.width * bpp, with: bitmap.pixels[src..<src + bitmap.width * bpp])
        }
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 1)
        padded.withUnsafeBytes {
            glTexSubImage2D(e(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(w), GLsizei(h), page.format, e(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
    }
}
