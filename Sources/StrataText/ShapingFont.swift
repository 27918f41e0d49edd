import CStrataText
import Foundation

/// One face's HarfBuzz font with OpenType font functions, scaled to the face's design units and made
/// immutable. Shaping at the design units and multiplying by `size / unitsPerEm` equals shaping at that size
/// without rounding (HarfBuzz's OT functions are linear in the scale and nothing here hints), so one font
/// serves every size and every thread, and layout is a function of the font file alone.
final class ShapingFont: @unchecked Sendable {
    /// hb_font_t*; HarfBuzz's empty font when the file could not be read (no glyphs, zero advances).
    let font: OpaquePointer
    let metrics: FontMetrics
    /// Whether the file was read and has glyphs.
    let isUsable: Bool

    init(path: String, index: Int) {
        guard index >= 0, index <= Int(UInt32.max), let blob = hb_blob_create_from_file_or_fail(path) else {
            font = hb_font_get_empty(); metrics = .fallback(); isUsable = false
            return
        }
        let face = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        let upem = hb_face_get_upem(face)
        let glyphCount = hb_face_get_glyph_count(face)
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            self.font = hb_font_get_empty(); metrics = .fallback(); isUsable = false
            return
        }
        hb_face_destroy(face)  // the font holds its own reference
        hb_ot_font_set_funcs(font)
        let scale = Int32(clamping: upem)
        hb_font_set_scale(font, scale, scale)
        hb_font_make_immutable(font)
        self.font = font
        isUsable = glyphCount > 0 && upem > 0
        metrics = ShapingFont.readMetrics(font, unitsPerEm: CGFloat(upem))
    }

    deinit { hb_font_destroy(font) }

    /// Whether the face's cmap maps `codepoint` to a glyph.
    /// How many glyphs the face has (0 for a file that could not be read).
    var glyphCount: UInt32 { hb_face_get_glyph_count(hb_font_get_face(font)) }

    func hasGlyph(_ codepoint: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, codepoint, &glyph) != 0 && glyph != 0
    }

    func glyph(for codepoint: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, codepoint, &glyph) != 0 ? glyph : nil
    }

    /// The font's own metrics where its tables have them, fractions of the em where they do not.
    private static func readMetrics(_ font: OpaquePointer, unitsPerEm: CGFloat) -> FontMetrics {
        var m = FontMetrics.fallback(unitsPerEm: unitsPerEm > 0 ? unitsPerEm : 1000)
        var extents = hb_font_extents_t()
        if hb_font_get_h_extents(font, &extents) != 0, extents.ascender - extents.descender > 0 {
            m.ascender = CGFloat(extents.ascender)
            m.descender = CGFloat(extents.descender)
            m.lineGap = CGFloat(max(0, extents.line_gap))
        }
        func position(_ tag: hb_ot_metrics_tag_t) -> CGFloat? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? CGFloat(value) : nil
        }
        // A zero size means the table left it unset; keep the fallback stroke then.
        if let size = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE), size > 0 {
            m.underlineThickness = size
            if let offset = position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) { m.underlinePosition = offset }
        }
        if let size = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE), size > 0 {
            m.strikeoutThickness = size
            if let offset = position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET), offset > 0 { m.strikeoutPosition = offset }
        }
        // OS/2 tables before version 2 (DejaVu's) have no cap or x height: the top of "H" and of "x" then.
        func glyphTop(_ codepoint: UInt32) -> CGFloat? {
            var glyph: hb_codepoint_t = 0
            var extents = hb_glyph_extents_t()
            guard hb_font_get_nominal_glyph(font, codepoint, &glyph) != 0,
                  hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.y_bearing > 0 else { return nil }
            return CGFloat(extents.y_bearing)
        }
        if let cap = position(HB_OT_METRICS_TAG_CAP_HEIGHT).flatMap({ $0 > 0 ? $0 : nil }) ?? glyphTop(0x48) { m.capHeight = cap }
        if let x = position(HB_OT_METRICS_TAG_X_HEIGHT).flatMap({ $0 > 0 ? $0 : nil }) ?? glyphTop(0x78) { m.xHeight = x }
        return m
    }
}
