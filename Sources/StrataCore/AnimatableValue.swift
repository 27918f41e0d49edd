import Foundation

/// The value shapes a layer property or key-path component can hold.
public enum ValueKind: UInt8, Sendable {
    case scalar = 1, point, size, rect, transform, color, bool, vector3, path
}

/// A property value as carried by animations, the wire protocol and scene files.
/// `color(nil)` is an absent colour (a nil backgroundColor), which interpolates as transparent black.
public enum AnimatableValue: Hashable, Sendable {
    case scalar(CGFloat)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(Transform3D)
    case color(Color?)
    case bool(Bool)
    /// Three numbers: the input of the scale and translate value functions.
    case vector3(CGFloat, CGFloat, CGFloat)
    /// A CGPath (custom keys, shadowPath): paths of the same structure interpolate point by point, others
    /// switch half-way. `path(nil)` is an absent path (a nil shadowPath), as `color(nil)` is an absent colour.
    case path(Path?)

    public var kind: ValueKind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .color: .color
        case .bool: .bool
        case .vector3: .vector3
        case .path: .path
        }
    }

    /// The neutral value of a kind (what an unset custom key animates from or to): zero, identity, no colour.
    public static func zero(of kind: ValueKind) -> AnimatableValue {
        switch kind {
        case .scalar: .scalar(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .transform: .transform(.identity)
        case .color: .color(nil)
        case .bool: .bool(false)
        case .vector3: .vector3(0, 0, 0)
        case .path: .path(Path())
        }
    }

    public static func == (a: AnimatableValue, b: AnimatableValue) -> Bool {
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): x == y
        case let (.point(x), .point(y)): x == y
        case let (.size(x), .size(y)): x == y
        case let (.rect(x), .rect(y)): x.isIdentical(to: y)
        case let (.transform(x), .transform(y)): x == y
        case let (.color(x), .color(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case let (.vector3(a, b, c), .vector3(x, y, z)): a == x && b == y && c == z
        case let (.path(x), .path(y)): x?.elements == y?.elements
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch self {
        case .scalar(let v): hasher.combine(v)
        case .point(let p): hasher.combine(p.x); hasher.combine(p.y)
        case .size(let s): hasher.combine(s.width); hasher.combine(s.height)
        case .rect(let r): hasher.combine(r.origin.x); hasher.combine(r.origin.y); hasher.combine(r.size.width); hasher.combine(r.size.height)
        case .transform(let t): hasher.combine(t)
        case .color(let c): hasher.combine(c)
        case .bool(let b): hasher.combine(b)
        case let .vector3(x, y, z): hasher.combine(x); hasher.combine(y); hasher.combine(z)
        case .path(let p): hasher.combine(p?.elements)
        }
    }
}
