import Foundation
import StrataCore

/// Layout, as Core Animation runs it: a layer marked with `setNeedsLayout()` (or whose bounds' size
/// changed, or whose sublayers changed) has `layoutSublayers()` called once, in the commit, top-down,
/// before any `display()`; `layoutIfNeeded()` runs it at once. `autoresizingMask` moves and resizes a
/// sublayer when its superlayer's bounds' size changes (`resizeSublayers(withOldSize:)`).
extension CALayer {
    /// The layout pass of a commit, over the layers it changed: passes until no layer is marked (at most
    /// `maxLayoutPasses`: a layout that marks layers again every time settles in the next commit). Each
    /// pass visits every layer once, so a pass costs the size of the trees laid out.
    static func layoutMarked(in layers: () -> [CALayer]) {
        LayerLock.lock.lock(); defer { LayerLock.lock.unlock() }
        for _ in 0..<maxLayoutPasses {
            let marked = layers().filter(\.needsLayoutFlag)
            guard !marked.isEmpty else { return }
            var visited: Set<ObjectIdentifier> = []
            for layer in marked where layer.needsLayoutFlag { layer.layoutFromTopmostMarked(visited: &visited) }
        }
    }

    static let maxLayoutPasses = 8

    /// Lays out the subtree of the topmost ancestor that needs layout (this layer if none does).
    func layoutFromTopmostMarked(visited: inout Set<ObjectIdentifier>) {
        var top = self
        while let p = top.parent, p.needsLayoutFlag { top = p }
        top.layoutMarkedSubtree(visited: &visited)
    }

    /// Each marked layer of this subtree laid out, a superlayer before its sublayers (a layout may mark
    /// or resize sublayers below, which this walk then reaches); layers already visited are skipped.
    private func layoutMarkedSubtree(visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return }
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sublayer in sublayerList { sublayer.layoutMarkedSubtree(visited: &visited) }
    }

    /// `resize(withOldSuperlayerSize:)`: the frame moved and sized by `autoresizingMask` for the superlayer's
    /// bounds now, given their old size (nothing without a mask or a superlayer).
    func autoresize(oldSuperlayerSize oldSize: CGSize) {
        LayerLock.with {
            guard let parent, !autoresizingMaskValue.isEmpty else { return }
            let now = parent.modelValues.bounds
            let old = CGRect(origin: now.origin, size: oldSize)
            let resized = Autoresizing.frame(modelValues.frame, flags: autoresizingMaskValue, oldBounds: old, newBounds: now)
            if resized != modelValues.frame { frame = resized }
        }
    }
}
