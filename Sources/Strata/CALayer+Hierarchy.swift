import Foundation
import Logging
import StrataCore
import StrataProtocol

extension CALayer {
    // MARK: hierarchy

    /// Whether `other` is this layer or inside its tree, through sublayers or masks (a mask's way up is the
    /// layer it masks): a link from `other` to this layer would make a cycle.
    func isAncestor(of other: CALayer) -> Bool {
        var n: CALayer? = other
        while let c = n { if c === self { return true }; n = c.parent ?? c.maskedLayer }
        return false
    }

    func setMask(_ newValue: CALayer?) {
        LayerLock.with {
            if let why = maskProblem(newValue) { preconditionFailure(why) }
            maskLayer?.maskedLayer = nil
            maskLayer = newValue
            newValue?.maskedLayer = self
            CATransaction.noteChange(self)
        }
    }

    func replaceSublayers(with newValue: [CALayer]?) {
        LayerLock.with {
            for l in sublayerList { l.parent = nil }
            sublayerList = []
            for l in newValue ?? [] { insertSublayer(l, at: UInt32(sublayerList.count)) }
            CATransaction.noteChange(self)
        }
    }

    func insert(sublayer layer: CALayer, at index: UInt32) {
        LayerLock.with {
            precondition(!layer.isAncestor(of: self), Self.ancestorProblem)
            precondition(layer.maskedLayer == nil, Self.maskSublayerProblem)
            guard !layer.isPresentationCopy, !isPresentationCopy else {
                StrataLog.logger.error("\(logName): insertSublayer rejected: presentation layers cannot be rearranged")
                return
            }
            if let p = layer.parent {
                let oldIndex = p.sublayerList.firstIndex { $0 === layer }
                p.sublayerList.removeAll { $0 === layer }
                CATransaction.noteChange(p)
                if p === self, let oldIndex, oldIndex < Int(index) {
                    sublayerList.insert(layer, at: min(Int(index) - 1, sublayerList.count))
                    layer.parent = self
                    CATransaction.noteChange(self)
                    return
                }
            }
            if layer.isAttachedRoot { StrataConnection.detachRootLocked(layer) }
            sublayerList.insert(layer, at: min(Int(index), sublayerList.count))
            layer.parent = self
            needsLayoutFlag = true // new sublayers are laid out
            CATransaction.noteChange(self)
            CATransaction.noteChange(layer)
            if isInAttachedTree { layer.runAction(forKey: kCAOnOrderIn) }
        }
    }

    func replace(sublayer old: CALayer, with new: CALayer) {
        LayerLock.with {
            guard let i = sublayerList.firstIndex(where: { $0 === old }) else { return }
            old.removeFromSuperlayer()
            insertSublayer(new, at: UInt32(i))
            // The superlayer's subtree changes, so it runs the transition (old appearance → new).
            if isInAttachedTree { runAction(forKey: kCATransition) }
        }
    }

    func detachFromSuperlayer() {
        LayerLock.with {
            guard let p = parent else { return }
            if isInAttachedTree { runAction(forKey: kCAOnOrderOut) }
            p.sublayerList.removeAll { $0 === self }
            p.needsLayoutFlag = true
            parent = nil
            CATransaction.noteChange(p)
            CATransaction.noteChange(self)
        }
    }

    /// Inserts `layer` just below or above `sibling`; a sibling that is not a sublayer (or nil) puts it at the
    /// back (below) or the front (above).
    func insert(sublayer layer: CALayer, nextTo sibling: CALayer?, above: Bool) {
        LayerLock.with {
            let found = sibling.flatMap { s in sublayerList.firstIndex { $0 === s } }
            let i = above ? found.map { $0 + 1 } ?? sublayerList.count : found ?? 0
            insertSublayer(layer, at: UInt32(i))
        }
    }
}
