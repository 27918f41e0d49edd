import CStrataCairo
import Foundation
import StrataCore

/// Painting and clipping. Painting (and `clip(using:)`) consumes the current path, as in Quartz; the
/// rectangle and ellipse conveniences replace it, as Quartz documents for `fill(_:)`.
extension CGContext {
    /// Fills the current path with the fill colour, using `rule` (`.winding` by default, or `.evenOdd`), with
    /// the shadow, alpha and blend mode; open subpaths are closed implicitly. The path is consumed.
    public func fillPath(using rule: CGPathFillRule = .winding) { paintCurrentPath(fill: rule, stroke: false) }

    /// Strokes the current path with the stroke colour and the line width, cap, join, miter limit and dash
    /// (width 0 strokes a one-device-pixel hairline), the pen in user space through the CTM. The path is consumed.
    public func strokePath() { paintCurrentPath(fill: nil, stroke: true) }

    /// Fills and/or strokes the current path once, filling first.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: paintCurrentPath(fill: .winding, stroke: false)
        case .eoFill: paintCurrentPath(fill: .evenOdd, stroke: false)
        case .stroke: paintCurrentPath(fill: nil, stroke: true)
        case .fillStroke: paintCurrentPath(fill: .winding, stroke: true)
        case .eoFillStroke: paintCurrentPath(fill: .evenOdd, stroke: true)
        }
    }

    /// Fills `rect` with the fill colour, replacing the current path (which is consumed).
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// One path of all the rectangles, filled with the winding rule (overlaps are painted once).
    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    /// Strokes the outline of `rect` with the current line settings, replacing the current path (which is
    /// consumed).
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes `rect` with `width`, leaving the line width setting unchanged.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(rect)
        state.lineWidth = saved
    }

    /// Fills the ellipse inscribed in `rect`, replacing the current path (which is consumed).
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes the ellipse inscribed in `rect` with the current line settings, replacing the current path (which
    /// is consumed).
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes a line from points[0] to points[1], points[2] to points[3], …; an odd last point is ignored.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes the pixels under `rect` transparent (within the clip and mask clip, through the CTM), whatever
    /// the blend mode and without a shadow. Leaves the path alone.
    public func clear(_ rect: CGRect) {
        var p = Path()
        p.addRect(rect)
        guard let device = devicePath(for: p) else { return }
        let antialias = state.antialias
        composite(PaintLayer(setSource: { cairo_set_source_rgba($0, 0, 0, 0, 0) }, cover: { cr in
            CGContext.replay(device, on: cr)
            CGContext.applyAntialias(antialias, on: cr)
            cairo_fill(cr)
        }), operator: CAIRO_OPERATOR_CLEAR)
    }

    // MARK: Clipping

    /// Intersects the clip with the current path's interior, then discards the path. An empty path clips
    /// everything out.
    public func clip(using rule: CGPathFillRule = .winding) {
        replay(devicePath)
        devicePath = Path()
        applyAntialias()
        cairo_set_fill_rule(cr, rule.cairo)
        cairo_clip(cr)
    }

    /// Intersects the clip with `rect`; the current path is kept.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects`; the current path is kept.
    public func clip(to rects: [CGRect]) {
        var p = Path()
        for r in rects { p.addRect(r) }
        guard let device = devicePath(for: p) else { return }
        replay(device)
        applyAntialias()
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    /// The clip's bounding box in user space (the whole bitmap when unclipped); `.null` when everything is
    /// clipped out or the CTM is singular.
    public var boundingBoxOfClipPath: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2) // device space: Cairo's matrix is identity here
        guard x2 > x1, y2 > y1, let inverse = state.ctm.usableInverse else { return .null }
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).applying(inverse)
    }

    // MARK: Cairo plumbing

    /// Fills and/or strokes the current path as one painting operation (one shadow for both), then
    /// discards it.
    func paintCurrentPath(fill rule: CGPathFillRule?, stroke: Bool) {
        defer { devicePath = Path() }
        guard !devicePath.isEmpty else { return }
        var layers: [PaintLayer] = []
        if let rule { layers.append(fillLayer(devicePath, rule: rule)) }
        if stroke, let layer = strokeLayer(devicePath) { layers.append(layer) }
        paint(layers)
    }

    /// Filling a device-space path with the fill colour.
    func fillLayer(_ path: Path, rule: CGPathFillRule, color fill: Color? = nil) -> PaintLayer {
        let color = sourceColor(fill ?? state.fill), antialias = state.antialias
        return PaintLayer(setSource: { CGContext.setSource(color, on: $0) }, cover: { cr in
            CGContext.replay(path, on: cr)
            CGContext.applyAntialias(antialias, on: cr)
            cairo_set_fill_rule(cr, rule.cairo)
            cairo_fill(cr)
        })
    }

    /// Stroking a device-space path with the stroke colour and the line settings, the pen in user space
    /// (Cairo's matrix set to the CTM for the stroke). nil under a singular CTM, where Quartz's pen is
    /// degenerate too.
    func strokeLayer(_ path: Path) -> PaintLayer? {
        let m = state.ctm
        guard m.isUsableByCairo else { return nil }
        // The pen's largest radius in device pixels per user unit.
        let stretch = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        var width = Double(state.lineWidth), phase = Double(state.dashPhase), dashes = state.dashLengths.map { Double($0) }
        var penMatrix: cairo_matrix_t?
        if width == 0 {
            // Quartz's zero width is the thinnest line: one device pixel. Dashes follow the CTM's mean scale.
            let s = Double(abs(m.determinant).squareRoot())
            width = 1
            phase *= s
            dashes = dashes.map { $0 * s }
        } else {
            // Cap the width at 2^23 device pixels (past any surface): Cairo's pen for a vast round join
            // would need millions of vertices.
            width = min(width, Self.maxDeviceLineWidth / Double(stretch))
            penMatrix = m.cairoMatrix
        }
        let total = dashes.reduce(0, +)
        if dashes.isEmpty || !total.isFinite || !phase.isFinite || total <= 0 { dashes = [] }
        let cap = state.lineCap.cairo, join = state.lineJoin.cairo, miter = Double(state.miterLimit)
        let color = sourceColor(state.stroke), antialias = state.antialias
        return PaintLayer(setSource: { CGContext.setSource(color, on: $0) }, cover: { cr in
            CGContext.replay(path, on: cr)
            CGContext.applyAntialias(antialias, on: cr)
            if var matrix = penMatrix { cairo_set_matrix(cr, &matrix) }
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, cap)
            cairo_set_line_join(cr, join)
            cairo_set_miter_limit(cr, miter)
            if dashes.isEmpty {
                cairo_set_dash(cr, nil, 0, 0)
            } else {
                dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), phase) }
            }
            cairo_stroke(cr)
            cairo_identity_matrix(cr)
        })
    }

    static let maxDeviceLineWidth = 8_388_608.0

    /// Device coordinates are clamped into Cairo's 24.8 fixed-point range, with room for stroking.
    static let coordinateLimit = 4_194_304.0

    /// Makes `path` (device space) the context's Cairo path; Cairo's matrix is identity at this point.
    func replay(_ path: Path) { Self.replay(path, on: cr) }

    /// Makes `path` (device space) the current path of `cr`, whose matrix is identity.
    static func replay(_ path: Path, on cr: OpaquePointer) {
        cairo_new_path(cr)
        let limit = Self.coordinateLimit
        func c(_ v: CGFloat) -> Double { min(max(Double(v), -limit), limit) }
        var current = CGPoint.zero, start = CGPoint.zero
        for e in path.elements {
            switch e {
            case .move(let p):
                cairo_move_to(cr, c(p.x), c(p.y))
                current = p; start = p
            case .line(let p):
                cairo_line_to(cr, c(p.x), c(p.y))
                current = p
            case let .quad(q, p):
                // Degree elevation: the cubic with control points 2/3 of the way to the quadratic's one.
                let c1 = CGPoint(x: current.x + 2 / 3 * (q.x - current.x), y: current.y + 2 / 3 * (q.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y))
                cairo_curve_to(cr, c(c1.x), c(c1.y), c(c2.x), c(c2.y), c(p.x), c(p.y))
                current = p
            case let .cubic(c1, c2, p):
                cairo_curve_to(cr, c(c1.x), c(c1.y), c(c2.x), c(c2.y), c(p.x), c(p.y))
                current = p
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// `color` times the global alpha, components clamped to 0…1 (non-numbers as 0): what painting uses.
    func sourceColor(_ color: Color) -> Color {
        func c(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        return Color(red: c(color.red), green: c(color.green), blue: c(color.blue), alpha: c(color.alpha) * state.alpha)
    }

    /// A straight-alpha colour as `cr`'s source (Cairo takes straight alpha).
    static func setSource(_ color: Color, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    }

    func applyAntialias() { Self.applyAntialias(state.antialias, on: cr) }

    static func applyAntialias(_ antialias: Bool, on cr: OpaquePointer) {
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }
}

extension CGPathFillRule {
    var cairo: cairo_fill_rule_t { self == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING }
}

extension CGLineCap {
    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension CGLineJoin {
    var cairo: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}
