import CStrataText
import Foundation

/// Rasterises glyphs with FreeType: outline fonts as 8-bit coverage, colour bitmap fonts (Noto Color
/// Emoji's CBDT strikes) as premultiplied RGBA scaled down to the size asked for. It owns its FT_Library
/// and one FT_Face per font face it has been asked for; not thread-safe (the server uses one on its
/// render thread). GL-free.
///
/// Hinting: FT_LOAD_TARGET_LIGHT, which snaps outlines to the pixel grid vertically only. Horizontal
/// shapes and positions stay as designed, so the unhinted HarfBuzz advances layout placed the glyphs
/// by remain valid (and the 1/4-pixel horizontal shifts stay meaningful), while baselines, x-heights
/// and horizontal stems land on whole pixels, which keeps small text sharp (fontconfig's "hintslight").
public final class GlyphRasterizer {
    /// The largest pixel size rasterised; a larger request gets a bitmap of this size with `scale` < 1,
    /// which the drawing magnifies (glyphs that large are rarely shown still, and their bitmaps would
    /// fill the atlas).
    public static let maxPixelSize: CGFloat = 512
    /// Sizes below this draw nothing (FreeType rejects a zero size).
    public static let minPixelSize: CGFloat = 1.0 / 64

    private var library: FT_Library?
    private var faces: [FaceKey: FT_Face] = [:]
    /// Files FreeType could not open, so they are not tried again for every glyph.
    private var failed: Set<FaceKey> = []
    /// The 26.6 size each face is set to now.
    private var sizes: [FaceKey: FT_F26Dot6] = [:]

    private struct FaceKey: Hashable { let path: String, index: Int }

    // FreeType's macros that Swift does not import (freetype.h).
    private static let loadNoBitmap: Int32 = 1 << 3
    private static let loadColor: Int32 = 1 << 20
    private static let loadTargetLight: Int32 = Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
    private static let faceFlagScalable: FT_Long = 1 << 0
    private static let faceFlagFixedSizes: FT_Long = 1 << 1

    public init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 { library = lib }
    }

    deinit {
        closeFaces()
        if let library { FT_Done_FreeType(library) }
    }

    /// Closes every open face (their memory and file mappings go back); they open again when next needed.
    public func closeFaces() {
        for face in faces.values { FT_Done_Face(face) }
        faces.removeAll()
        sizes.removeAll()
        failed.removeAll()
    }

    /// The glyph `character` maps to in `face`'s character map (0 is .notdef); nil when the font cannot
    /// be loaded.
    public func glyphIndex(face: FontFace, character: Unicode.Scalar) -> UInt32? {
        guard let f = ftFace(face) else { return nil }
        return UInt32(FT_Get_Char_Index(f, FT_ULong(character.value)))
    }

    /// `glyph` of `face` at `pixelSize` pixels per em, its outline shifted right by `subpixelX` pixels
    /// (0 ≤ subpixelX < 1; bitmap fonts ignore it). A glyph with nothing to draw gives an empty bitmap;
    /// nil when the font file cannot be loaded or the glyph does not exist.
    public func rasterize(face: FontFace, glyph: UInt32, pixelSize: CGFloat, subpixelX: CGFloat) -> GlyphBitmap? {
        guard let f = ftFace(face), FT_Long(glyph) < f.pointee.num_glyphs else { return nil }
        guard pixelSize.isFinite, pixelSize >= Self.minPixelSize else { return .empty(isColor: face.isColor) }
        let flags = f.pointee.face_flags
        if flags & Self.faceFlagScalable == 0, flags & Self.faceFlagFixedSizes != 0 {
            return strike(f, glyph: glyph, pixelSize: pixelSize)
        }
        return outline(f, key: FaceKey(path: face.path, index: face.index), glyph: glyph, pixelSize: pixelSize, subpixelX: subpixelX)
    }

    private func outline(_ f: FT_Face, key: FaceKey, glyph: UInt32, pixelSize: CGFloat, subpixelX: CGFloat) -> GlyphBitmap? {
        let size = min(pixelSize, Self.maxPixelSize)
        let size26 = FT_F26Dot6((size * 64).rounded())
        if sizes[key] != size26 {
            guard FT_Set_Char_Size(f, 0, size26, 72, 72) == 0 else { return nil }
            sizes[key] = size26
        }
        let shift = subpixelX.isFinite ? subpixelX - subpixelX.rounded(.down) : 0
        var delta = FT_Vector(x: FT_Pos((shift * 64).rounded()), y: 0)
        FT_Set_Transform(f, nil, &delta)
        defer { FT_Set_Transform(f, nil, nil) }
        guard FT_Load_Glyph(f, glyph, Self.loadTargetLight | Self.loadNoBitmap) == 0, let slot = f.pointee.glyph else { return nil }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        return read(slot, scale: size / pixelSize)
    }

    /// A colour bitmap font: the smallest strike at least as large as asked for (else the largest),
    /// shrunk to the size asked for.
    private func strike(_ f: FT_Face, glyph: UInt32, pixelSize: CGFloat) -> GlyphBitmap? {
        let count = Int(f.pointee.num_fixed_sizes)
        guard count > 0, let sizes = f.pointee.available_sizes else { return nil }
        let ppems = (0..<count).map { CGFloat(sizes[$0].y_ppem) / 64 }
        guard let best = ppems.indices.filter({ ppems[$0] >= pixelSize }).min(by: { ppems[$0] < ppems[$1] })
                ?? ppems.indices.max(by: { ppems[$0] < ppems[$1] }), ppems[best] > 0 else { return nil }
        guard FT_Select_Size(f, FT_Int(best)) == 0,
              FT_Load_Glyph(f, glyph, Self.loadColor) == 0, let slot = f.pointee.glyph else { return nil }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        let s = min(1, pixelSize / ppems[best])
        guard var bitmap = read(slot, scale: 1) else { return nil }
        bitmap = bitmap.boxDownscaled(by: s)
        bitmap.scale = min(1, ppems[best] / pixelSize)
        return bitmap
    }

    /// The slot's rendered bitmap as coverage or premultiplied RGBA, rows top to bottom.
    private func read(_ slot: FT_GlyphSlot, scale: CGFloat) -> GlyphBitmap? {
        let b = slot.pointee.bitmap
        let w = Int(b.width), h = Int(b.rows)
        let mode = FT_Pixel_Mode(UInt32(b.pixel_mode))
        let isColor = mode == FT_PIXEL_MODE_BGRA
        guard w > 0, h > 0, let buffer = b.buffer else {
            return GlyphBitmap(width: 0, height: 0, left: 0, top: 0, isColor: isColor, scale: scale, pixels: [])
        }
        let pitch = Int(b.pitch)
        // A negative pitch stores the rows bottom-up.
        func row(_ r: Int) -> UnsafeMutablePointer<UInt8> { buffer + (pitch >= 0 ? r * pitch : (h - 1 - r) * -pitch) }
        var pixels: [UInt8]
        switch mode {
        case FT_PIXEL_MODE_GRAY:
            let levels = max(1, Int(b.num_grays) - 1)
            pixels = [UInt8](repeating: 0, count: w * h)
            for r in 0..<h {
                let p = row(r)
                for x in 0..<w { pixels[r * w + x] = levels == 255 ? p[x] : UInt8(min(255, Int(p[x]) * 255 / levels)) }
            }
        case FT_PIXEL_MODE_MONO:
            pixels = [UInt8](repeating: 0, count: w * h)
            for r in 0..<h {
                let p = row(r)
                for x in 0..<w where p[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 { pixels[r * w + x] = 255 }
            }
        case FT_PIXEL_MODE_BGRA:
            // FreeType's BGRA is premultiplied already.
            pixels = [UInt8](repeating: 0, count: w * h * 4)
            for r in 0..<h {
                let p = row(r)
                for x in 0..<w {
                    let o = (r * w + x) * 4
                    pixels[o] = p[x * 4 + 2]; pixels[o + 1] = p[x * 4 + 1]; pixels[o + 2] = p[x * 4]; pixels[o + 3] = p[x * 4 + 3]
                }
            }
        default:
            return nil
        }
        return GlyphBitmap(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           isColor: isColor, scale: scale, pixels: pixels)
    }

    /// The FT_Face for `face`, opened on first use; nil when FreeType cannot open it.
    private func ftFace(_ face: FontFace) -> FT_Face? {
        let key = FaceKey(path: face.path, index: face.index)
        if let f = faces[key] { return f }
        guard let library, !failed.contains(key) else { return nil }
        var f: FT_Face?
        guard FT_New_Face(library, face.path, FT_Long(face.index), &f) == 0, let f else {
            failed.insert(key)
            return nil
        }
        faces[key] = f
        return f
    }
}
