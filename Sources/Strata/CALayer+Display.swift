import Foundation
import StrataCore

/// Backing stores: layers that draw their contents with a CGContext (Cairo) instead of being given an
/// image. Drawing happens on the client; the image travels to the server like any `contents`.
extension CALayer {
    /// Scale of the backing store: pixels per point (2 draws sharply on a 2× display). Default 1.
    public var contentsScale: CGFloat {
        get { LayerLock.with { contentsScaleValue } }
        set {
            LayerLock.with {
                guard newValue.isFinite, newValue > 0, newValue != contentsScaleValue else { return }
                contentsScaleValue = newValue
                setNeedsDisplay()
            }
        }
    }

    /// Whether a change of the bounds' size marks the layer as needing display. Default false.
    public var needsDisplayOnBoundsChange: Bool {
        get { LayerLock.with { needsDisplayOnBoundsChangeValue } }
        set { LayerLock.with { needsDisplayOnBoundsChangeValue = newValue } }
    }

    /// Marks the whole layer for redrawing; `display()` runs when the transaction commits.
    public func setNeedsDisplay() {
        LayerLock.with {
            needsDisplayFlag = true
            dirtyRect = nil
            CATransaction.noteChange(self)
        }
    }

    /// Marks `rect` (layer coordinates) for redrawing: the backing store keeps its other pixels, and
    /// `draw(in:)` gets a context clipped to the dirty region.
    public func setNeedsDisplay(_ rect: CGRect) {
        LayerLock.with {
            guard !rect.isEmpty else { return }
            if !needsDisplayFlag { dirtyRect = rect } else if let d = dirtyRect { dirtyRect = d.union(rect) }
            needsDisplayFlag = true
            CATransaction.noteChange(self)
        }
    }

    /// Whether `setNeedsDisplay()` was called since the last display.
    public func needsDisplay() -> Bool { LayerLock.with { needsDisplayFlag } }

    /// Runs `display()` now if the layer is marked as needing it.
    public func displayIfNeeded() {
        guard LayerLock.with({ needsDisplayFlag }) else { return }
        display()
        LayerLock.with { needsDisplayFlag = false; dirtyRect = nil }
    }

    /// Strata's default display (what Core Animation does without `displayLayer:`): a backing store of
    /// bounds size × `contentsScale` pixels, drawn by `draw(in:)` and made the layer's `contents`. With a
    /// dirty rectangle only that region is cleared and redrawn; the rest keeps the previous drawing.
    public func drawBackingStore() {
        let (bounds, scale, dirty, previous) = LayerLock.with { (model.bounds, contentsScaleValue, dirtyRect, contentsImage) }
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0, let ctx = CGContext(width: width, height: height) else {
            contents = nil
            return
        }
        if let dirty, let previous, previous.width == width, previous.height == height {
            ctx.draw(previous, in: CGRect(x: 0, y: 0, width: width, height: height))
            ctx.scaleBy(x: scale, y: scale)
            ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
            ctx.clip(to: dirty)
            ctx.clear(dirty)
        } else {
            ctx.scaleBy(x: scale, y: scale)
            ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        }
        draw(in: ctx)
        contents = ctx.makeImage()
    }
}
