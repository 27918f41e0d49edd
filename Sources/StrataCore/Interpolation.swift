import Foundation

/// Per-shape arithmetic used by animations: interpolation, sums and differences (for byValue,
/// additive and cumulative animations).
public enum Interpolation {
    /// Resolves CABasicAnimation's from/to/by combinations to start and end values.
    public static func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                                 underlying u: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, add(f, b))
        case let (nil, t?, b?): return (subtract(t, b), t)
        case let (f?, nil, nil): return (f, u)
        case let (nil, t?, nil): return (u, t)
        case let (nil, nil, b?): return (u, add(u, b))
        case (nil, nil, nil): return (u, u)
        }
    }

    @inlinable static func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { a + (b - a) * CGFloat(t) }

    public static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): return .scalar(lerp(x, y, t))
        case let (.point(x), .point(y)): return .point(CGPoint(x: lerp(x.x, y.x, t), y: lerp(x.y, y.y, t)))
        case let (.size(x), .size(y)): return .size(CGSize(width: lerp(x.width, y.width, t), height: lerp(x.height, y.height, t)))
        case let (.rect(x), .rect(y)):
            return .rect(CGRect(x: lerp(x.origin.x, y.origin.x, t), y: lerp(x.origin.y, y.origin.y, t),
                                width: lerp(x.size.width, y.size.width, t), height: lerp(x.size.height, y.size.height, t)))
        case let (.color(x), .color(y)):
            let p = x ?? .clear, q = y ?? .clear
            return .color(Color(red: lerp(p.red, q.red, t), green: lerp(p.green, q.green, t),
                                blue: lerp(p.blue, q.blue, t), alpha: lerp(p.alpha, q.alpha, t)))
        case let (.transform(x), .transform(y)):
            return .transform(DecomposedTransform.interpolate(x, y, t))
        case let (.vector3(a, b, c), .vector3(x, y, z)):
            return .vector3(lerp(a, x, t), lerp(b, y, t), lerp(c, z, t))
        case let (.bool(x), .bool(y)):
            // Discrete: the switch happens half-way through (Strata's documented choice).
            return .bool(t < 0.5 ? x : y)
        case let (.path(x?), .path(y?)):
            // Point by point when the structures match; otherwise discrete like other values.
            return x.zipPoints(y, { p, q in CGPoint(x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t)) }).map { .path($0) } ?? (t < 0.5 ? a : b)
        case let (.numbers(x?), .numbers(y?)) where x.count == y.count:
            // Element by element when the lists are as long; otherwise discrete (Strata's documented choice).
            return .numbers(zip(x, y).map { lerp($0, $1, t) })
        case let (.colors(x?), .colors(y?)) where x.count == y.count:
            return .colors(zip(x, y).map { p, q in
                Color(red: lerp(p.red, q.red, t), green: lerp(p.green, q.green, t), blue: lerp(p.blue, q.blue, t), alpha: lerp(p.alpha, q.alpha, t))
            })
        case let (.image(x), .image(y)):
            // A crossfade from the image one end shows most to the other's.
            return .image(ContentsImage(from: x.dominant, to: y.dominant, fraction: t))
        default:
            return t < 0.5 ? a : b
        }
    }

    /// Whether `rounded` rounds values of `kind` (`AnimationSpec.valueStep`).
    public static func roundable(_ kind: ValueKind) -> Bool { [.scalar, .point, .size, .rect].contains(kind) }

    /// `v` with each component rounded to the nearest multiple of `step` (halves away from zero); other
    /// kinds of value as they are.
    public static func rounded(_ v: AnimatableValue, step: Double) -> AnimatableValue {
        func r(_ x: CGFloat) -> CGFloat { (x / CGFloat(step)).rounded() * CGFloat(step) }
        switch v {
        case .scalar(let x): return .scalar(r(x))
        case .point(let p): return .point(CGPoint(x: r(p.x), y: r(p.y)))
        case .size(let z): return .size(CGSize(width: r(z.width), height: r(z.height)))
        case .rect(let q): return .rect(CGRect(x: r(q.origin.x), y: r(q.origin.y), width: r(q.size.width), height: r(q.size.height)))
        default: return v
        }
    }

    public static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        combine(a, b, 1)
    }

    public static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        combine(a, b, -1)
    }

    public static func scale(_ a: AnimatableValue, _ k: Double) -> AnimatableValue {
        let s = CGFloat(k)
        switch a {
        case .scalar(let x): return .scalar(x * s)
        case .point(let p): return .point(CGPoint(x: p.x * s, y: p.y * s))
        case .size(let z): return .size(CGSize(width: z.width * s, height: z.height * s))
        case .rect(let r): return .rect(CGRect(x: r.origin.x * s, y: r.origin.y * s, width: r.size.width * s, height: r.size.height * s))
        case .color(let c):
            let p = c ?? .clear
            return .color(Color(red: p.red * s, green: p.green * s, blue: p.blue * s, alpha: p.alpha * s))
        case .transform(let t):
            var m = Transform3D.identity
            for _ in 0..<max(0, Int(k)) { m = m * t }
            return .transform(m)
        case .bool: return a
        case let .vector3(x, y, z): return .vector3(x * s, y * s, z * s)
        case .path(let p): return .path(p?.mapped { CGPoint(x: $0.x * s, y: $0.y * s) })
        case .numbers(let n): return .numbers(n?.map { $0 * s })
        case .colors(let c): return .colors(c?.map { Color(red: $0.red * s, green: $0.green * s, blue: $0.blue * s, alpha: $0.alpha * s) })
        case .string, .text, .emitterCells, .filters, .image: return a
        }
    }

    /// a + k·b component-wise; transforms compose (b applied before a, or b's inverse for k = −1).
    private static func combine(_ a: AnimatableValue, _ b: AnimatableValue, _ k: CGFloat) -> AnimatableValue {
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): return .scalar(x + k * y)
        case let (.point(x), .point(y)): return .point(CGPoint(x: x.x + k * y.x, y: x.y + k * y.y))
        case let (.size(x), .size(y)): return .size(CGSize(width: x.width + k * y.width, height: x.height + k * y.height))
        case let (.rect(x), .rect(y)):
            return .rect(CGRect(x: x.origin.x + k * y.origin.x, y: x.origin.y + k * y.origin.y,
                                width: x.size.width + k * y.size.width, height: x.size.height + k * y.size.height))
        case let (.color(x), .color(y)):
            let p = x ?? .clear, q = y ?? .clear
            return .color(Color(red: p.red + k * q.red, green: p.green + k * q.green,
                                blue: p.blue + k * q.blue, alpha: p.alpha + k * q.alpha))
        case let (.vector3(a, b, c), .vector3(x, y, z)): return .vector3(a + k * x, b + k * y, c + k * z)
        case let (.path(x?), .path(y?)):
            return x.zipPoints(y, { p, q in CGPoint(x: p.x + k * q.x, y: p.y + k * q.y) }).map { .path($0) } ?? (k > 0 ? b : a)
        case let (.numbers(x?), .numbers(y?)) where x.count == y.count:
            return .numbers(zip(x, y).map { $0 + k * $1 })
        case let (.colors(x?), .colors(y?)) where x.count == y.count:
            return .colors(zip(x, y).map { p, q in
                Color(red: p.red + k * q.red, green: p.green + k * q.green, blue: p.blue + k * q.blue, alpha: p.alpha + k * q.alpha)
            })
        case let (.transform(x), .transform(y)):
            if k > 0 { return .transform(y * x) }
            return .transform((y.inverse ?? .identity) * x)
        default: return k > 0 ? b : a
        }
    }
}
