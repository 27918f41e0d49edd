import CStrataGL
import Foundation
import StrataCore

/// A CAGradientLayer's drawing (`DrawCommand.content`): its gradient over its bounds, rounded by its
/// corners, computed per pixel by gradient.frag from its stops (uploaded to a small float texture) and its
/// start and end points (the quad's texture rectangle, in unit coordinates of the bounds). One layer quad:
/// under a motion slot `layer.vert` places it and multiplies in the slots' alphas, as it does the layer's
/// background, and takes from the slot the bounds, corner radius and points it animates (`MotionRef`).
public struct GradientDraw: ContentDraw {
    /// Layer coordinates → target pixels.
    public var matrix: Transform3D
    public var rect: CGRect
    public var radius: CGFloat
    public var corners: UInt8
    public var edges: UInt8
    /// Straight colours and their locations (0…1), sorted by location (in the layer's order where a motion
    /// slot animates the locations, which gradient.frag then orders); at least one.
    public var colors: [Color]
    public var locations: [CGFloat]
    /// In unit coordinates of `rect`.
    public var start: CGPoint, end: CGPoint
    public var type: GradientType
    public var alpha: CGFloat

    public init(matrix: Transform3D, rect: CGRect, radius: CGFloat, corners: UInt8, edges: UInt8, colors: [Color], locations: [CGFloat],
                start: CGPoint, end: CGPoint, type: GradientType, alpha: CGFloat) {
        self.matrix = matrix; self.rect = rect; self.radius = radius; self.corners = corners; self.edges = edges
        self.colors = colors; self.locations = locations; self.start = start; self.end = end; self.type = type; self.alpha = alpha
    }

    public func box(within target: PixelRect) -> PixelRect {
        PixelRect.covering(rect, matrix, margin: DrawListAnalysis.margin, within: target)
    }

    public func combine(into h: inout Hasher) {
        h.combine(matrix); h.combine(rect.origin.x); h.combine(rect.origin.y); h.combine(rect.width); h.combine(rect.height)
        h.combine(radius); h.combine(corners); h.combine(edges); h.combine(colors); h.combine(locations)
        h.combine(start.x); h.combine(start.y); h.combine(end.x); h.combine(end.y); h.combine(type); h.combine(alpha)
    }

    public var movesWithSlots: Bool { true }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws {
        try draw(in: renderer, framebuffer: framebuffer, scissor: scissor, motion: .none)
    }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect, motion: MotionRef) throws {
        guard alpha > 0, !colors.isEmpty, colors.count == locations.count,
              motion.fields.contains(.bounds) || (rect.width != 0 && rect.height != 0) else { return }
        renderer.flush()
        let texture = renderer.gradientStops.upload(colors: colors, locations: locations)
        let program = try renderer.program(.gradient)
        renderer.use(program.program)
        if motion.slot >= 0 {
            // A moving quad's matrix ends in its slot's space: layer.vert applies the projection itself.
            renderer.setProjection(program)
        }
        glUniform1i(program.uniform("u_count"), GLint(colors.count))
        glUniform1i(program.uniform("u_type"), GLint(type.rawValue))
        // Locations the slot animates are ordered per pixel; the colours are then in the layer's order.
        glUniform1i(program.uniform("u_slotLocations"), motion.fields.contains(.gradientLocations) ? 1 : 0)
        renderer.invalidateBindings() // the upload bound the stops texture
        let a = Float(alpha)
        // The points travel as the texture rectangle (gradient.frag reads them flat, as layer.vert passes them).
        renderer.queue(Renderer.BatchState(program: program.program, texture: texture), matrix, rect,
                       uv: CGRect(x: start.x, y: start.y, width: end.x, height: end.y), color: (a, a, a, a),
                       radii: motion.fields.contains(.cornerRadius) ? Renderer.radii(1, corners)
                           : Renderer.radii(Renderer.clampRadius(radius, rect), corners),
                       params: (Float(Renderer.pixelInLayerUnits(matrix)), 0, 0, Float(edges)), motion: motion)
        renderer.flush()
    }
}

/// The texture gradient.frag reads stops from: row 0 the colours, row 1 the locations, one texel per stop,
/// 32-bit float (read with texelFetch, so never filtered). One texture, refilled for each gradient drawn.
final class GradientStops {
    private var texture: GLuint = 0
    private var texels: [GLfloat] = []

    /// Fills the texture with these stops and leaves it bound to GL_TEXTURE_2D; returns it.
    func upload(colors: [Color], locations: [CGFloat]) -> GLuint {
        if texture == 0 {
            glGenTextures(1, &texture)
            glBindTexture(e(GL_TEXTURE_2D), texture)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        }
        let n = colors.count
        texels.removeAll(keepingCapacity: true)
        for c in colors { texels += [GLfloat(c.red), GLfloat(c.green), GLfloat(c.blue), GLfloat(c.alpha)] }
        for l in locations { texels += [GLfloat(l), 0, 0, 0] }
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
        texels.withUnsafeBytes { glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(n), 2, 0, e(GL_RGBA), e(GL_FLOAT), $0.baseAddress) }
        return texture
    }

    deinit { if texture != 0 { glDeleteTextures(1, &texture) } }
}
