import Foundation

/// A parsed animation/KVC key path: a layer property plus an optional component inside its value,
/// e.g. `position.x`, `bounds.size.width`, `transform.rotation.z`, `transform.scale`.
public struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: String, Hashable, Sendable, CaseIterable {
        // CGPoint / CGSize / CGRect fields
        case x, y, width, height
        case origin, originX = "origin.x", originY = "origin.y"
        case size, sizeWidth = "size.width", sizeHeight = "size.height"
        // CATransform3D fields (Core Animation's KVC extensions, Table C-2)
        case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation
        case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale
        case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z", translation
    }

    public let property: LayerProperty
    public let component: Component?
    /// A value of a named emitter cell (`emitterCells.fire.birthRate`): the property is `emitterCells`.
    public let cell: EmitterCellKey?
    /// An input of a named filter (`filters.blur.inputRadius`): the property is the filter list.
    public let filter: FilterKey?

    public init(property: LayerProperty, component: Component? = nil) {
        self.property = property
        self.component = component
        cell = nil
        filter = nil
    }

    public init(cell: EmitterCellKey) {
        property = .emitterCells
        component = nil
        self.cell = cell
        filter = nil
    }

    public init(filter: FilterKey) {
        property = filter.list == "filters" ? .filters : .backgroundFilters
        component = nil
        cell = nil
        self.filter = filter
    }

    /// Whether it names the property's whole value.
    public var isWhole: Bool { component == nil && cell == nil && filter == nil }

    /// Whether an animation may run on it: an animatable property, a value of an emitter cell, or a
    /// filter's input (Core Animation animates a filter's inputs and `enabled`, not the list).
    public var isAnimatable: Bool { cell != nil || filter != nil || property.isAnimatable }

    public var description: String {
        if let cell { return cell.description }
        if let filter { return filter.description }
        return component.map { "\(property.name).\($0.rawValue)" } ?? property.name
    }

    /// Parses a key path; throws `StrataError.unsupported` naming the key path when it is not one Strata carries.
    public init(parsing text: String) throws {
        if text.hasPrefix("emitterCells.") {
            guard let cell = EmitterCellKey(parsing: text) else { throw StrataError.unsupported("key path \(text)") }
            self.init(cell: cell)
            return
        }
        if let filter = FilterKey(parsing: text) {
            guard filter.namesAKnownKey else { throw StrataError.unsupported("key path \(text)") }
            self.init(filter: filter)
            return
        }
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        guard let property = parts.first.flatMap(LayerProperty.init(name:)) else {
            throw StrataError.unsupported("key path \(text)")
        }
        guard parts.count == 2 else { self.init(property: property); return }
        guard let component = Component(rawValue: parts[1]), Self.allowed(component, in: property.kind) else {
            throw StrataError.unsupported("key path \(text)")
        }
        self.init(property: property, component: component)
    }

    private static func allowed(_ c: Component, in kind: ValueKind) -> Bool {
        switch kind {
        case .point: [.x, .y].contains(c)
        case .size: [.width, .height].contains(c)
        case .rect: [.origin, .originX, .originY, .size, .sizeWidth, .sizeHeight].contains(c)
        case .transform: [.rotationX, .rotationY, .rotationZ, .rotation, .scaleX, .scaleY, .scaleZ, .scale,
                          .translationX, .translationY, .translationZ, .translation].contains(c)
        case .scalar, .color, .bool, .vector3, .path, .numbers, .colors, .string, .text, .emitterCells, .filters, .image: false
        }
    }

    /// The shape of the value this key path reads and writes.
    public var kind: ValueKind {
        if let cell { return cell.kind }
        if let filter { return filter.kind }
        guard let c = component else { return property.kind }
        switch c {
        case .origin: return .point
        case .size, .translation: return .size
        default: return .scalar
        }
    }

    /// Reads this key path's component out of a whole property value.
    public func get(from whole: AnimatableValue) -> AnimatableValue {
        if let cell { return cell.get(from: whole) }
        if let filter { return filter.get(from: whole) }
        guard let c = component else { return whole }
        switch (whole, c) {
        case let (.point(p), .x): return .scalar(p.x)
        case let (.point(p), .y): return .scalar(p.y)
        case let (.size(s), .width): return .scalar(s.width)
        case let (.size(s), .height): return .scalar(s.height)
        case let (.rect(r), .origin): return .point(r.origin)
        case let (.rect(r), .originX): return .scalar(r.origin.x)
        case let (.rect(r), .originY): return .scalar(r.origin.y)
        case let (.rect(r), .size): return .size(r.size)
        case let (.rect(r), .sizeWidth): return .scalar(r.size.width)
        case let (.rect(r), .sizeHeight): return .scalar(r.size.height)
        case let (.transform(t), _): return TransformComponents(t).get(c)
        default: return whole
        }
    }

    /// Writes `part` into this key path's component of `whole`, returning the new whole value.
    public func set(_ part: AnimatableValue, in whole: AnimatableValue) -> AnimatableValue {
        if let cell { return cell.set(part, in: whole) }
        if let filter { return filter.set(part, in: whole) }
        guard let c = component else { return part }
        switch (whole, c, part) {
        case let (.point(p), .x, .scalar(v)): return .point(CGPoint(x: v, y: p.y))
        case let (.point(p), .y, .scalar(v)): return .point(CGPoint(x: p.x, y: v))
        case let (.size(s), .width, .scalar(v)): return .size(CGSize(width: v, height: s.height))
        case let (.size(s), .height, .scalar(v)): return .size(CGSize(width: s.width, height: v))
        case let (.rect(r), .origin, .point(v)): return .rect(CGRect(origin: v, size: r.size))
        case let (.rect(r), .originX, .scalar(v)): return .rect(CGRect(x: v, y: r.origin.y, width: r.size.width, height: r.size.height))
        case let (.rect(r), .originY, .scalar(v)): return .rect(CGRect(x: r.origin.x, y: v, width: r.size.width, height: r.size.height))
        case let (.rect(r), .size, .size(v)): return .rect(CGRect(origin: r.origin, size: v))
        case let (.rect(r), .sizeWidth, .scalar(v)): return .rect(CGRect(x: r.origin.x, y: r.origin.y, width: v, height: r.size.height))
        case let (.rect(r), .sizeHeight, .scalar(v)): return .rect(CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: v))
        case let (.transform(t), _, _):
            var parts = TransformComponents(t)
            parts.set(c, part)
            return .transform(parts.matrix)
        default: return whole
        }
    }
}
