import CStrataGL

/// The targets a layer filter's blur draws into (`BlurPlan`): level n is the framebuffer's size halved n
/// times, rounded up (level 0 its own size: a blur that halves nothing passes through one there), two targets
/// a level (the Gaussian's two passes). Made on first use, kept while the framebuffer's size stays, released
/// with the caches.
final class BlurLevels {
    private var levels: [[ColorStencilTarget]] = []
    private var width = 0, height = 0

    /// The size of level `n` of a `width` × `height` framebuffer.
    static func size(_ width: Int, _ height: Int, level n: Int) -> (width: Int, height: Int) {
        (max(1, (width + (1 << n) - 1) >> n), max(1, (height + (1 << n) - 1) >> n))
    }

    func target(level n: Int, index: Int, width: Int, height: Int) throws -> ColorStencilTarget {
        if width != self.width || height != self.height { releaseAll(); self.width = width; self.height = height }
        while levels.count <= n { levels.append([]) }
        let size = Self.size(width, height, level: n)
        while levels[n].count <= index {
            levels[n].append(try ColorStencilTarget(width: size.width, height: size.height, filter: GL_LINEAR, what: "blur level \(n)"))
        }
        return levels[n][index]
    }

    func releaseAll() { levels.removeAll() }
}
