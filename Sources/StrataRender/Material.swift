import CStrataGL
import StrataShaders

/// A way of drawing: a GLSL program (its sources under Shaders/glsl, sharing code through `#include`)
/// and its uniforms. Every material is listed in `Material.all` and compiled once, when the renderer
/// starts, or with deferred linking (the server) on first use or in an idle turn before it; draws name
/// the material they use. A new kind of content adds its material here.
public struct Material: Hashable, Sendable {
    let vertex: String
    let fragment: String
    let uniforms: [String]
    /// Sampler uniforms and the texture unit each reads, set once after linking.
    let samplerUnits: [String: GLint]

    // Layer quads (`QuadBatch` instances, layer.vert).
    static let texture = Material(vertex: "layer.vert", fragment: "texture.frag", uniforms: ["u_texture"], samplerUnits: ["u_texture": 0])
    static let rounded = Material(vertex: "layer.vert", fragment: "rounded.frag", uniforms: [], samplerUnits: [:])
    static let shadowBlur = Material(vertex: "layer.vert", fragment: "shadow_blur.frag",
                                     uniforms: ["u_texture", "u_step", "u_texel", "u_taps", "u_weights", "u_tint"], samplerUnits: ["u_texture": 0])
    static let clip = Material(vertex: "layer.vert", fragment: "clip.frag", uniforms: ["u_texture", "u_target"], samplerUnits: ["u_texture": 0])
    static let mask = Material(vertex: "layer.vert", fragment: "mask.frag", uniforms: ["u_texture", "u_mask", "u_target"],
                               samplerUnits: ["u_texture": 0, "u_mask": 1])
    // A transition's warped composite of its old and new appearance's groups (TransitionWarp).
    static let transitionWarp = Material(vertex: "layer.vert", fragment: "transition_warp.frag",
                                         uniforms: ["u_old", "u_new", "u_toLocal", "u_toWindow", "u_oldBox", "u_newBox", "u_effect",
                                                    "u_sources", "u_a", "u_b"],
                                         samplerUnits: ["u_old": 0, "u_new": 1])
    // Layer filters (Renderer+Filters): a blur pass or resample, the filtered composite, a blend mode's composite.
    static let filterBlur = Material(vertex: "layer.vert", fragment: "filter_blur.frag",
                                     uniforms: ["u_texture", "u_dstToSrc", "u_step", "u_taps", "u_weights", "u_bounds", "u_recolor", "u_matrix", "u_bias"], samplerUnits: ["u_texture": 0])
    static let filterColor = Material(vertex: "layer.vert", fragment: "filter_color.frag",
                                      uniforms: ["u_texture", "u_target", "u_matrix", "u_bias"], samplerUnits: ["u_texture": 0])
    static let filterBlend = Material(vertex: "layer.vert", fragment: "filter_blend.frag",
                                      uniforms: ["u_texture", "u_backdrop", "u_target", "u_mode"], samplerUnits: ["u_texture": 0, "u_backdrop": 1])
    // shadowPath fills by stencil-then-cover (PathFill).
    static let pathFill = Material(vertex: "path.vert", fragment: "path.frag", uniforms: ["u_mvp", "u_color"], samplerUnits: [:])
    // Exact-coverage fills (CoverageFill): the edges' sums, then the coverage they give.
    static let coverageEdges = Material(vertex: "coverage_edges.vert", fragment: "coverage_edges.frag",
                                        uniforms: ["u_viewport", "u_region"], samplerUnits: [:])
    static let coverageCover = Material(vertex: "coverage_cover.vert", fragment: "coverage_cover.frag",
                                        uniforms: ["u_viewport", "u_region", "u_accumulation", "u_color", "u_evenOdd"],
                                        samplerUnits: ["u_accumulation": 0])

    // Gradients computed per pixel (GradientDraw), a layer quad with the stops in a texture.
    static let gradient = Material(vertex: "layer.vert", fragment: "gradient.frag", uniforms: ["u_stops", "u_count", "u_type", "u_slotLocations"],
                                   samplerUnits: ["u_stops": 0])

    // Text (TextDraw): outline glyphs' coverage from the R8 glyph atlas times the run's colour. Colour
    // glyphs are premultiplied images and draw with `texture`.
    static let glyph = Material(vertex: "layer.vert", fragment: "glyph.frag", uniforms: ["u_texture"], samplerUnits: ["u_texture": 0])

    // Emitter particles (EmitterDraw): instanced quads, each particle evaluated in the vertex stage
    // (particle.glsl) from the uniforms `ParticleUniforms` sets.
    static let particle = Material(vertex: "particle.vert", fragment: "particle.frag",
                                   uniforms: ParticleUniforms.names + ["u_mvp", "u_quad", "u_contentsRect", "u_order", "u_texture", "u_tint"],
                                   samplerUnits: ["u_texture": 0])

    /// Every material, compiled at start-up in this order.
    public static let all: [Material] = [texture, rounded, shadowBlur, clip, mask, pathFill, coverageEdges, coverageCover, gradient, glyph,
                                         particle, transitionWarp, filterBlur, filterColor, filterBlend]
    /// What a frame of plain layers (colours, borders, images) draws with: linked at start-up even when
    /// the renderer defers the rest.
    public static let atStart: [Material] = [texture, rounded]
}

extension ShaderProgram {
    /// Links a material's program (MaterialPrograms does it for every material).
    /// Layer quads read the motion pass's state (`u_motion`) and, for quads that move with a slot, the
    /// pass's projection (`u_projection`, set when such quads are drawn).
    convenience init(material m: Material, cache: ProgramBinaryCache?) throws {
        let layerQuads = m.vertex == "layer.vert"
        try self.init(vertex: m.vertex, fragment: m.fragment, uniformNames: m.uniforms + (layerQuads ? ["u_projection", "u_motion"] : []),
                      cache: cache)
        var units = m.samplerUnits
        if layerQuads { units["u_motion"] = MotionPass.unit }
        if !units.isEmpty {
            glUseProgram(program)
            for (name, unit) in units { glUniform1i(uniform(name), unit) }
            glUseProgram(0)
        }
    }
}

/// The linked program of every material: all of them when made, or those a frame of plain layers draws
/// with (`Material.atStart`) and the rest when first asked for.
final class MaterialPrograms {
    private var programs: [Material: ShaderProgram] = [:]
    private let cache: ProgramBinaryCache?

    init(cache: ProgramBinaryCache?, linking materials: [Material] = Material.all) throws {
        self.cache = cache
        for m in materials { programs[m] = try ShaderProgram(material: m, cache: cache) }
    }

    /// `m`'s program, and whether it was linked just now (which changes what the context has bound).
    func program(_ m: Material) throws -> (program: ShaderProgram, linkedNow: Bool) {
        if let p = programs[m] { return (p, false) }
        let p = try ShaderProgram(material: m, cache: cache)
        programs[m] = p
        return (p, true)
    }

    /// `m`'s program if it is linked.
    func linked(_ m: Material) -> ShaderProgram? { programs[m] }

    /// The materials not linked yet, in `Material.all`'s order.
    var unlinked: [Material] { Material.all.filter { programs[$0] == nil } }
}
