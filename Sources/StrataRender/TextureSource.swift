import CStrataGL

/// Something the renderer can show as a texture: a layer's contents. `TextureImage` is CPU pixels (a
/// client's shared memory); content that is not CPU pixels (a GL buffer, a video frame) conforms the
/// same way and fills its texture its own way.
public protocol TextureSource: AnyObject {
    /// Unique for the process lifetime: the texture cache's key.
    var id: UInt64 { get }
    var width: Int { get }
    var height: Int { get }
    /// Changes whenever the pixels change in place, so damage tracking sees a changed image.
    var version: UInt64 { get }
    /// Fills the texture bound to GL_TEXTURE_2D with every pixel (its storage is not yet allocated);
    /// returns the bytes it sent.
    func uploadWhole() -> Int
    /// Re-sends a changed rectangle to the texture bound to GL_TEXTURE_2D; returns the bytes it sent.
    func uploadRect(x: Int, y: Int, width: Int, height: Int) -> Int
}

extension TextureImage: TextureSource {
    public func uploadWhole() -> Int {
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
        glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, e(GL_RGBA), e(GL_UNSIGNED_BYTE), pixels)
        if redBlueSwapped {
            // Stored as sent (B, G, R, A); sampling reads red from the third byte and blue from the first.
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_SWIZZLE_B), GL_RED)
        }
        return width * height * 4
    }

    public func uploadRect(x: Int, y: Int, width: Int, height: Int) -> Int {
        glPixelStorei(e(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(e(GL_UNPACK_ROW_LENGTH), GLint(self.width))
        glTexSubImage2D(e(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(width), GLsizei(height),
                        e(GL_RGBA), e(GL_UNSIGNED_BYTE), pixels + (y * self.width + x) * 4)
        glPixelStorei(e(GL_UNPACK_ROW_LENGTH), 0)
        return width * height * 4
    }
}
