import Foundation
import StrataCore

/// The forms of the layer API that return why they refused instead of trapping or logging, for callers
/// whose input comes from outside Swift (the C API, docs/c-api.md). Each check and its action run in one
/// `LayerLock.with`, so no thread changes the tree in between; the Swift API applies the same checks.
extension CALayer {
    /// Why a call is refused: the layer does not carry the property, the value is not one it takes, or the
    /// tree's state forbids the change (a cycle, a layer that is not a sublayer).
    package enum Refusal: Error {
        case notCarried(String)
        case invalidValue(String)
        case invalidState(String)
    }

    /// The layer kind this layer is (its class's).
    package var layerKind: LayerKind { modelValues.kind }

    /// Why `layer` cannot become a sublayer of this layer, or nil.
    package func sublayerProblem(_ layer: CALayer) -> String? {
        LayerLock.with {
            if layer.isAncestor(of: self) { return Self.ancestorProblem }
            if layer.maskedLayer != nil { return Self.maskSublayerProblem }
            if layer.isPresentationCopy || isPresentationCopy { return "presentation layers cannot be rearranged" }
            return nil
        }
    }

    static let ancestorProblem = "insertSublayer: the layer is the receiver or one of its ancestors"
    static let maskSublayerProblem = "insertSublayer: the layer is another layer's mask (a mask has no superlayer)"

    /// Inserts `layer` at `index` (nil: on top), or says why not: an index past the sublayers, a cycle, a
    /// presentation layer.
    package func insertChecked(_ layer: CALayer, at index: Int?) -> Refusal? {
        LayerLock.with {
            if let why = sublayerProblem(layer) { return .invalidState(why) }
            let count = sublayerList.count
            guard let i = index else { insertSublayer(layer, at: UInt32(count)); return nil }
            // The index counts the gaps of the list as it is (a layer moved within it is placed accordingly).
            guard i >= 0, i <= count, let at = UInt32(exactly: i) else {
                return .invalidValue("index \(UInt(bitPattern: i)) is past the \(count) sublayers")
            }
            insertSublayer(layer, at: at)
            return nil
        }
    }

    /// Inserts `layer` just below or above `sibling` (nil: at the back or the front), or says why not.
    package func insertChecked(_ layer: CALayer, nextTo sibling: CALayer?, above: Bool) -> Refusal? {
        LayerLock.with {
            if let why = sublayerProblem(layer) { return .invalidState(why) }
            if let sibling, sibling.parent !== self { return .invalidState("the sibling is not a sublayer of this layer") }
            if sibling === layer { return .invalidState("a layer cannot go next to itself") }
            insert(sublayer: layer, nextTo: sibling, above: above)
            return nil
        }
    }

    /// Puts `new` where `old` is among the sublayers, or says why not.
    package func replaceChecked(_ old: CALayer, with new: CALayer) -> Refusal? {
        LayerLock.with {
            guard old.parent === self else { return .invalidState("the layer to replace is not a sublayer of this layer") }
            if old === new { return nil }
            if let why = sublayerProblem(new) { return .invalidState(why) }
            replace(sublayer: old, with: new)
            return nil
        }
    }

    /// Why `mask` cannot be this layer's mask, or nil.
    package func maskProblem(_ mask: CALayer?) -> String? {
        LayerLock.with {
            guard let m = mask else { return nil }
            if m === self { return "a layer cannot be its own mask" }
            if m.isPresentationCopy || isPresentationCopy { return "presentation layers take no mask and mask nothing" }
            if m.parent != nil { return "a mask layer has no superlayer" }
            if m.isAttachedRoot { return "a mask layer is not an attached root" }
            if let other = m.maskedLayer, other !== self { return "the layer already masks another layer" }
            if m.isAncestor(of: self) { return "a layer's mask cannot be the layer or hold it (through sublayers or masks)" }
            return nil
        }
    }

    /// Sets the mask (nil removes it), or says why not.
    package func setMaskChecked(_ mask: CALayer?) -> Refusal? {
        LayerLock.with {
            if let why = maskProblem(mask) { return .invalidState(why) }
            setMask(mask)
            return nil
        }
    }

    /// Sets a key path's value as `set` does (the model, the action, the commit), or says why not.
    package func setChecked(_ keyPath: LayerKeyPath, _ part: AnimatableValue) -> Refusal? {
        guard keyPath.property.isCarried(by: layerKind) else {
            return .notCarried(rejection(keyPath.property, part) ?? "\(type(of: self)) has no \(keyPath.property.name)")
        }
        return LayerLock.with {
            let whole = keyPath.set(part, in: modelValues[keyPath.property])
            if let why = rejection(keyPath.property, whole) { return .invalidValue(why) }
            set(keyPath.property, whole)
            return nil
        }
    }

    /// A key path's model value, or why the layer has none.
    package func checkedValue(_ keyPath: LayerKeyPath) -> Result<AnimatableValue, Refusal> {
        guard keyPath.property.isCarried(by: layerKind) else {
            let carriers = LayerKind.allCases.filter(keyPath.property.isCarried).map(\.className).joined(separator: ", ")
            return .failure(.notCarried("\(type(of: self)) has no \(keyPath.property.name) (a property of \(carriers))"))
        }
        return .success(LayerLock.with { modelValues[keyPath] })
    }
}
