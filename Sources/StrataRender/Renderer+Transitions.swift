import CStrataGL
import Foundation
import StrataCore

/// Apple's private transition effects (`DrawCommand.endTransitionGroups`): the old and new appearance,
/// each drawn whole into a group, composited through the warp by transition_warp.frag.
extension Renderer {
    /// Ends a transition's pair of groups (old, then new) and composites them through `warp` onto the
    /// target beneath, within what the composite can change (its box, when the pass is narrowed).
    func compositeTransition(at i: Int, warp: TransitionWarp, matrix: Transform3D, alpha: CGFloat, in p: inout Pass) throws {
        guard p.targets.count > 2, p.scissors.count > 2 else { throw GLError("draw list ends transition groups that were not begun") }
        let program = try transitionWarp
        flush()
        // The regions each group was drawn over (the top two scissors: clips inside them are closed).
        let newDrawn = p.scissors[p.scissors.count - 1], oldDrawn = p.scissors[p.scissors.count - 2]
        let depth = p.targets.count - 3
        p.targets.removeLast(2)
        p.scissors.removeLast(2)
        let old = try offscreen.target(depth: depth, width: physicalWidth, height: physicalHeight)
        let new = try offscreen.target(depth: depth + 1, width: physicalWidth, height: physicalHeight)
        let box: PixelRect? = p.narrow ? p.a.boxes[i] : nil
        glBindFramebuffer(e(GL_FRAMEBUFFER), p.targets[p.targets.count - 1])
        setScissor(box.map { p.scissor.intersection($0) } ?? p.scissor)
        defer { endComposite(p.narrow, p.scissors) }
        // A plane seen edge-on shows nothing.
        guard alpha > 0, let maps = TransitionComposite.windowMaps(matrix: matrix, projection: projection,
                                                                  width: physicalWidth, height: physicalHeight) else { return }
        use(program.program)
        setPlaneMap(program.uniform("u_toLocal"), maps.toLocal)
        setPlaneMap(program.uniform("u_toWindow"), maps.toWindow)
        for (name, drawn) in [("u_oldBox", oldDrawn), ("u_newBox", newDrawn)] {
            let w = windowRect(drawn)
            glUniform4f(program.uniform(name), GLfloat(w.x), GLfloat(w.y), GLfloat(w.maxX), GLfloat(w.maxY))
        }
        glUniform1i(program.uniform("u_effect"), warp.effect.rawValue)
        func unit(_ s: TransitionWarp.Source?) -> GLint { s.map { $0 == .old ? 0 : 1 } ?? -1 }
        glUniform2i(program.uniform("u_sources"), unit(warp.primary), unit(warp.secondary))
        glUniform4f(program.uniform("u_a"), GLfloat(warp.a.x), GLfloat(warp.a.y), GLfloat(warp.a.z), GLfloat(warp.a.w))
        glUniform4f(program.uniform("u_b"), GLfloat(warp.b.x), GLfloat(warp.b.y), GLfloat(warp.b.z), GLfloat(warp.b.w))
        glActiveTexture(e(GL_TEXTURE1))
        glBindTexture(e(GL_TEXTURE_2D), new.texture)
        glActiveTexture(e(GL_TEXTURE0))
        let f = Float(alpha)
        queue(BatchState(program: program.program, texture: old.texture), compositeProjection, compositeRect,
              uv: CGRect(x: 0, y: 0, width: 1, height: 1), color: (f, f, f, f), clipSpace: true, motion: p.list.motionRef(i))
        flush() // unit 1 and the uniforms hold this composite only
        counters.offscreenPixels += (box ?? p.scissor).area
    }

    /// Uploads a plane map as a mat3 whose columns are its rows: GLSL's `m * v` is then the row-vector v · m.
    private func setPlaneMap(_ location: GLint, _ map: PlaneMapping) {
        var values = map.m.map { GLfloat($0) }
        glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), &values)
    }
}
