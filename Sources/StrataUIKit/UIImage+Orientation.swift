extension UIImage {
    /// How an image's stored bitmap is turned to show upright (UIKit's; EXIF orientations 1, 3, 8, 6, 2, 4,
    /// 5, 7 in case order): `.right` is a bitmap to turn 90° clockwise, as a phone held upright stores it.
    public enum Orientation: Int, Sendable {
        /// The bitmap is upright as stored (raw value 0, EXIF 1).
        case up
        /// The bitmap is shown turned 180° (raw value 1, EXIF 3).
        case down
        /// The bitmap is shown turned 90° anticlockwise (raw value 2, EXIF 8).
        case left
        /// The bitmap is shown turned 90° clockwise, as a phone held upright stores it (raw value 3, EXIF 6).
        case right
        /// The bitmap is shown flipped left to right (raw value 4, EXIF 2).
        case upMirrored
        /// The bitmap is shown flipped top to bottom (raw value 5, EXIF 4).
        case downMirrored
        /// The bitmap is shown flipped left to right, then turned 90° anticlockwise (raw value 6, EXIF 5).
        case leftMirrored
        /// The bitmap is shown flipped left to right, then turned 90° clockwise (raw value 7, EXIF 7).
        case rightMirrored

        /// Whether the upright image is the bitmap's height wide.
        var swapsSides: Bool { rawValue >= 2 && rawValue != 4 && rawValue != 5 }

        /// Maps the bitmap's y-down space (`width`×`height`) onto the upright image's.
        func transform(width w: CGFloat, height h: CGFloat) -> CGAffineTransform {
            switch self {
            case .up: CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            case .down: CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
            case .left: CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
            case .right: CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
            case .upMirrored: CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
            case .downMirrored: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
            case .leftMirrored: CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
            case .rightMirrored: CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
            }
        }
    }

    /// Draws `image` turned by `orientation` to fill `rect` of `ctx` (y-down).
    static func draw(_ image: CGImage, _ orientation: Orientation, in rect: CGRect, into ctx: CGContext) {
        let w = CGFloat(image.width), h = CGFloat(image.height)
        let (uw, uh) = orientation.swapsSides ? (h, w) : (w, h)
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width / uw, y: rect.height / uh)
        ctx.concatenate(orientation.transform(width: w, height: h))
        // The context draws images as Quartz does (bottom row at the rect's top in y-down space): flip.
        ctx.translateBy(x: 0, y: h)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        ctx.restoreGState()
    }

    /// `image` turned upright into a new bitmap (nil when no context of that size can be made).
    static func upright(_ image: CGImage, _ orientation: Orientation) -> CGImage? {
        let (w, h) = orientation.swapsSides ? (image.height, image.width) : (image.width, image.height)
        guard let ctx = CGContext(width: w, height: h) else { return nil }
        draw(image, orientation, in: CGRect(x: 0, y: 0, width: w, height: h), into: ctx)
        return ctx.makeImage()
    }
}
