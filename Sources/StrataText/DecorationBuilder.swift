import Foundation
import StrataCore

/// Underline and strikethrough rectangles of one line, from each run's face metrics.
///
/// Underlines of a line share one y, the lowest underline position of the line's underlined runs (ignoring
/// baseline offsets), so a line's underline is straight across font and size changes; each run keeps its own
/// font's thickness. Strikethroughs follow each run (its baseline offset included). Single is the font's
/// thickness t, thick 2t, double two strokes of t with t between them. An underline grows down from its top
/// (the font's position); a strikethrough is centred on the font's stroke. Touching rectangles of one
/// height and colour are merged.
struct DecorationBuilder {
    struct Segment {
        var x: CGFloat
        var width: CGFloat
        var style: ResolvedStyle
        var metrics: FontMetrics  // in points
    }

    private var segments: [Segment] = []

    mutating func add(x: CGFloat, width: CGFloat, style: ResolvedStyle, metrics: FontMetrics) {
        guard style.underline != .none || style.strikethrough != .none, width > 0 else { return }
        segments.append(Segment(x: x, width: width, style: style, metrics: metrics))
    }

    func rectangles(baseline: CGFloat) -> [TextDecoration] {
        var out: [TextDecoration] = []
        let underlined = segments.filter { $0.style.underline != .none }
        let underlineTop = baseline + (underlined.map { -$0.metrics.underlinePosition }.max() ?? 0)
        for segment in segments {
            let style = segment.style, m = segment.metrics
            if style.underline != .none {
                strokes(style.underline, top: underlineTop, thickness: m.underlineThickness, segment: segment,
                        color: style.underlineColor ?? style.color, into: &out)
            }
            if style.strikethrough != .none {
                let t = m.strikeoutThickness
                let centre = baseline - style.baselineOffset - m.strikeoutPosition + t / 2
                let band: CGFloat = switch style.strikethrough {
                case .thick: 2 * t
                case .double: 3 * t
                default: t
                }
                strokes(style.strikethrough, top: centre - band / 2, thickness: t, segment: segment,
                        color: style.strikethroughColor ?? style.color, into: &out)
            }
        }
        return out
    }

    private func strokes(_ kind: LineStyle, top: CGFloat, thickness t: CGFloat, segment: Segment, color: Color?,
                         into out: inout [TextDecoration]) {
        switch kind {
        case .none: return
        case .single: append(CGRect(x: segment.x, y: top, width: segment.width, height: t), color, &out)
        case .thick: append(CGRect(x: segment.x, y: top, width: segment.width, height: 2 * t), color, &out)
        case .double:
            append(CGRect(x: segment.x, y: top, width: segment.width, height: t), color, &out)
            append(CGRect(x: segment.x, y: top + 2 * t, width: segment.width, height: t), color, &out)
        }
    }

    /// Extends an earlier rectangle of the same stroke that ends where this one starts.
    private func append(_ rect: CGRect, _ color: Color?, _ out: inout [TextDecoration]) {
        if let i = out.lastIndex(where: { $0.rect.minY == rect.minY && $0.rect.height == rect.height && $0.color == color }),
           abs(out[i].rect.maxX - rect.minX) < 1e-9 {
            out[i].rect.size.width += rect.width
            return
        }
        out.append(TextDecoration(rect: rect, color: color))
    }
}
