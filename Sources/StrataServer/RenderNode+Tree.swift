import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// A node's place in the tree: sublayers and masks linked and unlinked through methods that keep each
/// subtree's height and count of animated nodes, frozen copies for transitions, and what a subtree holds.
extension RenderNode {
    /// Inserts `child` (detached from any parent first) at `index`. The caller has checked `linkProblem`.
    func insert(_ child: RenderNode, at index: Int) {
        child.removeFromParent()
        sublayers.insert(child, at: index)
        child.parent = self
        childLinked(child)
    }

    func removeFromParent() {
        guard let p = parent else { return }
        p.childUnlinked(self)
        p.sublayers.remove(self)
        parent = nil
    }

    /// Makes `m` this node's mask (nil removes the mask). The caller has checked `linkProblem`.
    func setMask(_ m: RenderNode?) {
        if let old = mask {
            childUnlinked(old)
            old.masking = nil
        }
        mask = m
        if let m {
            m.masking = self
            childLinked(m)
        }
    }

    /// Unlinks a node being released: from its parent, its mask, the layer it masks and its sublayers
    /// (which become detached layers of the client).
    func unlinkForRelease() {
        detachAnimations { _ in true }
        scene?.usage.modelBytes -= valueBytes
        valueBytes = 0
        transitionSources.removeAll()
        contents = nil
        removeFromParent()
        masking?.setMask(nil)
        setMask(nil)
        for child in sublayers.removeAll() {
            child.parent = nil
            if child.activeInSubtree > 0 { adjustActive(by: -child.activeInSubtree) }
        }
        childHeights.removeAll()
        height = 0
    }

    /// Counts a newly linked sublayer or mask into this node's active count and heights (and above).
    func childLinked(_ child: RenderNode) {
        if child.activeInSubtree > 0 { adjustActive(by: child.activeInSubtree) }
        childHeightChanged(from: nil, to: child.height)
    }

    func childUnlinked(_ child: RenderNode) {
        if child.activeInSubtree > 0 { adjustActive(by: -child.activeInSubtree) }
        childHeightChanged(from: child.height, to: nil)
    }

    /// A linked layer's height went from `old` to `new` (nil: it was not, or is no longer, linked).
    /// Walks up only while heights change: O(maxNesting) levels.
    func childHeightChanged(from old: Int?, to new: Int?) {
        var node: RenderNode? = self
        var (old, new) = (old, new)
        while let n = node {
            if let o = old { n.childHeights[o] -= 1 }
            if let w = new {
                while n.childHeights.count <= w { n.childHeights.append(0) }
                n.childHeights[w] += 1
            }
            while n.childHeights.last == 0 { n.childHeights.removeLast() }
            let h = n.childHeights.count
            guard h != n.height else { return }
            (old, new) = (n.height, h)
            n.height = h
            node = n.upLink
        }
    }

    func refreshActivity() {
        // A kind whose drawing changes on its own (an emitter's particles) is evaluated as an animated layer is.
        let now = !animations.isEmpty || !transitionSources.isEmpty || kindState != nil
        guard now != isActive else { return }
        isActive = now
        scene?.activeNodes[ObjectIdentifier(self)] = now ? self : nil
        adjustActive(by: now ? 1 : -1)
        if !now {
            presentation = model
            activeTransition = nil
            localTime = nil
        }
    }

    /// Adds `delta` to the active count of this node and every node above it (a mask counts into the
    /// layer it masks, whose time it runs in).
    func adjustActive(by delta: Int) {
        var n: RenderNode? = self
        while let c = n {
            c.activeInSubtree += delta
            n = c.parent ?? c.masking
        }
    }

    /// A detached copy of this subtree as presented now: presentation values become the model, contents
    /// are shared, animations and transitions are left behind.
    func frozenCopy() -> RenderNode {
        let copy = RenderNode(id: id, kind: kind)
        copy.model = presentation
        copy.presentation = presentation
        copy.contents = contents
        contents?.frozenCopyShows = true
        content.carry(into: copy.content)
        for sub in sublayers { copy.insert(sub.frozenCopy(), at: copy.sublayers.count) }
        copy.setMask(mask?.frozenCopy())
        return copy
    }

    /// The layers of this subtree, masks included.
    var subtreeCount: Int {
        sublayers.reduce(1) { $0 + $1.subtreeCount } + (mask?.subtreeCount ?? 0)
    }

    /// Every image this subtree shows.
    var subtreeImages: [ServerImage] {
        (contents.map { [$0] } ?? []) + sublayers.flatMap(\.subtreeImages) + (mask?.subtreeImages ?? [])
    }
}
