import CStrataText
import Foundation

/// HarfBuzz's output for one run of text, in points, in visual order (left to right).
struct ShapedGlyphs {
    var glyphs: [UInt32] = []
    /// Each glyph's cluster: the index, in the shaped text, of the cluster's first character.
    var clusters: [Int] = []
    /// Advances with the run's kern added after each cluster.
    var advances: [CGFloat] = []
    var xOffsets: [CGFloat] = []
    /// Up, as HarfBuzz gives them.
    var yOffsets: [CGFloat] = []

    var width: CGFloat { advances.reduce(0, +) }
}

/// Shapes with one reusable HarfBuzz buffer (one per layout call: buffers are not thread-safe).
final class Shaper {
    private let buffer: OpaquePointer

    init() { buffer = hb_buffer_create() }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `text[range]` with the rest of `text` as context (so joining and contextual forms at the
    /// range's ends see their neighbours). The language is left unset, so the result depends on the font
    /// file alone, not on the process's locale.
    func shape(_ text: [UInt32], range: Range<Int>, font: ShapingFont, size: CGFloat, rightToLeft: Bool,
               script: hb_script_t, kern: CGFloat) -> ShapedGlyphs {
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { chars in
            hb_buffer_add_utf32(buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_shape(font.font, buffer, nil, 0)

        var out = ShapedGlyphs()
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, nil) else {
            return out
        }
        let n = Int(count)
        let scale = font.metrics.unitsPerEm > 0 ? size / font.metrics.unitsPerEm : 0
        out.glyphs.reserveCapacity(n); out.clusters.reserveCapacity(n); out.advances.reserveCapacity(n)
        out.xOffsets.reserveCapacity(n); out.yOffsets.reserveCapacity(n)
        for i in 0..<n {
            let cluster = Int(infos[i].cluster)
            // Kern goes after the cluster's last glyph in visual order.
            let endsCluster = i == n - 1 || Int(infos[i + 1].cluster) != cluster
            out.glyphs.append(infos[i].codepoint)
            out.clusters.append(cluster)
            out.advances.append(CGFloat(positions[i].x_advance) * scale + (endsCluster ? kern : 0))
            out.xOffsets.append(CGFloat(positions[i].x_offset) * scale)
            out.yOffsets.append(CGFloat(positions[i].y_offset) * scale)
        }
        return out
    }
}
