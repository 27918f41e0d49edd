import CStrataCairo
import Foundation
import StrataCore

/// A conic gradient, for CAGradientLayer's `.conic` type in `render(in:)`. Cairo has no conic pattern (and
/// its mesh patterns, shaded patch over patch, lean towards the last wedge near the centre), so the colour of
/// each device pixel of the clip is worked out here at its centre, as the server's gradient.frag does.
extension CGContext {
    /// Paints the clip with `gradient` swept around `center`: location 0 along `angle` (radians from +x
    /// towards +y, so clockwise on a y-down screen), growing with the angle to 1 a turn later.
    func paintConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat) {
        guard center.x.isFinite, center.y.isFinite, angle.isFinite, let toUser = state.ctm.usableInverse,
              let region = clipPixelBounds() else { return }
        guard let colors = CairoSurface(CAIRO_FORMAT_ARGB32, region) else { return Self.logNoMemory(region) }
        guard let (data, stride) = colors.bytes() else { return }
        for y in 0..<region.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<region.width {
                let p = CGPoint(x: CGFloat(region.x + x) + 0.5, y: CGFloat(region.y + y) + 0.5).applying(toUser)
                let turn = (atan2(p.y - center.y, p.x - center.x) - angle) / (2 * .pi)
                row[x] = Self.premultipliedARGB(sourceColor(gradient.color(at: turn - turn.rounded(.down))))
            }
        }
        colors.changed()
        paint([PaintLayer(setSource: { cairo_set_source_surface($0, colors.surface, 0, 0) }, cover: { cairo_paint($0) })])
    }

    /// A straight colour as one of Cairo's ARGB32 pixels (premultiplied, native-endian).
    private static func premultipliedARGB(_ c: Color) -> UInt32 {
        func byte(_ v: CGFloat) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return byte(c.alpha) << 24 | byte(c.red * c.alpha) << 16 | byte(c.green * c.alpha) << 8 | byte(c.blue * c.alpha)
    }
}

extension CGGradient {
    /// The colour at `location`: the stops' straight colours blended linearly, the first below it and the
    /// last above.
    func color(at location: CGFloat) -> Color {
        guard let last = stops.last, let first = stops.first else { return .clear }
        guard location > first.location else { return first.color }
        for (i, stop) in stops.enumerated().dropFirst() where location <= stop.location {
            let previous = stops[i - 1]
            let f = stop.location > previous.location ? (location - previous.location) / (stop.location - previous.location) : 1
            let a = previous.color, b = stop.color
            return Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                         blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return last.color
    }
}
