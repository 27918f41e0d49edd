/// An image (UIKit's UIImage): a `CGImage` and its scale, from a file, from PNG or JPEG bytes
/// (`init?(data:)`) or from a `CGImage`. `UIImage(named:)` looks in `UIImage.searchDirectories`, the main
/// bundle's resources, then the current directory, for the name as given, then with ".png", ".jpg" and
/// ".jpeg"; a name without a scale suffix also finds its "@2x"/"@3x" file, which gets that scale.
open class UIImage: NSObject, @unchecked Sendable {
    /// Directories `UIImage(named:)` searches first (Strata's: a Linux executable has no app bundle to put
    /// its images in). Set it once at launch.
    nonisolated(unsafe) public static var searchDirectories: [String] = []

    /// The bitmap as stored (the orientation says how to turn it upright); nil only for the empty image an
    /// image literal naming no file gives.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// How `cgImage` is turned to show upright: honoured by `size`, `draw(in:)` and `UIImageView`.
    public let imageOrientation: Orientation
    /// `cgImage` turned upright (itself for `.up`): what image views show (UIImage+Orientation.swift).
    let uprightImage: CGImage?

    /// Its size in points, upright (width and height swap for the left and right orientations).
    public var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        return imageOrientation.swapsSides ? CGSize(width: h, height: w) : CGSize(width: w, height: h)
    }

    /// `cgImage` at `scale` (a scale that is not a positive number is 1), shown turned by `orientation`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        imageOrientation = orientation
        uprightImage = orientation == .up ? cgImage : Self.upright(cgImage, orientation)
        super.init()
    }

    /// An image of `cgImage` at scale 1, orientation `.up`: its size in points is its size in pixels.
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// No pixels (an image literal whose file is missing, a renderer that could not make its bitmap).
    init(empty: Void) {
        cgImage = nil
        uprightImage = nil
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// `#imageLiteral(resourceName:)`: the image `UIImage(named:)` finds. A missing file logs
    /// "unsupported: image literal NAME: no such image" and gives an empty image (UIKit's traps).
    public required convenience init(imageLiteralResourceName name: String) {
        guard let found = UIImage(named: name), let cg = found.cgImage else {
            StrataLog.logger.error("unsupported: image literal \(name): no such image")
            self.init(empty: ())
            return
        }
        self.init(cgImage: cg, scale: found.scale, orientation: found.imageOrientation)
    }

    /// A PNG or JPEG file; nil when it is missing or cannot be decoded.
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? CGImage.fromFile(path: path) else { return nil }
        self.init(cgImage: image, scale: Self.scale(ofFileNamed: path), orientation: .up)
    }

    /// PNG or JPEG bytes (a download, a cache, a resource read by hand), whichever their first bytes say;
    /// nil when they cannot be decoded. Scale 1, as UIKit's.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    /// PNG or JPEG bytes, whichever their first bytes say, at `scale` pixels per point (a scale that is not a
    /// positive number is 1); nil when they cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = try? CGImage.fromData(data) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// The image file called `name`, found in `UIImage.searchDirectories`, then the main bundle's resources and
    /// bundle directory, then the current directory; nil when none has it or it cannot be decoded. A name
    /// without a `.png`, `.jpg` or `.jpeg` extension is tried with each, the `@3x` file first, then `@2x`, then
    /// the plain one (whatever the screen's scale, where UIKit picks the screen's), and a `@2x`/`@3x` file
    /// gets that scale. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public convenience init?(named name: String) { self.init(named: name, in: nil) }

    /// UIKit's lookup with a trait collection. Strata has no trait collections (<doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>), so the
    /// only one to pass is nil (`Never?`): `UIImage(named: n, in: .module, compatibleWith: nil)`.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: Never?) {
        self.init(named: name, in: bundle)
    }

    /// `name` from `bundle`'s resources (the main bundle's for nil), else the current directory.
    public convenience init?(named name: String, in bundle: Bundle?) {
        let base = bundle ?? .main
        let directories = (bundle == nil ? UIImage.searchDirectories : [])
            + [base.resourcePath, base.bundlePath, FileManager.default.currentDirectoryPath].compactMap { $0 }
        let (stem, ext) = Self.split(name)
        let names = ext.isEmpty ? ["png", "jpg", "jpeg"].flatMap { e in ["@3x", "@2x", ""].map { "\(stem)\($0).\(e)" } } : [name]
        for directory in directories {
            for candidate in names {
                let path = (directory as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: path) {
                    self.init(contentsOfFile: path)
                    return
                }
            }
        }
        return nil
    }

    private static func split(_ name: String) -> (String, String) {
        let ext = (name as NSString).pathExtension.lowercased()
        return ["png", "jpg", "jpeg"].contains(ext) ? ((name as NSString).deletingPathExtension, ext) : (name, "")
    }

    private static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
    }
}

/// Shows an image (UIKit's UIImageView): the image is its layer's `contents`, placed by `contentMode`
/// (`.scaleToFill` by default). Like UIKit's, it takes no touches unless `isUserInteractionEnabled` is set.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown (default nil): it becomes the layer's contents, upright, at the image's scale, placed by
    /// `contentMode`. Setting it does not resize the view (`sizeToFit()` does).
    open var image: UIImage? {
        didSet { show() }
    }
    /// Shown instead of `image` while `isHighlighted`.
    open var highlightedImage: UIImage? {
        didSet { show() }
    }
    /// Whether the view shows `highlightedImage` (when set, else `image`) and, while animating,
    /// `highlightedAnimationImages` (default false).
    open var isHighlighted = false {
        didSet { show(); if isAnimating { startAnimating() } }
    }

    // Animation images (UIImageView+Animation.swift).

    /// Images shown in turn, each for `animationDuration` ÷ their count, between `startAnimating()` and
    /// `stopAnimating()`; changing them while animating starts again with the new ones (nil stops).
    open var animationImages: [UIImage]? {
        didSet { if isAnimating { startAnimating() } }
    }
    /// Shown instead of `animationImages` while `isHighlighted`.
    open var highlightedAnimationImages: [UIImage]? {
        didSet { if isAnimating, isHighlighted { startAnimating() } }
    }
    /// Seconds for one cycle through the images; 0 (the default) is 1/30 s per image, as in UIKit.
    open var animationDuration: TimeInterval = 0
    /// Cycles to run; 0 (the default) repeats for ever.
    open var animationRepeatCount = 0
    /// The running cycle of images: a layer per image under the subviews (nil while not animating).
    var imageCycle: ImageCycle?

    /// Whether the images are cycling: from `startAnimating()` until `stopAnimating()` or the last cycle ends.
    open var isAnimating: Bool { imageCycle != nil }
    /// Starts cycling `animationImages` on the server's clock (UIImageView+Animation.swift).
    open func startAnimating() { startImageCycle() }
    /// Stops the cycle and shows `image` again.
    open func stopAnimating() { stopImageCycle() }

    /// The image shown now as the layer's contents, upright (an initialiser's own assignments run no
    /// `didSet`, so they call it too); none while animation images cycle over it.
    func show() {
        let shown = isHighlighted ? highlightedImage ?? image : image
        layer.contents = imageCycle == nil ? shown?.uprightImage : nil
        if let shown {
            layer.contentsScale = shown.scale
            contentScaleFollowsScreen = false
        }
    }

    /// An image view with a frame and no image; it takes no touches (`isUserInteractionEnabled` false).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// A view the size of `image`, showing it.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        show()
    }

    /// A view the size of `image`, showing `highlightedImage` while highlighted.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        self.highlightedImage = highlightedImage
        show()
    }

    public required init?(coder: NSCoder) { return nil }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}

/// UIKit's image drawing into `UIGraphicsGetCurrentContext()`: upright in the context's y-down space,
/// turned by the image's orientation (the context's `draw(_:in:)` draws as Quartz does, upside down there).
extension UIImage {
    /// Draws the image, upright, stretched to fill `rect` in the current context (`UIGraphicsGetCurrentContext()`),
    /// with the normal blend mode and full opacity; does nothing without a current context or a bitmap.
    public func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    /// At `point` (its top-left), at its size in points.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Composited with `blendMode` at `alpha`.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let cgImage, let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        Self.draw(cgImage, imageOrientation, in: rect, into: ctx)
        ctx.restoreGState()
    }

    /// Draws the image at `point` (its top-left) at its size in points, composited with `blendMode` at `alpha`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }
}
