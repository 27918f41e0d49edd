import Foundation

/// The value shapes a layer property or key-path component can hold.
public enum ValueKind: UInt8, Sendable {
    case scalar = 1, point, size, rect, transform, color, bool, vector3, path, numbers, colors, string, text, emitterCells, filters, image
}

/// A property value as carried by animations, the wire protocol and scene files.
/// `color(nil)` is an absent colour (a nil backgroundColor), which interpolates as transparent black.
public enum AnimatableValue: Hashable, Sendable {
    case scalar(CGFloat)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Boxed: a matrix is 128 bytes, and values are copied often (every other kind is at most 33).
    indirect case transform(Transform3D)
    case color(Color?)
    case bool(Bool)
    /// Three numbers: the input of the scale and translate value functions.
    case vector3(CGFloat, CGFloat, CGFloat)
    /// A CGPath (custom keys, shadowPath): paths of the same structure interpolate point by point, others
    /// switch half-way. `path(nil)` is an absent path (a nil shadowPath), as `color(nil)` is an absent colour.
    case path(Path?)
    /// A list of numbers (lineDashPattern, a gradient's locations); `numbers(nil)` is an absent list.
    case numbers([CGFloat]?)
    /// A list of colours (a gradient's colors); `colors(nil)` is an absent list.
    case colors([Color]?)
    /// A string (a text layer's font name); `string(nil)` is absent. Not animatable.
    case string(String?)
    /// Attributed text (a text layer's string; a plain string has no runs); `text(nil)` is absent. Boxed:
    /// most values never carry one. Not animatable.
    indirect case text(AttributedText?)
    /// An emitter layer's cells (each with its sub-cells). Boxed. Not animatable as a whole (a cell's
    /// values are, by key paths into named cells). The property's rule checks every number.
    indirect case emitterCells([EmitterCellModel])
    /// A layer's filters (`filters`, `backgroundFilters`; `compositingFilter` as a list of at most one). Boxed.
    /// Not animatable as a whole (a filter's inputs are, by key paths into named filters).
    indirect case filters([FilterModel])
    /// A layer's `contents`: an image, or a crossfade between two (`ContentsImage`). Animatable explicitly
    /// (basic and keyframe animations crossfade), not additively.
    case image(ContentsImage)

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
        case .numbers: .numbers
        case .colors: .colors
        case .string: .string
        case .text: .text
        case .emitterCells: .emitterCells
        case .filters: .filters
        case .image: .image
        }
    }

    /// Whether every number in the value is finite (Core Animation refuses NaN and infinite geometry).
    public var isFinite: Bool {
        func ok(_ xs: CGFloat...) -> Bool { xs.allSatisfy(\.isFinite) }
        switch self {
        case .scalar(let x): return x.isFinite
        case .point(let p): return ok(p.x, p.y)
        case .size(let s): return ok(s.width, s.height)
        case .rect(let r): return ok(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .transform(let t): return t.elements.allSatisfy(\.isFinite)
        case .color(let c): return c.map { $0.components.allSatisfy(\.isFinite) } ?? true
        case .bool: return true
        case let .vector3(x, y, z): return ok(x, y, z)
        case .path(let p): return p.map { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } } ?? true
        case .numbers(let n): return n.map { $0.allSatisfy(\.isFinite) } ?? true
        case .colors(let c): return c.map { $0.allSatisfy { $0.components.allSatisfy(\.isFinite) } } ?? true
        case .string: return true
        case .text(let t): return t.map(\.isFinite) ?? true
        // Checked with the cell and key named by the property's rule (`EmitterModel.validationError`).
        case .emitterCells: return true
        case .filters(let f): return f.allSatisfy { $0.values.allSatisfy { $0.allSatisfy(\.isFinite) } }
        case .image(let c): return c.fraction.isFinite
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
        case .numbers: .numbers([])
        case .colors: .colors([])
        case .string: .string(nil)
        case .text: .text(nil)
        case .emitterCells: .emitterCells([])
        case .filters: .filters([])
        case .image: .image(.none)
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
        case let (.numbers(x), .numbers(y)): x == y
        case let (.colors(x), .colors(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.text(x), .text(y)): x == y
        case let (.emitterCells(x), .emitterCells(y)): x == y
        case let (.filters(x), .filters(y)): x == y
        case let (.image(x), .image(y)): x == y
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
        case .numbers(let n): hasher.combine(n)
        case .colors(let c): hasher.combine(c)
        case .string(let s): hasher.combine(s)
        case .text(let t): hasher.combine(t)
        case .emitterCells(let cells): hasher.combine(cells.count); for c in cells { hasher.combine(c.name); hasher.combine(c.birthRate) }
        case .filters(let f): hasher.combine(f)
        case .image(let c): hasher.combine(c)
        }
    }
}
