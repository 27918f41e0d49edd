import CStrataGL
import Foundation
import StrataCore

/// A CAShapeLayer's drawing under a motion slot (`DrawCommand.content`): what `ShapeDraw` draws, with the
/// fill's polygons and the stroke's outline made once, in the layer's coordinates, flattened for the
/// scale the layer is shown at when the list is built (the slots above it may turn and move it, never
/// scale it: `MotionSlots.keepsScale`), and placed each frame on the GPU (`MovingCoverage`). Where the
/// slot animates strokeStart or strokeEnd the stroke is a `TrimmableStroke` the vertex stage trims by
/// the slot's values; otherwise it is outlined here with its trim, as `ShapeDraw` does.
public struct MovingShapeDraw: ContentDraw {
    /// The outlines, shared by every frame that reuses the list (uploaded once under `key`).
    public final class Outlines: Sendable {
        let key: UInt64
        let fill: OutlineTexels?
        let stroke: OutlineTexels?

        init(fill: OutlineTexels?, stroke: OutlineTexels?) {
            key = Self.counter.next()
            self.fill = fill
            self.stroke = stroke
        }

        private static let counter = KeyCounter()
    }

    /// Layer coordinates → its slot's space.
    public let inner: Transform3D
    let outlines: Outlines
    let fill: ShapeDraw.Fill?
    let strokeColor: Color?
    let alpha: CGFloat
    /// The colours its slot animates (`.fillColor`, `.strokeColor`): covered in the slot's colour.
    let colorsFromSlot: MotionRef.Fields

    /// Nil when it cannot move with the slots: a dashed stroke (or one with a dot) whose trim animates,
    /// a matrix with perspective, or outlines past `OutlineTexels.maxTexels`. `toTarget`: layer → target
    /// pixels with the values the list is built with (its scale decides the flattening).
    public init?(inner: Transform3D, toTarget: Transform3D, path: Path, fill: ShapeDraw.Fill?, stroke: ShapeDraw.Stroke?, alpha: CGFloat,
                 trimAnimates: Bool, colorsFromSlot: MotionRef.Fields = []) {
        guard toTarget.m14 == 0, toTarget.m24 == 0, toTarget.m44 == 1 else { return nil }
        let bounds = path.boundingBox
        guard !bounds.isNull else { return nil }
        let scale = PathFill.pixelScale(toTarget, bounds)
        var fillTexels: OutlineTexels?
        if let fill, fill.color.alpha > 0 {
            guard let t = OutlineTexels(polygons: path.fillPolygons(tolerance: ShapeDraw.tolerance, scale: scale)) else { return nil }
            fillTexels = t
        }
        var strokeTexels: OutlineTexels?
        if let stroke, stroke.color.alpha > 0, stroke.geometry.lineWidth > 0 {
            if trimAnimates {
                guard stroke.dashPattern?.isEmpty ?? true,
                      let trimmable = TrimmableStroke(path.polylines(tolerance: ShapeDraw.tolerance, scale: scale), stroke.geometry,
                                                      tolerance: ShapeDraw.tolerance, scale: scale),
                      let t = OutlineTexels(stroke: trimmable) else { return nil }
                strokeTexels = t
            } else {
                guard let t = OutlineTexels(polygons: ShapeDraw.outline(path, stroke, scale: scale)) else { return nil }
                strokeTexels = t
            }
        }
        self.inner = inner
        outlines = Outlines(fill: fillTexels, stroke: strokeTexels)
        self.fill = fill
        strokeColor = stroke?.color
        self.alpha = alpha
        self.colorsFromSlot = colorsFromSlot.intersection([.fillColor, .strokeColor])
    }

    public var movesWithSlots: Bool { true }

    /// Anywhere: the slots place it.
    public func box(within target: PixelRect) -> PixelRect { target }

    public func combine(into h: inout Hasher) {
        h.combine(inner); h.combine(outlines.key); h.combine(fill); h.combine(strokeColor)
        h.combine(alpha); h.combine(colorsFromSlot.rawValue)
    }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws {
        try draw(in: renderer, framebuffer: framebuffer, scissor: scissor, motion: .none)
    }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect, motion: MotionRef) throws {
        renderer.flush()
        guard alpha > 0 else { return }
        let placement = MovingCoverage.Placement(inner: inner, projection: renderer.projection, motion: motion,
                                                 scissor: renderer.windowRect(scissor),
                                                 width: renderer.physicalWidth, height: renderer.physicalHeight)
        let filler = try renderer.movingCoverage, coverage = try renderer.coverage
        // An animated colour is the slot's (motion state texels 12 and 13) over white.
        if let fill, let texels = outlines.fill {
            let fromSlot = colorsFromSlot.contains(.fillColor) && motion.slot >= 0
            try filler.fill(texels, key: outlines.key << 1, frame: renderer.frame, rule: fill.rule,
                            color: premultiplied(fromSlot ? .white : fill.color), colorState: fromSlot ? Int32(MotionLayout.StateTexel.fillColor.rawValue) : -1,
                            placement: placement, coverage: coverage, framebuffer: framebuffer)
            renderer.countCoverageFill()
        }
        if let strokeColor, let texels = outlines.stroke {
            let fromSlot = colorsFromSlot.contains(.strokeColor) && motion.slot >= 0
            try filler.fill(texels, key: outlines.key << 1 | 1, frame: renderer.frame, rule: .nonZero,
                            color: premultiplied(fromSlot ? .white : strokeColor), colorState: fromSlot ? Int32(MotionLayout.StateTexel.strokeColor.rawValue) : -1,
                            placement: placement, coverage: coverage, framebuffer: framebuffer)
            renderer.countCoverageFill()
        }
        renderer.invalidateBindings()
    }

    private func premultiplied(_ c: Color) -> (Float, Float, Float, Float) {
        let a = c.alpha * alpha
        return (Float(c.red * a), Float(c.green * a), Float(c.blue * a), Float(a))
    }
}

/// Keys unique for the process's lifetime.
final class KeyCounter: @unchecked Sendable {
    private var value: UInt64 = 0
    private let lock = NSLock()

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        value &+= 1
        return value
    }
}
