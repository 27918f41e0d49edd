import CStrataGL
import Foundation
import StrataCore

/// Executes draw lists with OpenGL ES 3: premultiplied alpha (ONE, ONE_MINUS_SRC_ALPHA), painter's
/// order, offscreen passes for group opacity. Create it and call it only on the thread where the
/// display's context is current; shaders are compiled once here.
public final class Renderer {
    private let textured: ShaderProgram
    private let blur: ShaderProgram
    private let rounded: ShaderProgram
    private let clip: ShaderProgram
    private let masked: ShaderProgram
    private let pathFill: PathFill
    // Uniforms set on every layer draw, looked up once (a dictionary lookup per draw is measurable).
    private let roundedSize: GLint, roundedRadii: GLint, roundedBorder: GLint, roundedColor: GLint
    private let textureSize: GLint
    private let textures = TextureCache()
    private let offscreen = OffscreenTargets()
    private let samplers: ContentsSamplers
    private var currentSampler: GLuint = 0
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    private let textureAlpha: GLint
    // State already set on the context this frame, so unchanged binds are skipped.
    private var currentProgram: GLuint = 0
    private var currentTexture: GLuint = 0

    public init() throws {
        samplers = ContentsSamplers()
        let common = ["u_mvp", "u_rect", "u_uvRect"]
        textured = try ShaderProgram(vertex: "layer.vert", fragment: "texture.frag", uniformNames: common + ["u_texture", "u_alpha", "u_size"])
        blur = try ShaderProgram(vertex: "layer.vert", fragment: "shadow_blur.frag",
                                 uniformNames: common + ["u_texture", "u_step", "u_taps", "u_weights", "u_tint"])
        glUseProgram(blur.program)
        glUniform1i(blur.uniform("u_texture"), 0)
        rounded = try ShaderProgram(vertex: "layer.vert", fragment: "rounded.frag",
                                    uniformNames: common + ["u_size", "u_radii", "u_border", "u_color"])
        clip = try ShaderProgram(vertex: "layer.vert", fragment: "clip.frag",
                                 uniformNames: common + ["u_texture", "u_target", "u_size", "u_radii", "u_alpha"])
        glUseProgram(clip.program)
        glUniform1i(clip.uniform("u_texture"), 0)
        masked = try ShaderProgram(vertex: "layer.vert", fragment: "mask.frag", uniformNames: common + ["u_texture", "u_mask", "u_target", "u_alpha"])
        glUseProgram(masked.program)
        glUniform1i(masked.uniform("u_texture"), 0)
        glUniform1i(masked.uniform("u_mask"), 1)
        pathFill = try PathFill()
        textureAlpha = textured.uniform("u_alpha")
        textureSize = textured.uniform("u_size")
        roundedSize = rounded.uniform("u_size")
        roundedRadii = rounded.uniform("u_radii")
        roundedBorder = rounded.uniform("u_border")
        roundedColor = rounded.uniform("u_color")
        glUseProgram(textured.program)
        glUniform1i(textured.uniform("u_texture"), 0)
        let unit: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        glGenBuffers(1, &vbo)
        glBindBuffer(e(GL_ARRAY_BUFFER), vbo)
        unit.withUnsafeBytes { glBufferData(e(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, e(GL_STATIC_DRAW)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, e(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        try checkGL("renderer set-up")
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Textures uploaded since start (each image once).
    public var textureUploads: Int { textures.uploadCount }
    public var residentTextures: Int { textures.count }

    /// Pixel bytes uploaded since start (whole images and updated rectangles).
    public var textureUploadBytes: Int { textures.uploadedBytes }

    /// Re-uploads a changed rectangle of an image (its pixels already updated in place).
    public func updateTexture(_ image: TextureImage, x: Int, y: Int, width: Int, height: Int) {
        textures.update(image, x: x, y: y, width: width, height: height)
        currentTexture = 0 // the update rebinds GL_TEXTURE_2D
    }

    /// Frees the texture of an image that no layer can show any more.
    public func releaseTexture(imageID: UInt64) { textures.release(imageID: imageID) }

    /// Draws `list` into `framebuffer` (width × height pixels), clearing it first.
    public func render(_ list: DrawList, framebuffer: GLuint, width: Int, height: Int) throws {
        // Target pixels (+y down) → clip space.
        let projection = Transform3D(m11: 2 / CGFloat(width), m12: 0, m13: 0, m14: 0,
                                     m21: 0, m22: -2 / CGFloat(height), m23: 0, m24: 0,
                                     m31: 0, m32: 0, m33: 0, m34: 0,
                                     m41: -1, m42: 1, m43: 0, m44: 1)
        var targets: [GLuint] = [framebuffer]
        glBindFramebuffer(e(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(e(GL_DEPTH_TEST))
        glDisable(e(GL_CULL_FACE))
        glEnable(e(GL_BLEND))
        glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA))
        let c = list.clearColor
        glClearColor(GLfloat(c.red * c.alpha), GLfloat(c.green * c.alpha), GLfloat(c.blue * c.alpha), GLfloat(c.alpha))
        glClear(e(GL_COLOR_BUFFER_BIT))
        glBindVertexArray(vao)
        glActiveTexture(e(GL_TEXTURE0))
        currentProgram = 0
        currentTexture = 0
        glBindSampler(0, 0)
        currentSampler = 0

        for command in list.commands {
            switch command {
            case let .fill(matrix, rect, color, alpha):
                // A plain rectangle is the shape with no rounded corners and no border.
                drawShape(matrix * projection, rect, radius: 0, corners: 0, border: 0, color: color, alpha: alpha,
                          expand: Self.pixelInLayerUnits(matrix))
            case let .shape(matrix, rect, radius, corners, border, color, alpha):
                drawShape(matrix * projection, rect, radius: Self.clampRadius(radius, rect), corners: corners, border: border,
                          color: color, alpha: alpha, expand: Self.pixelInLayerUnits(matrix))
            case let .image(matrix, rect, image, uv, alpha, minFilter, magFilter):
                guard alpha > 0, rect.width != 0, rect.height != 0 else { continue }
                let texture = textures.texture(for: image)
                if minFilter == .trilinear { textures.ensureMipmaps(image); currentTexture = 0 }
                bindSampler(samplers.sampler(min: minFilter, mag: magFilter))
                drawTexture(texture, matrix * projection, rect, uv: uv, alpha: alpha, edges: Self.pixelInLayerUnits(matrix))
                bindSampler(0)
            case let .path(matrix, path, color, alpha):
                try pathFill.fill(path, matrix: matrix, projection: projection, width: width, height: height, color: color, alpha: alpha)
            case .beginGroup:
                let t = try offscreen.target(depth: targets.count - 1, width: width, height: height)
                targets.append(t.framebuffer)
                glBindFramebuffer(e(GL_FRAMEBUFFER), t.framebuffer)
                currentTexture = 0 // the group's texture may be rebound as a render target
                glClearColor(0, 0, 0, 0)
                glClear(e(GL_COLOR_BUFFER_BIT))
            case let .endGroup(alpha, blend):
                let (source, _) = try popGroup(&targets, width: width, height: height)
                // The group texture holds target pixels with GL's bottom-up rows: sample v = 1 − y/height.
                if blend == .add { glBlendFunc(e(GL_ONE), e(GL_ONE)) }
                drawTexture(source.texture, projection, CGRect(x: 0, y: 0, width: width, height: height),
                            uv: CGRect(x: 0, y: 1, width: 1, height: -1), alpha: alpha)
                if blend == .add { glBlendFunc(e(GL_ONE), e(GL_ONE_MINUS_SRC_ALPHA)) }
            case let .endClipGroup(matrix, rect, radius, corners, alpha):
                let (source, _) = try popGroup(&targets, width: width, height: height)
                guard alpha > 0, rect.width > 0, rect.height > 0 else { continue }
                use(clip)
                setQuad(clip, matrix * projection, rect, uv: CGRect(x: 0, y: 0, width: 1, height: 1),
                        expand: Self.pixelInLayerUnits(matrix))
                glUniform2f(clip.uniform("u_target"), GLfloat(width), GLfloat(height))
                glUniform2f(clip.uniform("u_size"), GLfloat(rect.width), GLfloat(rect.height))
                setRadii(clip.uniform("u_radii"), radius: Self.clampRadius(radius, rect), corners: corners)
                glUniform1f(clip.uniform("u_alpha"), GLfloat(alpha))
                glBindTexture(e(GL_TEXTURE_2D), source.texture)
                currentTexture = source.texture
                glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
            case .endMaskedGroups(let alpha):
                guard targets.count > 2 else { throw GLError("draw list ends mask groups that were not begun") }
                let depth = targets.count - 3
                targets.removeLast(2)
                let content = try offscreen.target(depth: depth, width: width, height: height)
                let mask = try offscreen.target(depth: depth + 1, width: width, height: height)
                glBindFramebuffer(e(GL_FRAMEBUFFER), targets[targets.count - 1])
                use(masked)
                setQuad(masked, projection, CGRect(x: 0, y: 0, width: width, height: height), uv: CGRect(x: 0, y: 0, width: 1, height: 1))
                glUniform2f(masked.uniform("u_target"), GLfloat(width), GLfloat(height))
                glUniform1f(masked.uniform("u_alpha"), GLfloat(alpha))
                glActiveTexture(e(GL_TEXTURE1))
                glBindTexture(e(GL_TEXTURE_2D), mask.texture)
                glActiveTexture(e(GL_TEXTURE0))
                glBindTexture(e(GL_TEXTURE_2D), content.texture)
                currentTexture = content.texture
                glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
            case let .endShadowGroup(color, alpha, sigma):
                let (source, depth) = try popGroup(&targets, width: width, height: height)
                // The target one level deeper is free now: it takes the horizontal pass.
                let scratch = try offscreen.target(depth: depth + 1, width: width, height: height)
                try drawShadow(from: source.texture, via: scratch, into: targets[targets.count - 1], projection: projection,
                               width: width, height: height, color: color, alpha: alpha, sigma: sigma)
            }
        }
        guard targets.count == 1 else { throw GLError("draw list left \(targets.count - 1) groups open") }
        try checkGL("render")
    }

    /// Ends the innermost group: the parent becomes the render target again. Returns the group's target
    /// and its pool depth (the targets deeper than it are free from now on).
    private func popGroup(_ targets: inout [GLuint], width: Int, height: Int) throws -> (OffscreenTargets.Target, Int) {
        guard targets.count > 1 else { throw GLError("draw list ends a group that was not begun") }
        let depth = targets.count - 2
        targets.removeLast()
        let source = try offscreen.target(depth: depth, width: width, height: height)
        glBindFramebuffer(e(GL_FRAMEBUFFER), targets[targets.count - 1])
        return (source, depth)
    }

    /// Blurs `texture`'s alpha horizontally into `scratch`, then vertically onto `target` tinted with the
    /// shadow colour. Both passes sample at texel centres (the group textures filter NEAREST).
    private func drawShadow(from texture: GLuint, via scratch: OffscreenTargets.Target, into target: GLuint, projection: Transform3D,
                            width: Int, height: Int, color: Color, alpha: CGFloat, sigma: CGFloat) throws {
        let kernel = ShadowKernel(sigma: Double(sigma))
        let full = CGRect(x: 0, y: 0, width: width, height: height)
        use(blur)
        var weights = kernel.weights.map { GLfloat($0) } + [GLfloat](repeating: 0, count: 65 - kernel.weights.count)
        glUniform1fv(blur.uniform("u_weights"), 65, &weights)
        glUniform1i(blur.uniform("u_taps"), GLint(kernel.weights.count - 1))
        // Horizontal: group texture → scratch (cleared: the pass writes every pixel, but blending adds).
        glBindFramebuffer(e(GL_FRAMEBUFFER), scratch.framebuffer)
        glClearColor(0, 0, 0, 0)
        glClear(e(GL_COLOR_BUFFER_BIT))
        setQuad(blur, projection, full, uv: CGRect(x: 0, y: 1, width: 1, height: -1))
        glUniform2f(blur.uniform("u_step"), GLfloat(kernel.stride / Double(width)), 0)
        glUniform4f(blur.uniform("u_tint"), 1, 1, 1, 1)
        glBindTexture(e(GL_TEXTURE_2D), texture)
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
        // Vertical: scratch → target, in the shadow colour (premultiplied).
        glBindFramebuffer(e(GL_FRAMEBUFFER), target)
        let a = GLfloat(color.alpha * alpha)
        glUniform2f(blur.uniform("u_step"), 0, GLfloat(kernel.stride / Double(height)))
        glUniform4f(blur.uniform("u_tint"), GLfloat(color.red) * a, GLfloat(color.green) * a, GLfloat(color.blue) * a, a)
        glBindTexture(e(GL_TEXTURE_2D), scratch.texture)
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
        currentTexture = 0
    }

    /// Per-corner radii for the shape shaders: `radius` where `corners` has the corner's CACornerMask bit.
    private func setRadii(_ location: GLint, radius: CGFloat, corners: UInt8) {
        func r(_ bit: UInt8) -> GLfloat { corners & bit != 0 ? GLfloat(radius) : 0 }
        glUniform4f(location, r(1), r(2), r(4), r(8))
    }

    /// Core Animation clamps the corner radius to half the shorter side.
    static func clampRadius(_ r: CGFloat, _ rect: CGRect) -> CGFloat {
        max(0, min(r, min(abs(rect.width), abs(rect.height)) / 2))
    }

    private func bindSampler(_ s: GLuint) {
        guard s != currentSampler else { return }
        glBindSampler(0, s)
        currentSampler = s
    }

    private func use(_ p: ShaderProgram) {
        guard currentProgram != p.program else { return }
        glUseProgram(p.program)
        currentProgram = p.program
    }

    /// A (rounded) rectangle or its border ring, anti-aliased over `expand` layer units outside it.
    private func drawShape(_ mvp: Transform3D, _ rect: CGRect, radius: CGFloat, corners: UInt8, border: CGFloat,
                           color: Color, alpha: CGFloat, expand: CGFloat) {
        let a = color.alpha * alpha
        guard a > 0, rect.width > 0, rect.height > 0 else { return }
        use(rounded)
        setQuad(rounded, mvp, rect, uv: CGRect(x: 0, y: 0, width: 1, height: 1), expand: expand)
        glUniform2f(roundedSize, GLfloat(rect.width), GLfloat(rect.height))
        setRadii(roundedRadii, radius: radius, corners: corners)
        glUniform1f(roundedBorder, GLfloat(max(0, border)))
        glUniform4f(roundedColor, GLfloat(color.red * a), GLfloat(color.green * a), GLfloat(color.blue * a), GLfloat(a))
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// `edges`: the quad grows by this many layer units and the rectangle's edges fade out over a pixel;
    /// nil for full-target composites (no fade).
    private func drawTexture(_ texture: GLuint, _ mvp: Transform3D, _ rect: CGRect, uv: CGRect, alpha: CGFloat, edges: CGFloat? = nil) {
        use(textured)
        setQuad(textured, mvp, rect, uv: uv, expand: edges ?? 0)
        glUniform2f(textureSize, edges == nil ? 0 : GLfloat(abs(rect.width)), edges == nil ? 0 : GLfloat(abs(rect.height)))
        if currentTexture != texture {
            glBindTexture(e(GL_TEXTURE_2D), texture)
            currentTexture = texture
        }
        glUniform1f(textureAlpha, GLfloat(alpha))
        glDrawArrays(e(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// About one target pixel in the layer's units, from the layer-to-target matrix's scale (its smaller
    /// axis, so the fade covers at least a pixel): how far quads grow for edge anti-aliasing.
    static func pixelInLayerUnits(_ m: Transform3D) -> CGFloat {
        let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot()
        let s = min(sx, sy)
        return s > 1e-6 && s.isFinite ? min(1 / s, 1e4) : 0
    }

    private func setQuad(_ p: ShaderProgram, _ mvp: Transform3D, _ rect: CGRect, uv: CGRect, expand: CGFloat = 0) {
        // A stack tuple, not an array: no allocation per draw.
        var m: (GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat,
                GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat) = (
            GLfloat(mvp.m11), GLfloat(mvp.m12), GLfloat(mvp.m13), GLfloat(mvp.m14),
            GLfloat(mvp.m21), GLfloat(mvp.m22), GLfloat(mvp.m23), GLfloat(mvp.m24),
            GLfloat(mvp.m31), GLfloat(mvp.m32), GLfloat(mvp.m33), GLfloat(mvp.m34),
            GLfloat(mvp.m41), GLfloat(mvp.m42), GLfloat(mvp.m43), GLfloat(mvp.m44))
        withUnsafePointer(to: &m) { ptr in
            ptr.withMemoryRebound(to: GLfloat.self, capacity: 16) { glUniformMatrix4fv(p.mvp, 1, GLboolean(GL_FALSE), $0) }
        }
        glUniform4f(p.rect, GLfloat(rect.origin.x), GLfloat(rect.origin.y), GLfloat(rect.size.width), GLfloat(rect.size.height))
        glUniform4f(p.uvRect, GLfloat(uv.origin.x), GLfloat(uv.origin.y), GLfloat(uv.size.width), GLfloat(uv.size.height))
        glUniform1f(p.expand, GLfloat(expand))
    }
}
