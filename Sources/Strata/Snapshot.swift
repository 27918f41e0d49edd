import StrataPNG

public typealias StrataImage = RGBAImage

extension RGBAImage {
    /// Writes the image as a PNG (straight alpha).
    public func writePNG(path: String) throws { try PNGCodec.write(self, path: path) }
}
