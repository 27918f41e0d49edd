import Foundation

/// How a `UIGraphicsImageRenderer` makes its bitmaps (UIKit's UIGraphicsImageRendererFormat): `scale`
/// pixels per point (the main screen's by default) and `opaque` (black beneath what is drawn).
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    /// Pixels per point of the bitmaps: by default the primary output's scale when connected, else 1. A scale
    /// that is not positive and finite draws at 1.
    open var scale: CGFloat
    /// Whether the bitmap starts opaque black (true) instead of transparent (false, the default).
    open var opaque = false

    public override init() {
        scale = ScreenScale.primary
        super.init()
    }

    /// The main screen's format (a new object each time, as UIKit's).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a renderer's drawing closure gets (UIKit's UIGraphicsImageRendererContext): its
/// `cgContext` is current (`UIGraphicsGetCurrentContext()`), in points, y down.
open class UIGraphicsImageRendererContext: NSObject {
    /// The Core Graphics context being drawn into, current for the closure, in the renderer's points (y down).
    public let cgContext: CGContext
    /// The renderer's format (its scale and opacity).
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// What has been drawn so far.
    open var currentImage: UIImage {
        guard let image = cgContext.makeImage() else { return UIImage(empty: ()) }
        return UIImage(cgImage: image, scale: format.scale, orientation: .up)
    }

    /// Fills `rect` with the context's fill colour (`UIColor.setFill()`).
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Fills `rect` with the context's fill colour, composited with `blendMode` for this call only.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }
    /// Strokes the outline of `rect` with the context's stroke colour (`UIColor.setStroke()`) and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Intersects the context's clip with `rect`: later drawing in the closure shows only inside it.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws images (UIKit's UIGraphicsImageRenderer): `image { context in … }` runs the closure over a fresh
/// bitmap of `bounds` and returns what it drew; `pngData`/`jpegData` return it encoded.
open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
    /// The drawing closure the renderer runs, given the context to draw into.
    public typealias DrawingActions = (UIGraphicsImageRendererContext) -> Void

    /// How the renderer makes its bitmaps (scale and opacity).
    public let format: UIGraphicsImageRendererFormat
    let bounds: CGRect

    /// A renderer of images covering `bounds` (in points: drawing at `bounds.origin` lands at the image's
    /// top-left) with `format`; each image is at least one pixel a side.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        super.init()
    }

    /// A renderer of images `size` points big, from the origin, with `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of images `size` points big, from the origin, with the default format (the primary output's
    /// scale, transparent).
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }
    /// A renderer of images covering `bounds` with the default format (the primary output's scale, transparent).
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }

    /// Runs `actions` over a new bitmap and returns its image.
    open func image(actions: DrawingActions) -> UIImage {
        let s = format.scale > 0 && format.scale.isFinite ? format.scale : 1
        let w = max(Int((bounds.width * s).rounded(.up)), 1), h = max(Int((bounds.height * s).rounded(.up)), 1)
        guard let ctx = CGContext(width: w, height: h) else {
            StrataLog.logger.error("UIGraphicsImageRenderer: no context of \(w)×\(h) pixels")
            return UIImage(empty: ())
        }
        ctx.scaleBy(x: s, y: s)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        if format.opaque { ctx.setFillColor(gray: 0, alpha: 1); ctx.fill(bounds) }
        let context = UIGraphicsImageRendererContext(cgContext: ctx, format: format)
        UIGraphicsPushContext(ctx)
        actions(context)
        UIGraphicsPopContext()
        return context.currentImage
    }

    /// Runs `actions` over a new bitmap and returns it as PNG (empty only if no bitmap could be made).
    open func pngData(actions: DrawingActions) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// Runs `actions` over a new bitmap and returns it as JPEG of `compressionQuality` (0 most compression … 1
    /// best quality; see `UIImage.jpegData(compressionQuality:)`).
    open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: DrawingActions) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}
