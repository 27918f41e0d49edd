import Foundation
import StrataCore

/// A copy of a layer tree as it looks now (UIKit's `snapshotView(afterScreenUpdates:)`): layers of the
/// same classes, made by their own `init()`, holding the presented values, so the server draws the copy
/// exactly as it draws the original, and the original may change or go away while the copy keeps its look.
package struct LayerTreeCopy {
    /// The copy of the root (nil: the root itself is of a kind that cannot be copied).
    package let root: CALayer?
    /// The classes of the layers left out (with their subtrees), each named once, in the order met.
    package let omitted: [String]
}

extension CALayer {
    /// Copies this layer and its sublayers and mask as presented at `time` (their committed values with
    /// their committed animations applied; a layer never committed gives its model values), with contents
    /// (a backing store's pixels copied, so later drawing does not reach the copy) and custom keys, and no
    /// animations, delegate, actions, layout or input. The copy of the root is where it was: the caller
    /// places it. Layers whose look is not in their state are left out with their subtrees: emitters (their
    /// live particles), tiled layers (their tiles are drawn on request by the app) and layers showing GL or
    /// video frames (their frames live in buffers the app reuses).
    package func presentedTreeCopy(at time: CFTimeInterval) -> LayerTreeCopy {
        var omitted: [String] = []
        let root = copyPresented(at: time, omitted: &omitted)
        return LayerTreeCopy(root: root, omitted: omitted)
    }

    private struct CopiedState {
        var model: LayerModel
        var contents: CGImage?
        var custom: [String: Any]
        var name: String?
        var sublayers: [CALayer]
        var mask: CALayer?
    }

    private func copyPresented(at time: CFTimeInterval, omitted: inout [String]) -> CALayer? {
        if let kind = uncopiableKind {
            if !omitted.contains(kind) { omitted.append(kind) }
            return nil
        }
        let state = LayerLock.with { presentedState(at: time) }
        // A backing store keeps being drawn into: its pixels as they are now, in an image of their own. Taken
        // outside the lock, as the store waits for an asynchronous drawing in flight.
        let contents = state.contents.map { image in image.backingStore?.context.makeImage() ?? image }
        // The class's own init() may add sublayers, a mask or animations of its own: the copy has only the source's.
        let copy = LayerConstruction.newLayer(of: type(of: self))
        copy.sublayers = nil
        copy.mask = nil
        copy.removeAllAnimations()
        let sublayers = state.sublayers.compactMap { $0.copyPresented(at: time, omitted: &omitted) }
        let mask = state.mask?.copyPresented(at: time, omitted: &omitted)
        LayerLock.with {
            copy.delegate = nil
            copy.actions = nil
            copy.style = nil
            copy.modelValues = state.model
            copy.contentsImage = contents
            copy.customValues = state.custom
            copy.nameValue = state.name
            copy.needsDisplayFlag = false
            copy.dirtyRect = nil
            copy.needsDisplayOnBoundsChangeValue = false
            copy.needsLayoutFlag = false
            CATransaction.noteChange(copy)
        }
        for sublayer in sublayers { copy.addSublayer(sublayer) }
        copy.mask = mask
        return copy
    }

    /// The state the copy takes (under LayerLock): presented values, frozen (no timing of their own, as
    /// nothing in the copy animates), and taking no input (touches go to the view or layer that holds it).
    private func presentedState(at time: CFTimeInterval) -> CopiedState {
        var model = hasBeenCommitted ? presentationModel(at: time) : modelValues
        model.timing = LayerTiming()
        model.isInteractive = false
        model.capturesInput = false
        let custom = hasBeenCommitted ? presentationCustomValues(at: time) : customValues
        return CopiedState(model: model, contents: contentsImage, custom: custom, name: nameValue,
                           sublayers: sublayerList, mask: maskLayer)
    }

    /// The class name of a layer whose look cannot be copied from its state, or nil.
    private var uncopiableKind: String? {
        let kind = LayerLock.with { modelValues.kind }
        let showsFrames = LayerLock.with { drawableRingStorage != nil || pendingDrawable != nil }
        guard kind == .emitter || kind == .tiled || kind == .host || showsFrames else { return nil }
        return String(describing: type(of: self))
    }
}
