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
        links.sublayers.insert(child, at: index)
        child.links.parent = self
        childLinked(child)
    }

    func removeFromParent() {
        guard let p = links.parent else { return }
        p.childUnlinked(self)
        p.links.sublayers.remove(self)
        links.parent = nil
    }

    /// Makes `m` this node's mask (nil removes the mask). The caller has checked `linkProblem`.
    func setMask(_ m: RenderNode?) {
        if let old = links.mask {
            childUnlinked(old)
            old.links.masking = nil
        }
        links.mask = m
        if let m {
            m.links.masking = self
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
        links.masking?.setMask(nil)
        setMask(nil)
        for child in links.sublayers.removeAll() {
            child.links.parent = nil
            if child.timing.activeInSubtree > 0 { adjustActive(by: -child.timing.activeInSubtree) }
        }
        links.childHeights.removeAll()
        links.height = 0
    }

    /// Counts a newly linked sublayer or mask into this node's active count and heights (and above).
    func childLinked(_ child: RenderNode) {
        if child.timing.activeInSubtree > 0 { adjustActive(by: child.timing.activeInSubtree) }
        childHeightChanged(from: nil, to: child.links.height)
    }

    func childUnlinked(_ child: RenderNode) {
        if child.timing.activeInSubtree > 0 { adjustActive(by: -child.timing.activeInSubtree) }
        childHeightChanged(from: child.links.height, to: nil)
    }

    /// A linked layer's height went from `old` to `new` (nil: it was not, or is no longer, linked).
    /// Walks up only while heights change: O(maxNesting) levels.
    func childHeightChanged(from old: Int?, to new: Int?) {
        var node: RenderNode? = self
        var (old, new) = (old, new)
        while let n = node {
            if let o = old { n.links.childHeights[o] -= 1 }
            if let w = new {
                while n.links.childHeights.count <= w { n.links.childHeights.append(0) }
                n.links.childHeights[w] += 1
            }
            while n.links.childHeights.last == 0 { n.links.childHeights.removeLast() }
            let h = n.links.childHeights.count
            guard h != n.links.height else { return }
            (old, new) = (n.links.height, h)
            n.links.height = h
            node = n.upLink
        }
    }

    func refreshActivity() {
        // A kind whose drawing changes on its own (an emitter's particles) is evaluated as an animated layer is.
        let now = !animations.isEmpty || !transitionSources.isEmpty || kindState != nil
        guard now != timing.isActive else { return }
        timing.isActive = now
        scene?.activeNodes[ObjectIdentifier(self)] = now ? self : nil
        adjustActive(by: now ? 1 : -1)
        if !now {
            presentation = model
            activeTransition = nil
            timing.localTime = nil
        }
    }

    /// Adds `delta` to the active count of this node and every node above it (a mask counts into the
    /// layer it masks, whose time it runs in).
    func adjustActive(by delta: Int) {
        var n: RenderNode? = self
        while let c = n {
            c.timing.activeInSubtree += delta
            n = c.links.parent ?? c.links.masking
        }
    }

    /// A detached copy of this subtree as presented now: presentation values become the model, contents
    /// are shared, animations and transitions are left behind.
    func frozenCopy() -> RenderNode {
        let copy = RenderNode(id: id, kind: kind)
        copy.model = presentation
        copy.presentation = presentation
        // A crossfading layer's old appearance shows its own image (the copy holds no animation's images).
        copy.model.contents = model.contents
        copy.presentation.contents = model.contents
        copy.contents = contents
        contents?.frozenCopyShows = true
        content.carry(into: copy.content)
        for sub in links.sublayers { copy.insert(sub.frozenCopy(), at: copy.links.sublayers.count) }
        copy.setMask(links.mask?.frozenCopy())
        return copy
    }

    /// The layers of this subtree, masks included.
    var subtreeCount: Int {
        links.sublayers.reduce(1) { $0 + $1.subtreeCount } + (links.mask?.subtreeCount ?? 0)
    }

    /// Every image this subtree shows.
    var subtreeImages: [ServerImage] {
        (contents.map { [$0] } ?? []) + links.sublayers.flatMap(\.subtreeImages) + (links.mask?.subtreeImages ?? [])
    }
}
