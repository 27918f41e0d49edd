import Foundation
import StrataCore

/// Backing stores: layers that draw their contents with a CGContext (Cairo) instead of being given an
/// image. Drawing happens on the client; the image travels to the server like any `contents`.
extension CALayer {
    /// Strata's default display (what Core Animation does without `displayLayer:`): a backing store of
    /// bounds size × `contentsScale` pixels, drawn by `draw(in:)` and shown as the layer's `contents`. The
    /// store is kept while its size stays the same: with a dirty rectangle (`setNeedsDisplay(_:)`) only
    /// that region is cleared, redrawn (the context clipped to it) and sent to the server. With
    /// `drawsAsynchronously`, `draw(in:)` still runs here but into a recording context, replayed onto the
    /// store on another thread (AsyncDrawing.swift); the commit waits for the replay before sending.
    public func drawBackingStore() {
        LayerLock.with { delegate }?.layerWillDraw(self)
        let asynchronous = drawsAsynchronously
        let (bounds, scale, dirty, shown, opaque) = LayerLock.with { (modelValues.bounds, modelValues.contentsScale, dirtyRect, contentsImage, isOpaqueValue) }
        // Under flipped geometry the context is y-flipped (Core Animation's contentsAreFlipped), and so are
        // dirty rectangles: layer y maps to minY + maxY − y.
        let flipped = contentsAreFlipped()
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0, width <= CGContext.maxSide, height <= CGContext.maxSide else {
            contents = nil
            return
        }
        guard let (image, reused) = Self.backingImage(shown, width: width, height: height) else { contents = nil; return }
        guard let store = image.backingStore else { return }
        // The recording has the store's size, so everything below (clip, erase, CTM) is recorded exactly as
        // it would be drawn, and the replay paints the same pixels.
        let recording = asynchronous ? CGContext(recordingWidth: width, height: height) : nil
        if asynchronous, recording == nil {
            StrataLog.logger.error("\(logName): drawsAsynchronously: no recording surface (out of memory): drawn synchronously")
        }
        let ctx = recording ?? store.context
        var changed = LayerBackingStore.PixelRect(x: 0, y: 0, width: width, height: height)
        ctx.saveGState()
        if reused, let dirty {
            // Pixels outside the dirty rectangle keep the previous drawing; one outside the bounds (or not
            // finite) leaves nothing to redraw.
            guard let pixels = Self.pixels(of: dirty, bounds: bounds, scale: scale, flipped: flipped) else {
                ctx.restoreGState()
                return
            }
            changed = pixels
            let pixelRect = CGRect(x: pixels.x, y: pixels.y, width: pixels.width, height: pixels.height)
            ctx.clip(to: pixelRect)
            Self.erase(ctx, pixelRect, opaque: opaque)
        } else {
            Self.erase(ctx, CGRect(x: 0, y: 0, width: width, height: height), opaque: opaque)
        }
        ctx.scaleBy(x: scale, y: scale)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        if flipped {
            ctx.translateBy(x: 0, y: bounds.minY + bounds.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        if !isEmpty(changed) {
            // Current for UIKit's drawing (`text.draw(at:)`), as a view's layer draws with it pushed.
            UIGraphicsPushContext(ctx)
            drawingLayer().draw(in: ctx)
            UIGraphicsPopContext()
        }
        ctx.restoreGState()
        if let recording, !isEmpty(changed) { store.replay(recording, in: changed) }
        LayerLock.with { store.markChanged(changed) }
        if reused {
            LayerLock.with { CATransaction.noteChange(self) }
        } else {
            contents = image
        }
    }

    /// The store to draw into: the one shown when it has the size (`reused`), else a new one.
    private static func backingImage(_ shown: CGImage?, width: Int, height: Int) -> (image: CGImage, reused: Bool)? {
        if let shown, let store = shown.backingStore, store.width == width, store.height == height { return (shown, true) }
        guard let store = LayerBackingStore(width: width, height: height) else { return nil }
        return (CGImage(backingStore: store), false)
    }

    /// The store's pixels a dirty rectangle (layer coordinates) covers, rounded out; nil when it covers
    /// none of `bounds` or is not finite. Under flipped geometry layer y maps to minY + maxY − y.
    private static func pixels(of dirty: CGRect, bounds: CGRect, scale: CGFloat, flipped: Bool) -> LayerBackingStore.PixelRect? {
        var d = dirty.intersection(bounds)
        guard !d.isNull, !d.isEmpty, d.minX.isFinite, d.minY.isFinite, d.maxX.isFinite, d.maxY.isFinite else { return nil }
        if flipped { d.origin.y = bounds.minY + bounds.maxY - d.maxY }
        let px = ((d.minX - bounds.minX) * scale).rounded(.down), py = ((d.minY - bounds.minY) * scale).rounded(.down)
        let qx = ((d.maxX - bounds.minX) * scale).rounded(.up), qy = ((d.maxY - bounds.minY) * scale).rounded(.up)
        return LayerBackingStore.PixelRect(x: Int(px), y: Int(py), width: Int(qx - px), height: Int(qy - py))
    }

    private func isEmpty(_ r: LayerBackingStore.PixelRect) -> Bool { r.width <= 0 || r.height <= 0 }

    /// Who draws the backing store: while an animation of a key that needs display runs
    /// (`needsDisplay(forKey:)`), a presentation copy at the frame's time (Core Animation draws the
    /// presentation layer: `draw(in:)` reading `self`, and a delegate's `draw(_:in:)` reading its `layer`
    /// argument, see interpolated values); otherwise the layer itself, whose stored properties a subclass
    /// that does not copy them in `init(layer:)` keeps.
    func drawingLayer() -> CALayer {
        let (time, animated) = LayerLock.with { () -> (Double, Bool) in
            let time = DisplayFrame.time ?? CACurrentMediaTime()
            return (time, !isPresentationCopy && hasRunningDisplayAnimation(at: time, builtIn: true))
        }
        return animated ? presentation(at: time) ?? self : self
    }

    /// Clears `rect` before drawing: transparent, or opaque black for an opaque backing store (it has no
    /// alpha channel, so what is not drawn shows black).
    private static func erase(_ ctx: CGContext, _ rect: CGRect, opaque: Bool) {
        ctx.clear(rect)
        guard opaque else { return }
        ctx.saveGState()
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.fill(rect)
        ctx.restoreGState()
    }

    /// `contentsScale`: changing it marks a layer showing its own backing store for display (drawn again at
    /// the new scale); an image the app set as `contents` stays (as in Core Animation, where setting
    /// contentsScale is how a 2× image is shown at its point size).
    func setContentsScale(_ newValue: CGFloat) {
        LayerLock.with {
            guard newValue.isFinite, newValue > 0, newValue != modelValues.contentsScale else { return }
            set(.contentsScale, .scalar(newValue))
            if contentsImage == nil || contentsImage?.backingStore != nil {
                let marked = needsDisplayFlag
                setNeedsDisplay()
                if !marked { displayMarkedByScale = true }
            }
        }
    }

    /// `isOpaque`: affects only the backing store, not an image set as `contents`; a change marks the layer
    /// for display.
    func setOpaque(_ newValue: Bool) {
        LayerLock.with {
            guard newValue != isOpaqueValue else { return }
            isOpaqueValue = newValue
            setNeedsDisplay()
        }
    }

    func markNeedsDisplay() {
        // A tiled layer has no backing store: its tiles are drawn again instead.
        if let tiled = self as? CATiledLayer { tiled.invalidateTiles(nil); return }
        LayerLock.with {
            needsDisplayFlag = true
            displayMarkedByScale = false
            dirtyRect = nil
            CATransaction.noteChange(self)
        }
    }

    func markNeedsDisplay(in rect: CGRect) {
        if let tiled = self as? CATiledLayer {
            guard !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return }
            tiled.invalidateTiles(rect)
            return
        }
        LayerLock.with {
            guard !rect.isEmpty else { return }
            if !needsDisplayFlag { dirtyRect = rect } else if let d = dirtyRect { dirtyRect = d.union(rect) }
            needsDisplayFlag = true
            CATransaction.noteChange(self)
        }
    }

    /// `displayIfNeeded()`: `display()` when the layer is marked, then the mark and the dirty region cleared.
    func displayIfMarked() {
        guard LayerLock.with({ needsDisplayFlag }) else { return }
        display()
        LayerLock.with { needsDisplayFlag = false; dirtyRect = nil }
    }
}

/// The time of the display frame being drawn: set while the per-frame display of animated layers runs
/// (the frame's target vblank), nil otherwise (drawing then shows the current media time).
enum DisplayFrame {
    /// Guarded by LayerLock.
    nonisolated(unsafe) static var time: CFTimeInterval?
}
