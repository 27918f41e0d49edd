import CStrataGL

/// Transparent render targets of one size for offscreen groups, pooled by nesting depth.
final class OffscreenTargets {
    private var pool: [ColorStencilTarget] = []
    private var width = 0, height = 0

    func target(depth: Int, width: Int, height: Int) throws -> ColorStencilTarget {
        if width != self.width || height != self.height { releaseAll(); self.width = width; self.height = height }
        while pool.count <= depth {
            pool.append(try ColorStencilTarget(width: width, height: height, filter: GL_NEAREST, what: "offscreen group"))
        }
        return pool[depth]
    }

    func releaseAll() { pool.removeAll() }
}
