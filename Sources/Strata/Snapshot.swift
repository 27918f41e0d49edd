import StrataPNG

/// An RGBA8 image in memory (StrataPNG's `RGBAImage`: width, height, four bytes a pixel, premultiplied or
/// not), as `StrataConnection.snapshot()` returns the composited screen; `writePNG(path:)` saves it.
public typealias StrataImage = RGBAImage

extension RGBAImage {
    /// Writes the image as a PNG (straight alpha).
    public func writePNG(path: String) throws { try PNGCodec.write(self, path: path) }
}
