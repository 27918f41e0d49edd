import CStrataCairo
import Foundation
import StrataCore

/// A bitmap drawing context, standing in for CoreGraphics' CGContext, drawn by Cairo into an ARGB32
/// (premultiplied) image surface of `width`×`height` pixels, initially transparent.
///
/// **Coordinates.** The default user space is y-down pixels with the origin at the top-left, like the rest
/// of Strata and like the context UIKit and Core Animation hand to `draw(in:)`. A raw Quartz bitmap context
/// is y-up instead; code written for one gets that space with `translateBy(x: 0, y: CGFloat(height))` then
/// `scaleBy(x: 1, y: -1)`. Angles go from +x towards +y, i.e. clockwise on screen, and
/// `addArc(…clockwise:)` follows `CGMutablePath.addArc`.
///
/// **Semantics.** As in Quartz: the graphics state (colours, alpha, line settings, CTM, clip and mask clip,
/// antialiasing, shadow, blend mode, interpolation quality) is saved and restored with `saveGState()`/
/// `restoreGState()`; the current path is not part of it. Points go through the CTM when added to the path;
/// line width and dashes through the CTM when stroked. Painting and `clip(using:)` consume the current path. Defaults: black fill and stroke, alpha 1, line width 1,
/// butt caps, miter joins, miter limit 10, no dash, antialiasing on, no clip, no shadow, `normal` blending,
/// `default` interpolation. Every painting operation (fills, strokes, images, gradients) goes through one
/// pipeline (CGContext+Compositing.swift): shadow first, then the paint, through the clip and mask clip,
/// combined by the blend mode.
///
/// **Robustness.** Arguments that Quartz would reject or that would break Cairo's sticky error state are
/// ignored: non-finite coordinates, colours, widths and transforms; negative widths; invalid dash patterns.
/// Device coordinates are clamped to ±4,194,304 pixels (inside Cairo's 24.8 fixed point). A singular CTM
/// collapses the path (fills cover nothing) and skips strokes and images.
///
/// Not `Sendable`: like a CGContext it is used from one thread at a time; hand it over, don't share it.
public final class CGContext {
    let surface: OpaquePointer
    let cr: OpaquePointer
    /// The bitmap's width in pixels.
    public let width: Int
    /// The bitmap's height in pixels.
    public let height: Int
    /// Bytes from one row of the backing surface to the next.
    public let bytesPerRow: Int
    /// Painting operations composited so far (fills, strokes, images, text, clears): how StrataUIKit tells
    /// whether a view's `draw(_:)` drew anything.
    package internal(set) var paintOperations = 0

    /// The state Strata keeps itself (Cairo keeps only the clip): Cairo has one source colour, not a
    /// fill and a stroke one, and its matrix stays identity so the path can be built in device space.
    struct GState {
        var fill = Color.black
        var stroke = Color.black
        var alpha: CGFloat = 1
        var ctm = CGAffineTransform.identity
        var lineWidth: CGFloat = 1
        var lineCap = CGLineCap.butt
        var lineJoin = CGLineJoin.miter
        var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dashLengths: [CGFloat] = []
        var antialias = true
        var shadow: Shadow?
        var blendMode = CGBlendMode.normal
        /// The product of every `clip(to:mask:)` since the state was made: coverage in device pixels.
        var maskClip: CairoSurface?
        var interpolationQuality = CGInterpolationQuality.default
        /// Where `CTLineDraw` starts, in user space.
        var textPosition = CGPoint.zero
    }

    var state = GState()
    var savedStates: [GState] = []
    /// The current path in device space (points went through the CTM of their time).
    var devicePath = Path()
    /// Open transparency layers, innermost last (CGContext+TransparencyLayer.swift).
    var transparencyLayers: [TransparencyLayer] = []

    /// Cairo's largest image surface side.
    static let maxSide = 32767

    /// A context owning zeroed (transparent) memory; nil for sizes outside 1…32767 or when Cairo cannot
    /// allocate the surface.
    public convenience init?(width: Int, height: Int) {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        self.init(surface: surface, width: width, height: height)
    }

    /// A context drawing into caller memory laid out as Cairo ARGB32: premultiplied native-endian 32-bit
    /// pixels, `bytesPerRow` apart. The memory must stay valid and 4-byte aligned for the context's lifetime.
    /// nil for sizes outside 1…32767, misaligned memory, or a `bytesPerRow` Cairo does not accept (below
    /// `cairo_format_stride_for_width` or not a multiple of 4).
    init?(data: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height),
              Int(bitPattern: data) % 4 == 0, bytesPerRow % 4 == 0, bytesPerRow <= Int(Int32.max),
              bytesPerRow >= Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))),
              let surface = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(bytesPerRow))
        else { return nil }
        guard let (surface, cr) = Self.open(surface) else { return nil }
        self.surface = surface
        self.cr = cr
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// A context over `surface` (an image surface, or a recording one: CGContext+Recording.swift).
    init?(surface: OpaquePointer?, width: Int, height: Int) {
        guard let surface, let (surface, cr) = Self.open(surface) else { return nil }
        self.surface = surface
        self.cr = cr
        self.width = width
        self.height = height
        bytesPerRow = Int(cairo_image_surface_get_stride(surface)) // 0 for a recording surface
    }

    /// Checks a new surface and makes its cairo_t; destroys both on failure (scratch surfaces too).
    static func open(_ surface: OpaquePointer) -> (OpaquePointer, OpaquePointer)? {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            return nil
        }
        return (surface, cr)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (colours, alpha, line settings, CTM, clip and mask clip,
    /// antialiasing, shadow, blend mode, interpolation quality, text position; not the current path), for
    /// `restoreGState()` to bring back.
    public func saveGState() {
        savedStates.append(state)
        cairo_save(cr)
    }

    /// Restores the last saved state; without one it does nothing (Quartz logs an error).
    public func restoreGState() {
        // A transparency layer's saved states end with it: none from before it is restored inside it.
        guard savedStates.count > (transparencyLayers.last?.savedDepth ?? 0), let s = savedStates.popLast() else { return }
        state = s
        cairo_restore(cr)
    }

    /// Sets the colour fills paint with (default opaque black); components are clamped to 0…1 when painting.
    public func setFillColor(_ color: CGColor) { state.fill = color.color }
    /// Sets the colour strokes paint with (default opaque black); components are clamped to 0…1 when painting.
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.color }
    /// Sets the fill colour from sRGB components and straight alpha, 0…1 (clamped when painting).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = Color(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the stroke colour from sRGB components and straight alpha, 0…1 (clamped when painting).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = Color(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the fill colour to a grey of white `gray` (0 black … 1 white) with `alpha`, stored as RGB.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(red: gray, green: gray, blue: gray, alpha: alpha) }
    /// Sets the stroke colour to a grey of white `gray` (0 black … 1 white) with `alpha`, stored as RGB.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(red: gray, green: gray, blue: gray, alpha: alpha) }

    /// Global alpha, multiplied into fills, strokes and images; clamped to 0…1.
    public func setAlpha(_ alpha: CGFloat) {
        guard alpha.isFinite else { return }
        state.alpha = min(max(alpha, 0), 1)
    }

    /// Line width in user space at stroke time; 0 draws the thinnest line, one device pixel wide (as Quartz).
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return }
        state.lineWidth = width
    }

    /// Sets how open ends of stroked lines are drawn (default `.butt`).
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// Sets how stroked segments meet at corners (default `.miter`).
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }

    /// Sets how long a miter join may be, as a multiple of the line width, before it is drawn beveled (default
    /// 10). A negative or non-finite limit is ignored.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite, limit >= 0 else { return }
        state.miterLimit = limit
    }

    /// Dash lengths alternate on and off, starting `phase` into the pattern; an empty array is a solid line.
    /// Ignored (as Cairo would reject it) when a length is negative or non-finite or all lengths are 0.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.reduce(0, +).isFinite,
              lengths.isEmpty || lengths.contains(where: { $0 > 0 }) else { return }
        state.dashPhase = phase
        state.dashLengths = lengths
    }

    /// Sets whether painting and clipping are anti-aliased (default true); false gives hard pixel edges.
    public func setShouldAntialias(_ antialias: Bool) { state.antialias = antialias }

    // MARK: Current transformation matrix

    /// User space to device pixels.
    public var ctm: CGAffineTransform { state.ctm }

    /// Moves the user space's origin by (`x`, `y`) user units (prepended to the CTM); a non-finite result is ignored.
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    /// Scales the user space by `x` and `y` (prepended to the CTM); `scaleBy(x: 1, y: -1)` after a translation by
    /// the height gives Quartz's y-up space. A non-finite result is ignored.
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    /// Rotates the user space by `angle` radians, from +x towards +y: clockwise on screen in the default y-down
    /// space (prepended to the CTM). A non-finite result is ignored.
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// `transform` is applied to user-space points before the current CTM. A result that is not finite is ignored.
    public func concatenate(_ transform: CGAffineTransform) {
        let m = transform.concatenating(state.ctm)
        guard m.isFinite else { return }
        state.ctm = m
    }
}

extension CGAffineTransform {
    /// Whether Cairo can use it as a matrix: finite with a finite inverse (Cairo's own test is weaker, and a
    /// matrix it rejects would put the cairo_t into its permanent error state).
    var isUsableByCairo: Bool {
        let det = determinant
        guard isFinite, det.isFinite, det != 0, (1 / det).isFinite else { return false }
        return [a / det, b / det, c / det, d / det, (c * ty - d * tx) / det, (b * tx - a * ty) / det].allSatisfy(\.isFinite)
    }

    /// User space back from device space, when the CTM has a usable inverse.
    var usableInverse: CGAffineTransform? { isUsableByCairo ? inverted() : nil }

    var cairoMatrix: cairo_matrix_t { cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty) }
}
