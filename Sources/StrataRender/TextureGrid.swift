import CStrataGL

/// The textures of an image split by `TextureTiling` (larger than the renderer's texture limit), one per
/// tile, row-major. Every upload writes each tile's whole span, overlap included, so neighbours agree.
final class TextureGrid {
    let tiling: TextureTiling
    private(set) var textures: [GLuint]
    var mipmapsCurrent: Bool?

    /// Makes and fills every tile from `image`'s pixels; `uploadedBytes` is what that sent.
    init(_ image: TextureImage, tiling: TextureTiling) {
        self.tiling = tiling
        textures = [GLuint](repeating: 0, count: tiling.tileCount)
        glGenTextures(GLsizei(textures.count), &textures)
        for r in tiling.rows.indices {
            for c in tiling.columns.indices {
                let (col, row) = (tiling.columns[c], tiling.rows[r])
                glBindTexture(e(GL_TEXTURE_2D), textures[tiling.index(column: c, row: r)])
                Self.send(image, x: col.textureStart, y: row.textureStart, width: col.textureLength, height: row.textureLength)
                if image.redBlueSwapped {
                    glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
                    glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_SWIZZLE_B), GL_RED)
                }
                TextureCache.setSampling()
            }
        }
    }

    var uploadedBytes: Int { tiling.width * tiling.height * 4 + overlapBytes }
    /// Pixels sent twice or more because tiles overlap.
    private var overlapBytes: Int {
        let w = tiling.columns.reduce(0) { $0 + $1.textureLength }, h = tiling.rows.reduce(0) { $0 + $1.textureLength }
        return (w * h - tiling.width * tiling.height) * 4
    }

    /// Re-sends the rectangle `x, y, width, height` of the image (rows `rowLength` pixels apart from
    /// `source`, which holds the rectangle's top-left pixel) to every tile whose span it touches. Returns
    /// the bytes sent.
    func update(from source: UnsafeRawPointer, rowLength: Int, x: Int, y: Int, width: Int, height: Int) -> Int {
        var bytes = 0
        for (r, row) in tiling.rows.enumerated() {
            let y0 = max(y, row.textureStart), y1 = min(y + height, row.textureEnd)
            guard y0 < y1 else { continue }
            for (c, col) in tiling.columns.enumerated() {
                let x0 = max(x, col.textureStart), x1 = min(x + width, col.textureEnd)
                guard x0 < x1 else { continue }
                glBindTexture(e(GL_TEXTURE_2D), textures[tiling.index(column: c, row: r)])
                glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
                glPixelStorei(e(GL_UNPACK_ROW_LENGTH), GLint(rowLength))
                glTexSubImage2D(e(GL_TEXTURE_2D), 0, GLint(x0 - col.textureStart), GLint(y0 - row.textureStart), GLsizei(x1 - x0),
                                GLsizei(y1 - y0), e(GL_RGBA), e(GL_UNSIGNED_BYTE), source + ((y0 - y) * rowLength + (x0 - x)) * 4)
                glPixelStorei(e(GL_UNPACK_ROW_LENGTH), 0)
                bytes += (x1 - x0) * (y1 - y0) * 4
            }
        }
        if mipmapsCurrent != nil { mipmapsCurrent = false }
        return bytes
    }

    /// Fills the texture bound to GL_TEXTURE_2D with the image's rectangle (allocating it).
    private static func send(_ image: TextureImage, x: Int, y: Int, width: Int, height: Int) {
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(e(GL_UNPACK_ROW_LENGTH), GLint(image.width))
        glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, e(GL_RGBA), e(GL_UNSIGNED_BYTE),
                     image.pixels + (y * image.width + x) * 4)
        glPixelStorei(e(GL_UNPACK_ROW_LENGTH), 0)
    }

    /// Builds every tile's mipmaps when they are missing or stale; whether it did (GL_TEXTURE_2D rebound).
    func ensureMipmaps() -> Bool {
        guard mipmapsCurrent != true else { return false }
        for t in textures {
            glBindTexture(e(GL_TEXTURE_2D), t)
            glGenerateMipmap(e(GL_TEXTURE_2D))
        }
        mipmapsCurrent = true
        return true
    }

    func delete() {
        glDeleteTextures(GLsizei(textures.count), textures)
        textures = []
    }
}
