/// An image (UIKit's UIImage): a `CGImage` and its scale, from a file, from PNG or JPEG bytes
/// (`init?(data:)`) or from a `CGImage`. `UIImage(named:)` looks in `UIImage.searchDirectories`, the main
/// bundle's resources, then the current directory, for the name as given, then with ".png", ".jpg" and
/// ".jpeg"; a name without a scale suffix also finds its "@2x"/"@3x" file, which gets that scale.
public final class UIImage: @unchecked Sendable {
    /// Directories `UIImage(named:)` searches first (Strata's: a Linux executable has no app bundle to put
    /// its images in). Set it once at launch.
    nonisolated(unsafe) public static var searchDirectories: [String] = []

    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat

    /// Its size in points.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }

    /// A PNG or JPEG file; nil when it is missing or cannot be decoded.
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? CGImage.fromFile(path: path) else { return nil }
        self.init(cgImage: image, scale: Self.scale(ofFileNamed: path))
    }

    /// PNG or JPEG bytes (a download, a cache, a resource read by hand), whichever their first bytes say;
    /// nil when they cannot be decoded. Scale 1, as UIKit's.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }

    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = try? CGImage.fromData(data) else { return nil }
        self.init(cgImage: image, scale: scale)
    }

    public convenience init?(named name: String) { self.init(named: name, in: nil) }

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
@MainActor
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet { show(image) }
    }

    /// The image as the layer's contents (an initialiser's own assignments run no `didSet`, so they call it too).
    private func show(_ image: UIImage?) {
        layer.contents = image?.cgImage
        if let image {
            layer.contentsScale = image.scale
            contentScaleFollowsScreen = false
        }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// A view the size of `image`, showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        show(image)
    }

    public required init?(coder: NSCoder) { return nil }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}

/// UIKit's image drawing into `UIGraphicsGetCurrentContext()`: upright in the context's y-down space (the
/// context's `draw(_:in:)` draws as Quartz does, upside down there).
extension UIImage {
    public func draw(in rect: CGRect) {
        guard let cgImage, let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(cgImage, in: rect)
        ctx.restoreGState()
    }

    /// At `point` (its top-left), at its size in points.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}
