import Foundation

/// Strata's look-alikes of Apple's private transition effects (pageCurl, pageUnCurl, rippleEffect,
/// suckEffect, cameraIrisHollowOpen and cameraIrisHollowClose), which no rigid piece can draw: each is a
/// warp of the layer's plane at one progress. It is defined here once, on the CPU (`taps(at:pixel:)`:
/// for a destination point in the layer's own coordinates, which appearance to sample where and how to
/// shade it), and the server's renderer evaluates the same numbers (`a`, `b`) per pixel in
/// transition_warp.frag. docs/animation.md defines each look. There is no warp at progress 0 or 1: the
/// frame is then the old or the new appearance drawn plainly (`TransitionFrame`), pixel for pixel.
public struct TransitionWarp: Hashable, Sendable {
    public typealias Source = TransitionFrame.Source

    /// The family of warp (transition_warp.frag's `u_effect`).
    public enum Effect: Int32, Sendable { case curl = 0, ripple, suck, iris }

    /// One sample of an appearance that a destination point shows.
    public struct Tap: Equatable, Sendable {
        public var source: Source
        /// Where in the layer's coordinates the appearance is sampled.
        public var point: CGPoint
        /// Multiplies the tap's colour and alpha (a crossfade's weight, an edge's coverage).
        public var weight: Double = 1
        /// Multiplies its red, green and blue (the curl's shading round the cylinder).
        public var shade: Double = 1
        /// The back of a curled page: red, green and blue become rgb × `backColor` + alpha × `backLight`.
        public var isBack = false

        public init(source: Source, point: CGPoint, weight: Double = 1, shade: Double = 1, isBack: Bool = false) {
            self.source = source; self.point = point; self.weight = weight; self.shade = shade; self.isBack = isBack
        }
    }

    public var effect: Effect
    /// curl: the page; ripple: the old appearance; suck: the appearance sucked away; iris: what shows
    /// inside the aperture.
    public var primary: Source
    /// curl and suck: what lies beneath; ripple: the new appearance; iris: what shows outside the
    /// aperture (nil: nothing of the layer).
    public var secondary: Source?
    /// The effect's numbers, in the layer's coordinates:
    /// - curl: a = (a point of the starting edge x, y; the curl's unit direction of travel x, y),
    ///   b = (where the cylinder touches the page, c; its radius r; the far edge E; 0), distances along the travel;
    /// - ripple: a = (centre x, y; amplitude A; wavelength λ), b = (the wave's front radius R; the new
    ///   appearance's weight w; 0; 0);
    /// - suck: a = (sink x, y; vertical scale k; funnel depth q), b = (the layer's height h; 0; 0; 0);
    /// - iris: a = (centre x, y; the hexagon's inradius ρ; its rotation φ), b = 0.
    public var a: SIMD4<Double>
    public var b: SIMD4<Double>

    /// The curl's radius as a fraction of the extent along its travel.
    public static let curlRadius = 1.0 / 8
    /// A curled page's back: rgb × backColor + alpha × backLight (lighter, greyed, the content showing through).
    public static let backColor = 0.35, backLight = 0.55
    /// How much the page darkens where it stands upright on the cylinder.
    public static let cylinderShade = 0.25
    /// The ripple's wavelength and largest amplitude as fractions of the bounds' shorter side.
    public static let rippleWavelength = 1.0 / 4, rippleAmplitude = 1.0 / 16

    /// The warp of `transition` at `progress` for a layer with `bounds`; nil for the rigid kinds, and at
    /// progress 0 and 1, which draw plainly.
    public init?(_ transition: Transition, progress: Double, bounds: CGRect) {
        let p = min(1, max(0, progress))
        guard p > 0, p < 1 else { return nil }
        let w = Double(bounds.width), h = Double(bounds.height)
        let center = SIMD2(Double(bounds.midX), Double(bounds.midY))
        b = .zero
        switch transition.kind {
        case .fade, .moveIn, .push, .reveal, .cube, .oglFlip:
            return nil
        case .pageCurl, .pageUnCurl:
            // pageUnCurl is pageCurl run backwards with the appearances exchanged: the new page uncurls
            // over the old one and is laid down last along the subtype's edge.
            let curling = transition.kind == .pageCurl
            let (edge, travel, extent): (SIMD2<Double>, SIMD2<Double>, Double) = switch transition.direction ?? .fromLeft {
            case .fromLeft: (SIMD2(Double(bounds.minX), 0), SIMD2(1, 0), w)
            case .fromRight: (SIMD2(Double(bounds.maxX), 0), SIMD2(-1, 0), w)
            case .fromTop: (SIMD2(0, Double(bounds.minY)), SIMD2(0, 1), h)
            case .fromBottom: (SIMD2(0, Double(bounds.maxY)), SIMD2(0, -1), h)
            }
            let r = extent * Self.curlRadius
            // From flat (c = 0) to gone past the far edge (the cylinder's footprint c − r beyond E).
            let c = (curling ? p : 1 - p) * (extent + r)
            effect = .curl
            primary = curling ? .old : .new
            secondary = curling ? .new : .old
            a = SIMD4(edge.x, edge.y, travel.x, travel.y)
            b = SIMD4(c, r, extent, 0)
        case .rippleEffect:
            let side = max(0, min(w, h))
            let lambda = side > 0 ? side * Self.rippleWavelength : 1
            // The front travels from the centre past the corners; the amplitude swells and dies away.
            let front = p * ((w * w + h * h).squareRoot() / 2 + lambda)
            effect = .ripple
            primary = .old
            secondary = .new
            a = SIMD4(center.x, center.y, side * Self.rippleAmplitude * sin(.pi * p), lambda)
            b = SIMD4(front, p, 0, 0)
        case .suckEffect:
            effect = .suck
            primary = .old
            secondary = .new
            // The old appearance squashes towards the bottom edge's centre (k: 1 → 0) while a funnel
            // pinches it there, complete half way (q: 0 → 1).
            a = SIMD4(center.x, Double(bounds.maxY), 1 - p, min(1, 2 * p))
            b = SIMD4(h, 0, 0, 0)
        case .cameraIrisHollowOpen, .cameraIrisHollowClose:
            let full = (w * w + h * h).squareRoot() / 2 // a hexagon of this inradius holds the bounds
            let opening: Double
            effect = .iris
            if transition.kind == .cameraIrisHollowOpen {
                opening = p
                primary = .new
                secondary = .old
            } else {
                // Closes on the old appearance, then opens on the new one; nothing outside the aperture.
                opening = abs(1 - 2 * p)
                primary = p < 0.5 ? .old : .new
                secondary = nil
            }
            // The blades turn a twelfth of a turn as the aperture opens fully.
            a = SIMD4(center.x, center.y, opening * full, opening * .pi / 6)
        }
    }

    /// Ripple and iris sum their taps (a crossfade, a cut); curl and suck composite each over the ones
    /// before (a page over what lies beneath).
    public var sums: Bool { effect == .ripple || effect == .iris }

    /// What the destination point `d` (layer coordinates) shows, back to front. `pixel`: the length of one
    /// target pixel in layer units, over which the iris's and the curled page's outlines fade (0: hard edges).
    public func taps(at d: CGPoint, pixel: Double = 0) -> [Tap] {
        let x = SIMD2(Double(d.x), Double(d.y))
        func point(_ v: SIMD2<Double>) -> CGPoint { CGPoint(x: v.x, y: v.y) }
        switch effect {
        case .curl:
            let edge = SIMD2(a.x, a.y), travel = SIMD2(a.z, a.w)
            let c = b.x, r = b.y, extent = b.z
            let u = ((x - edge) * travel).sum()
            // A source point along the travel from `d`: the page's point at distance `s` from the edge.
            func page(_ s: Double) -> CGPoint { point(x + (s - u) * travel) }
            var taps = [Tap(source: secondary ?? primary, point: d)]
            // The lifted page is cut at the far edge's line; the cylinder's silhouette fades over a pixel.
            let kept = Self.coverage(extent - u, pixel)
            if u >= c {
                // The page still lying flat, then its back folded over it, flat at the cylinder's top.
                taps.append(Tap(source: primary, point: d))
                if kept > 0 { taps.append(Tap(source: primary, point: page(2 * c - .pi * r - u), weight: kept, isBack: true)) }
            } else if r > 0, kept > 0, case let silhouette = Self.coverage(u - (c - r), pixel), silhouette > 0 {
                // Round the cylinder: the front on its lower half, the back on its upper half.
                let sine = min(1, (c - u) / r), angle = asin(sine)
                taps.append(Tap(source: primary, point: page(c - r * angle), weight: kept * silhouette, shade: 1 - Self.cylinderShade * sine))
                taps.append(Tap(source: primary, point: page(c - r * (.pi - angle)), weight: kept * silhouette, isBack: true))
            }
            return taps
        case .ripple:
            // Refraction: each point samples along its radius, by a sine of its distance behind the front.
            let center = SIMD2(a.x, a.y), offset = x - center
            let distance = (offset * offset).sum().squareRoot()
            var source = x
            if distance > 0 {
                source = x + offset / distance * (a.z * sin(2 * .pi * (distance - b.x) / a.w))
            }
            return [Tap(source: .old, point: point(source), weight: 1 - b.y), Tap(source: .new, point: point(source), weight: b.y)]
        case .suck:
            let sink = SIMD2(a.x, a.y), k = a.z, q = a.w, height = b.x
            var taps = [Tap(source: secondary ?? primary, point: d)]
            // Height above the sink; the funnel's width there, a fraction narrowing to 0 at the sink.
            let above = sink.y - x.y
            let t = height > 0 ? min(1, max(0, above / height)) : (above > 0 ? 1 : 0)
            let width = 1 - q + q * (1 - (1 - t) * (1 - t))
            if k > 0, width > 0 {
                taps.append(Tap(source: primary, point: CGPoint(x: sink.x + (x.x - sink.x) / width, y: sink.y - above / k)))
            }
            return taps
        case .iris:
            let inside = Self.coverage(a.z - Self.hexagonDistance(x - SIMD2(a.x, a.y), rotation: a.w), pixel)
            var taps = [Tap(source: primary, point: d, weight: inside)]
            if let secondary { taps.insert(Tap(source: secondary, point: d, weight: 1 - inside), at: 0) }
            return taps
        }
    }

    /// The colour `d` shows, premultiplied, given each appearance's premultiplied colour at a point.
    public func color(at d: CGPoint, pixel: Double = 0, sample: (Source, CGPoint) -> SIMD4<Double>) -> SIMD4<Double> {
        var result = SIMD4<Double>.zero
        for tap in taps(at: d, pixel: pixel) {
            var c = sample(tap.source, tap.point)
            if tap.isBack {
                let rgb = SIMD3(c.x, c.y, c.z) * Self.backColor + SIMD3(repeating: c.w * Self.backLight)
                c = SIMD4(rgb.x, rgb.y, rgb.z, c.w)
            }
            c = SIMD4(c.x * tap.shade, c.y * tap.shade, c.z * tap.shade, c.w) * tap.weight
            result = sums ? result + c : c + result * (1 - c.w)
        }
        return result
    }

    /// The largest distance of `v` along the normals of a regular hexagon turned by `rotation`: the point
    /// lies inside the hexagon of inradius ρ where it is less than ρ.
    public static func hexagonDistance(_ v: SIMD2<Double>, rotation: Double) -> Double {
        var most = -Double.infinity
        for k in 0..<6 {
            let angle = rotation + Double(k) * .pi / 3
            most = max(most, v.x * cos(angle) + v.y * sin(angle))
        }
        return most
    }

    /// How much of a pixel lies on the inside of an edge `distance` away (positive inside), over `pixel`
    /// layer units; a hard step when `pixel` is 0 (a point on the edge is outside: a shut iris shows nothing).
    static func coverage(_ distance: Double, _ pixel: Double) -> Double {
        pixel > 0 ? min(1, max(0, distance / pixel + 0.5)) : (distance > 0 ? 1 : 0)
    }

    /// Where content of `source` lying within `rect` (layer coordinates) can show: `rect` itself (what
    /// stays put), with the curled page's lifted part up to the far edge, the ripple's displacement, the
    /// suck's squash towards its sink. The renderer's damage and group boxes come from it.
    public func reach(of rect: CGRect, source: Source) -> CGRect {
        guard !rect.isNull, !rect.isEmpty else { return rect }
        switch effect {
        case .curl:
            guard source == primary else { return rect }
            // The lifted part lands between the cylinder's footprint and the far edge, beside the page.
            let edge = SIMD2(a.x, a.y), travel = SIMD2(a.z, a.w)
            let near = b.x - b.y, far = b.z
            let ends = [edge + travel * near, edge + travel * far]
            let band: CGRect = travel.x != 0
                ? CGRect(x: min(ends[0].x, ends[1].x), y: rect.minY, width: abs(ends[1].x - ends[0].x), height: rect.height)
                : CGRect(x: rect.minX, y: min(ends[0].y, ends[1].y), width: rect.width, height: abs(ends[1].y - ends[0].y))
            return rect.union(band)
        case .ripple:
            let grow = CGFloat(abs(a.z))
            return rect.insetBy(dx: -grow, dy: -grow)
        case .suck:
            guard source == primary else { return rect }
            return rect.union(CGRect(x: a.x, y: a.y, width: 0, height: 0))
        case .iris:
            return rect
        }
    }
}
