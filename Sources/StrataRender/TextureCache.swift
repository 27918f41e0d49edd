import CStrataGL

/// GL textures for layer contents (`TextureSource`s), uploaded once per source and kept until it is released.
/// An image larger than `limit` on either side is split into a grid of textures (`TextureGrid`).
final class TextureCache {
    private var textures: [UInt64: GLuint] = [:]
    private var grids: [UInt64: TextureGrid] = [:]
    /// The largest texture side images are uploaded as (the GL's limit, or less when configured).
    var limit = 16384
    /// Textures whose mipmaps are built (for trilinear minification), and whether they are current.
    private var mipmapsCurrent: [UInt64: Bool] = [:]
    /// Number of uploads performed (observable through server stats).
    private(set) var uploadCount = 0
    /// Pixel bytes sent to GL by full and partial uploads.
    private(set) var uploadedBytes = 0

    /// The upload counters now, to be put back by `restore(counters:)`.
    var counters: (uploads: Int, bytes: Int) { (uploadCount, uploadedBytes) }

    /// Puts the counters back: uploads that are no client's (the warm-up's) do not show in the stats.
    func restore(counters: (uploads: Int, bytes: Int)) {
        (uploadCount, uploadedBytes) = counters
    }

    /// Whether `image` is drawn from several textures (`grid(for:)`), not one: it is larger than the limit
    /// and has no single texture (a drawable's, filled by `fill` or `allocated` whatever its size, keeps
    /// its one texture: its own pixels are blank).
    func isSplit(_ image: any TextureSource) -> Bool {
        (image.width > limit || image.height > limit) && textures[image.id] == nil
    }

    /// The textures of an image larger than the limit, made and filled on first use.
    func grid(for image: TextureImage) -> TextureGrid? {
        if let g = grids[image.id] { return g }
        guard let tiling = TextureTiling(width: image.width, height: image.height, limit: limit) else { return nil }
        let g = TextureGrid(image, tiling: tiling)
        grids[image.id] = g
        uploadCount += 1
        uploadedBytes += g.uploadedBytes
        return g
    }

    func texture(for image: any TextureSource) -> GLuint {
        if let t = textures[image.id] { return t }
        var t: GLuint = 0
        glGenTextures(1, &t)
        glBindTexture(e(GL_TEXTURE_2D), t)
        uploadedBytes += image.uploadWhole()
        Self.setSampling()
        textures[image.id] = t
        uploadCount += 1
        return t
    }

    /// Re-uploads a rectangle of a source whose pixels changed (nothing when it has no texture yet: the
    /// first use uploads it whole).
    func update(_ image: any TextureSource, x: Int, y: Int, width: Int, height: Int) {
        if let g = grids[image.id], let image = image as? TextureImage {
            uploadedBytes += g.update(from: image.pixels + (y * image.width + x) * 4, rowLength: image.width, x: x, y: y,
                                      width: width, height: height)
            return
        }
        guard let t = textures[image.id] else { return }
        glBindTexture(e(GL_TEXTURE_2D), t)
        uploadedBytes += image.uploadRect(x: x, y: y, width: width, height: height)
        if mipmapsCurrent[image.id] != nil { mipmapsCurrent[image.id] = false }
    }

    /// Uploads `width` × `height` tightly packed pixels from `source` into a rectangle of `image`'s
    /// texture, when it has one (false: it has none yet, and its first use will upload its own pixels).
    func update(_ image: TextureImage, from source: UnsafeRawPointer, x: Int, y: Int, width: Int, height: Int) -> Bool {
        if let g = grids[image.id] {
            uploadedBytes += g.update(from: source, rowLength: width, x: x, y: y, width: width, height: height)
            return true
        }
        guard let t = textures[image.id] else { return false }
        glBindTexture(e(GL_TEXTURE_2D), t)
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
        glTexSubImage2D(e(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(width), GLsizei(height), e(GL_RGBA), e(GL_UNSIGNED_BYTE), source)
        uploadedBytes += width * height * 4
        if mipmapsCurrent[image.id] != nil { mipmapsCurrent[image.id] = false }
        return true
    }

    /// Replaces every pixel of `image`'s texture with `source` (tightly packed, the image's size), making the
    /// texture from it when there is none yet: a presented drawable, one upload either way.
    func fill(_ image: TextureImage, from source: UnsafeRawPointer) {
        if let t = textures[image.id] {
            glBindTexture(e(GL_TEXTURE_2D), t)
            glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
            glTexSubImage2D(e(GL_TEXTURE_2D), 0, 0, 0, GLsizei(image.width), GLsizei(image.height), e(GL_RGBA), e(GL_UNSIGNED_BYTE), source)
            if mipmapsCurrent[image.id] != nil { mipmapsCurrent[image.id] = false }
        } else {
            var t: GLuint = 0
            glGenTextures(1, &t)
            glBindTexture(e(GL_TEXTURE_2D), t)
            glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
            glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0, e(GL_RGBA), e(GL_UNSIGNED_BYTE), source)
            if image.redBlueSwapped {
                glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
                glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_SWIZZLE_B), GL_RED)
            }
            Self.setSampling()
            textures[image.id] = t
            uploadCount += 1
        }
        uploadedBytes += image.width * image.height * 4
    }

    /// `image`'s texture, its storage allocated but not filled when it has none yet (a drawable converted
    /// from YUV into it).
    func allocated(_ image: TextureImage) -> GLuint {
        if let t = textures[image.id] { return t }
        var t: GLuint = 0
        glGenTextures(1, &t)
        glBindTexture(e(GL_TEXTURE_2D), t)
        glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0, e(GL_RGBA), e(GL_UNSIGNED_BYTE), nil)
        Self.setSampling()
        textures[image.id] = t
        uploadCount += 1
        return t
    }

    /// Counts bytes sent to GL for an image by other means (a video frame's planes).
    func recordUpload(bytes: Int) { uploadedBytes += bytes }

    /// Marks an image's mipmaps stale after its texture was drawn into.
    func changed(_ image: TextureImage) {
        if mipmapsCurrent[image.id] != nil { mipmapsCurrent[image.id] = false }
    }

    /// Linear filtering, edges clamped: how every layer texture starts (the draw sets the layer's filters).
    static func setSampling() {
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// Builds (or rebuilds, after an update) the mipmaps of an uploaded texture, for trilinear sampling.
    /// Returns whether it did (and so rebound GL_TEXTURE_2D).
    @discardableResult
    func ensureMipmaps(_ image: any TextureSource) -> Bool {
        if let g = grids[image.id] { return g.ensureMipmaps() }
        guard mipmapsCurrent[image.id] != true, let t = textures[image.id] else { return false }
        glBindTexture(e(GL_TEXTURE_2D), t)
        glGenerateMipmap(e(GL_TEXTURE_2D))
        mipmapsCurrent[image.id] = true
        return true
    }

    func release(imageID: UInt64) {
        mipmapsCurrent[imageID] = nil
        grids.removeValue(forKey: imageID)?.delete()
        guard var t = textures.removeValue(forKey: imageID) else { return }
        glDeleteTextures(1, &t)
    }

    /// Textures held (each tile of a split image counts).
    var count: Int { textures.count + grids.values.reduce(0) { $0 + $1.tiling.tileCount } }

    deinit {
        for var t in textures.values { glDeleteTextures(1, &t) }
        for g in grids.values { g.delete() }
    }
}
