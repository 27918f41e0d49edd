import Foundation

/// One layer's property values (model or presentation). Value semantics; no identity, no hierarchy.
/// CALayer's own properties are stored fields; the properties only one kind carries live in that kind's
/// values (`kindValues`), so a plain layer does not pay for them. Read and write any property through
/// the table: `model[.strokeEnd]`.
public struct LayerModel: Equatable, Sendable {
    /// The layer's class (fixed when the layer is made).
    public let kind: LayerKind
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var transform: Transform3D = .identity
    public var opacity: CGFloat = 1
    public var backgroundColor: Color? = nil
    public var isHidden = false
    public var zPosition: CGFloat = 0
    public var sublayerTransform: Transform3D = .identity
    // Core Animation's shadow defaults: opaque black, invisible (opacity 0), offset (0, −3), radius 3.
    public var shadowColor: Color? = Color(red: 0, green: 0, blue: 0, alpha: 1)
    public var shadowOpacity: CGFloat = 0
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    public var cornerRadius: CGFloat = 0
    public var borderWidth: CGFloat = 0
    public var borderColor: Color? = Color(red: 0, green: 0, blue: 0, alpha: 1)
    public var masksToBounds = false
    public var contentsGravity: ContentsGravity = .resize
    public var contentsScale: CGFloat = 1
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var maskedCorners: UInt8 = 15
    /// Circular or continuous corners (CALayer's cornerCurve).
    public var cornerCurve: CornerCurve = .circular
    /// The image shown as contents, by the client's id (the server's `setContents` sets it), or a crossfade
    /// an animation of `contents` presents.
    public var contents = ContentsImage.none
    public var isDoubleSided = true
    public var anchorPointZ: CGFloat = 0
    public var minificationFilter: ContentsFilter = .linear
    public var magnificationFilter: ContentsFilter = .linear
    public var allowsGroupOpacity = true
    /// Core Animation reads this default from the app's Info.plist (UIViewEdgeAntialiasing, else false);
    /// Strata has no Info.plist and chooses true, so rotated layers have smooth edges.
    public var allowsEdgeAntialiasing = true
    public var edgeAntialiasingMask: UInt8 = 15
    public var shouldRasterize = false
    public var rasterizationScale: CGFloat = 1
    public var minificationFilterBias: CGFloat = 0
    /// The shadow's shape in the layer's coordinates (filled, nonzero winding); nil: the alpha of the layer's
    /// contents and sublayers.
    public var shadowPath: Path? = nil
    /// Whether the sublayers' space is flipped vertically within the bounds (see `sublayerToLocal`).
    public var isGeometryFlipped = false
    /// Strata only (Core Animation has no input): the server routes touches, clicks and keys to the layer
    /// (see `LayerProperty.interactive`).
    public var isInteractive = false
    /// Strata only: a touch or button press that begins on the layer keeps going to it until it ends.
    public var capturesInput = false
    /// Core Image filters (docs/filters.md): of the layer's drawing and its sublayers', of what lies behind
    /// its bounds, and how its drawing blends with what is beneath (a list of at most one blend mode).
    public var filters: [FilterModel] = []
    public var backgroundFilters: [FilterModel] = []
    public var compositingFilter: [FilterModel] = []
    /// The layer's own media timing (CAMediaTiming on CALayer).
    public var timing = LayerTiming()
    /// The values of the layer's kind's own properties.
    public var kindValues: KindValues

    public init(kind: LayerKind = .layer) {
        self.kind = kind
        kindValues = KindValues(kind)
    }

    /// Equal when the kinds and every property the kind carries are.
    public static func == (a: LayerModel, b: LayerModel) -> Bool {
        a.kind == b.kind && a.bounds.isIdentical(to: b.bounds) && a.position == b.position && a.anchorPoint == b.anchorPoint
            && a.transform == b.transform && a.opacity == b.opacity && a.backgroundColor == b.backgroundColor
            && a.isHidden == b.isHidden && a.zPosition == b.zPosition && a.timing == b.timing
            && a.sublayerTransform == b.sublayerTransform && a.shadowColor == b.shadowColor
            && a.shadowOpacity == b.shadowOpacity && a.shadowOffset == b.shadowOffset && a.shadowRadius == b.shadowRadius
            && a.cornerRadius == b.cornerRadius && a.borderWidth == b.borderWidth && a.borderColor == b.borderColor
            && a.masksToBounds == b.masksToBounds && a.contentsGravity == b.contentsGravity && a.contentsScale == b.contentsScale
            && a.contentsRect.isIdentical(to: b.contentsRect) && a.contentsCenter.isIdentical(to: b.contentsCenter)
            && a.maskedCorners == b.maskedCorners && a.cornerCurve == b.cornerCurve && a.contents == b.contents && a.isDoubleSided == b.isDoubleSided && a.anchorPointZ == b.anchorPointZ
            && a.minificationFilter == b.minificationFilter && a.magnificationFilter == b.magnificationFilter
            && a.allowsGroupOpacity == b.allowsGroupOpacity && a.allowsEdgeAntialiasing == b.allowsEdgeAntialiasing
            && a.edgeAntialiasingMask == b.edgeAntialiasingMask
            && a.shouldRasterize == b.shouldRasterize && a.rasterizationScale == b.rasterizationScale
            && a.minificationFilterBias == b.minificationFilterBias
            && a.shadowPath == b.shadowPath && a.isGeometryFlipped == b.isGeometryFlipped
            && a.isInteractive == b.isInteractive && a.capturesInput == b.capturesInput
            && a.filters == b.filters && a.backgroundFilters == b.backgroundFilters && a.compositingFilter == b.compositingFilter
            && a.kindValues == b.kindValues
    }

    /// A property's value: its default when the layer's kind does not carry it. Setting a property the
    /// kind does not carry changes nothing (callers check `LayerProperty.isCarried(by:)` and report it).
    public subscript(property: LayerProperty) -> AnimatableValue {
        get { property.kinds.contains(kind) ? property.read(self) : property.defaultValue }
        set { if property.kinds.contains(kind) { property.write(&self, newValue) } }
    }

    public subscript(keyPath: LayerKeyPath) -> AnimatableValue {
        get { keyPath.get(from: self[keyPath.property]) }
        set {
            // A whole property is written as is; a component is written into the property's value.
            guard !keyPath.isWhole else { self[keyPath.property] = newValue; return }
            self[keyPath.property] = keyPath.set(newValue, in: self[keyPath.property])
        }
    }

    /// The corners a draw command rounds: `maskedCorners`, with `CornerCurve.continuousCornersBit` for
    /// continuous corners.
    public var drawnCorners: UInt8 { maskedCorners | (cornerCurve == .continuous ? CornerCurve.continuousCornersBit : 0) }

    /// `frame`, derived as in Core Animation: the bounding box of the transformed bounds in the
    /// superlayer's coordinates.
    public var frame: CGRect {
        let m = localToParent
        let b = bounds
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                       CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)].map { m.apply(to: $0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .zero }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Sets `frame` as Core Animation does: bounds.size = frame.size (origin kept) and position placed so the
    /// anchor lands inside the new frame. With a non-identity transform the frame is applied as if untransformed.
    public mutating func setFrame(_ frame: CGRect) {
        let f = frame.standardized
        bounds.size = f.size
        position = CGPoint(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
    }

    /// The anchor point in the layer's own coordinates.
    public var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Where sublayers go in this layer's coordinates: flipped vertically within the bounds when
    /// `isGeometryFlipped` (y' = minY + maxY − y: the sublayers' y runs up from the bounds' bottom edge), then
    /// `sublayerTransform` about the anchor point. The flip comes first because it is how the sublayers'
    /// geometry values are read; the sublayer transform is this layer's own, in its unflipped space.
    public var sublayerToLocal: Transform3D {
        let flip = isGeometryFlipped
            ? Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: -1, m23: 0, m24: 0,
                          m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: bounds.minY + bounds.maxY, m43: 0, m44: 1)
            : nil
        guard sublayerTransform != .identity else { return flip ?? .identity }
        let a = anchorInBounds
        let about = Transform3D.translation(-a.x, -a.y, 0) * sublayerTransform * Transform3D.translation(a.x, a.y, 0)
        return flip.map { $0 * about } ?? about
    }

    /// Whether sublayers are placed by anything but the identity (a sublayer transform or a flip).
    public var hasSublayerSpace: Bool { sublayerTransform != .identity || isGeometryFlipped }

    /// Layer-local → superlayer: `T(−anchor) · transform · T(position, zPosition)` (row vectors).
    public var localToParent: Transform3D {
        let a = anchorInBounds
        let m = Transform3D.translation(-a.x, -a.y, -anchorPointZ) * transform * Transform3D.translation(position.x, position.y, zPosition)
        return m
    }
}
