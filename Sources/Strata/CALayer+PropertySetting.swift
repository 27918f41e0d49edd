import Foundation
import Logging
import StrataCore
import StrataProtocol

/// How a property change becomes a model change and an action (the typed accessors' setter), and why a
/// value is refused.
extension CALayer {
    /// Reads the model under the layer lock (the typed accessors' getter).
    func read<T>(_ body: (LayerModel) -> T) -> T { LayerLock.with { body(modelValues) } }

    /// Sets a typed property value (the typed accessors' setter).
    func set<V: LayerValue>(_ property: LayerProperty, _ value: V) { set(property, value.animatableValue) }

    /// The Core Animation name of an enumerated property's value.
    func name(of property: LayerProperty) -> String {
        read { m in
            guard case let .scalar(x) = m[property], let names = property.rule.names, let i = Int(exactly: x), names.indices.contains(i)
            else { return "" }
            return names[i]
        }
    }

    /// Sets an enumerated property by its Core Animation name; an unknown name is logged, naming the layer
    /// and the key ("… lineCap rejected: unsupported: line cap NAME"), and changes nothing.
    func set(_ property: LayerProperty, named name: String, what: String) {
        guard let names = property.rule.names, let i = names.firstIndex(of: name) else {
            let accepted = (property.rule.names ?? []).map { "\"\($0)\"" }.joined(separator: ", ")
            StrataLog.logger.error("\(logName): \(property.name) rejected: unsupported: \(what) \(name) (it takes one of \(accepted))")
            return
        }
        set(property, .scalar(CGFloat(i)))
    }

    /// How log messages name this layer: its class and id ("CAShapeLayer (layer 7)").
    var logName: String { "\(type(of: self)) (layer \(layerID))" }

    /// Why `value` cannot be `property`'s value on this layer (a property of another kind, a non-finite
    /// number, a value out of range), or nil.
    func rejection(_ property: LayerProperty, _ value: AnimatableValue) -> String? {
        if !property.isCarried(by: modelValues.kind) {
            return "\(type(of: self)) has no \(property.name) (a property of \(LayerKind.allCases.filter(property.isCarried).map(\.className).joined(separator: ", ")))"
        }
        if case let .path(path?) = value, path.elements.count > WireFormat.maxListCount {
            return "\(property.name) has \(path.elements.count) path elements, more than the \(WireFormat.maxListCount) a commit carries"
        }
        if !value.isFinite {
            // A whole path would bury the bad point: name it.
            if case let .path(path?) = value, let i = path.points.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
                return "\(property.name) must be finite, got point \(i) at (\(path.points[i].x), \(path.points[i].y))"
            }
            return "\(property.name) must be finite, got \(value)"
        }
        return property.rangeError(value)
    }

    /// Sets a property: the model changes at once; inside a committed tree the property's action runs
    /// (the implicit animation). A value the property cannot take is logged, naming the layer and the
    /// key, and changes nothing.
    func set(_ property: LayerProperty, _ value: AnimatableValue) {
        if let why = rejection(property, value) {
            StrataLog.logger.error("\(logName): \(property.name) rejected: \(why)")
            return
        }
        LayerLock.with {
            // A presentation copy keeps what is assigned to it (its init(layer:), code drawing it) and
            // nothing else happens: no action, no commit, the model untouched.
            guard !isPresentationCopy else { modelValues[property] = value; return }
            let old = modelValues[property]
            // The action is looked up before the model changes, so it sees the value on screen.
            let inTree = hasBeenCommitted && (parent != nil || isAttachedRoot)
            // The built-in action may depend on where the value goes (shadowPath animates only between paths
            // of one structure): it reads `changingTo` while the action is looked up.
            let outer = changingTo // an action's lookup may set other properties
            changingTo = (property, value)
            let action = old != value && inTree && !CATransaction.disableActions() ? action(forKey: property.name) : nil
            changingTo = outer
            modelValues[property] = value
            CATransaction.noteChange(self)
            action?.run(forKey: property.name, object: self, arguments: nil)
            if old != value, type(of: self).needsDisplay(forKey: property.name)
                || (property == .bounds && needsDisplayOnBoundsChangeValue && Self.size(of: old) != Self.size(of: value)) {
                setNeedsDisplay()
            }
            if property == .bounds, let oldSize = Self.size(of: old), oldSize != Self.size(of: value) {
                // A new size lays the sublayers out again and resizes those with an autoresizing mask.
                needsLayoutFlag = true
                resizeSublayers(withOldSize: oldSize)
            }
            if property == .hidden, old != value, hasBeenCommitted, isInAttachedTree {
                runAction(forKey: value == .bool(true) ? kCAOnOrderOut : kCAOnOrderIn)
            }
        }
    }

    private static func size(of v: AnimatableValue) -> CGSize? {
        if case let .rect(r) = v { return r.size }
        return nil
    }
}
