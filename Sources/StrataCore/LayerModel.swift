import Foundation

/// One layer's property values (model or presentation). Value semantics; no identity, no hierarchy.
public struct LayerModel: Equatable, Sendable {
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var transform: Transform3D = .identity
    public var opacity: CGFloat = 1
    public var backgroundColor: Color? = nil
    public var isHidden = false
    public var zPosition: CGFloat = 0
    public var sublayerTransform: Transform3D = .identity
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
    public var isDoubleSided = true
    public var anchorPointZ: CGFloat = 0
    public var minificationFilter: ContentsFilter = .linear
    public var magnificationFilter: ContentsFilter = .linear
    public var allowsGroupOpacity = true
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
    /// The layer's own media timing (CAMediaTiming on CALayer).
    public var timing = LayerTiming()

    public init() {}

    public static func == (a: LayerModel, b: LayerModel) -> Bool {
        a.bounds.isIdentical(to: b.bounds) && a.position == b.position && a.anchorPoint == b.anchorPoint
            && a.transform == b.transform && a.opacity == b.opacity && a.backgroundColor == b.backgroundColor
            && a.isHidden == b.isHidden && a.zPosition == b.zPosition && a.timing == b.timing
            && a.sublayerTransform == b.sublayerTransform && a.shadowColor == b.shadowColor
            && a.shadowOpacity == b.shadowOpacity && a.shadowOffset == b.shadowOffset && a.shadowRadius == b.shadowRadius
            && a.cornerRadius == b.cornerRadius && a.borderWidth == b.borderWidth && a.borderColor == b.borderColor
            && a.masksToBounds == b.masksToBounds && a.contentsGravity == b.contentsGravity && a.contentsScale == b.contentsScale
            && a.contentsRect.isIdentical(to: b.contentsRect) && a.contentsCenter.isIdentical(to: b.contentsCenter)
            && a.maskedCorners == b.maskedCorners && a.isDoubleSided == b.isDoubleSided && a.anchorPointZ == b.anchorPointZ
            && a.minificationFilter == b.minificationFilter && a.magnificationFilter == b.magnificationFilter
            && a.allowsGroupOpacity == b.allowsGroupOpacity && a.allowsEdgeAntialiasing == b.allowsEdgeAntialiasing
            && a.edgeAntialiasingMask == b.edgeAntialiasingMask
            && a.shouldRasterize == b.shouldRasterize && a.rasterizationScale == b.rasterizationScale
            && a.minificationFilterBias == b.minificationFilterBias
            && a.shadowPath == b.shadowPath && a.isGeometryFlipped == b.isGeometryFlipped
    }

    public subscript(property: LayerProperty) -> AnimatableValue {
        get {
            switch property {
            case .bounds: .rect(bounds)
            case .position: .point(position)
            case .anchorPoint: .point(anchorPoint)
            case .transform: .transform(transform)
            case .opacity: .scalar(opacity)
            case .backgroundColor: .color(backgroundColor)
            case .hidden: .bool(isHidden)
            case .zPosition: .scalar(zPosition)
            case .beginTime: .scalar(CGFloat(timing.beginTime))
            case .speed: .scalar(CGFloat(timing.speed))
            case .timeOffset: .scalar(CGFloat(timing.timeOffset))
            case .duration: .scalar(CGFloat(timing.duration))
            // Infinity travels as the largest finite number (the wire carries finite scalars only).
            case .repeatCount: .scalar(CGFloat(min(timing.repeatCount, .greatestFiniteMagnitude)))
            case .repeatDuration: .scalar(CGFloat(min(timing.repeatDuration, .greatestFiniteMagnitude)))
            case .autoreverses: .bool(timing.autoreverses)
            case .fillMode: .scalar(CGFloat(timing.fillMode.rawValue))
            case .sublayerTransform: .transform(sublayerTransform)
            case .shadowColor: .color(shadowColor)
            case .shadowOpacity: .scalar(shadowOpacity)
            case .shadowOffset: .size(shadowOffset)
            case .shadowRadius: .scalar(shadowRadius)
            case .cornerRadius: .scalar(cornerRadius)
            case .borderWidth: .scalar(borderWidth)
            case .borderColor: .color(borderColor)
            case .masksToBounds: .bool(masksToBounds)
            case .contentsGravity: .scalar(CGFloat(contentsGravity.rawValue))
            case .contentsScale: .scalar(contentsScale)
            case .contentsRect: .rect(contentsRect)
            case .contentsCenter: .rect(contentsCenter)
            case .maskedCorners: .scalar(CGFloat(maskedCorners))
            case .isDoubleSided: .bool(isDoubleSided)
            case .anchorPointZ: .scalar(anchorPointZ)
            case .minificationFilter: .scalar(CGFloat(minificationFilter.rawValue))
            case .magnificationFilter: .scalar(CGFloat(magnificationFilter.rawValue))
            case .allowsGroupOpacity: .bool(allowsGroupOpacity)
            case .allowsEdgeAntialiasing: .bool(allowsEdgeAntialiasing)
            case .edgeAntialiasingMask: .scalar(CGFloat(edgeAntialiasingMask))
            case .shouldRasterize: .bool(shouldRasterize)
            case .rasterizationScale: .scalar(rasterizationScale)
            case .minificationFilterBias: .scalar(minificationFilterBias)
            case .shadowPath: .path(shadowPath)
            case .geometryFlipped: .bool(isGeometryFlipped)
            }
        }
        set {
            switch (property, newValue) {
            case let (.bounds, .rect(v)): bounds = v
            case let (.position, .point(v)): position = v
            case let (.anchorPoint, .point(v)): anchorPoint = v
            case let (.transform, .transform(v)): transform = v
            case let (.sublayerTransform, .transform(v)): sublayerTransform = v
            case let (.shadowColor, .color(v)): shadowColor = v
            case let (.shadowOpacity, .scalar(v)): shadowOpacity = v
            case let (.shadowOffset, .size(v)): shadowOffset = v
            case let (.shadowRadius, .scalar(v)): shadowRadius = v
            case let (.cornerRadius, .scalar(v)): cornerRadius = v
            case let (.borderWidth, .scalar(v)): borderWidth = v
            case let (.borderColor, .color(v)): borderColor = v
            case let (.masksToBounds, .bool(v)): masksToBounds = v
            case let (.contentsGravity, .scalar(v)): contentsGravity = ContentsGravity(rawValue: UInt8(exactly: v) ?? 0) ?? .resize
            case let (.contentsScale, .scalar(v)): contentsScale = v
            case let (.contentsRect, .rect(v)): contentsRect = v
            case let (.contentsCenter, .rect(v)): contentsCenter = v
            case let (.maskedCorners, .scalar(v)): maskedCorners = UInt8(exactly: v) ?? 15
            case let (.isDoubleSided, .bool(v)): isDoubleSided = v
            case let (.anchorPointZ, .scalar(v)): anchorPointZ = v
            case let (.minificationFilter, .scalar(v)): minificationFilter = ContentsFilter(rawValue: UInt8(exactly: v) ?? 0) ?? .linear
            case let (.magnificationFilter, .scalar(v)): magnificationFilter = ContentsFilter(rawValue: UInt8(exactly: v) ?? 0) ?? .linear
            case let (.allowsGroupOpacity, .bool(v)): allowsGroupOpacity = v
            case let (.allowsEdgeAntialiasing, .bool(v)): allowsEdgeAntialiasing = v
            case let (.edgeAntialiasingMask, .scalar(v)): edgeAntialiasingMask = UInt8(exactly: v) ?? 15
            case let (.shouldRasterize, .bool(v)): shouldRasterize = v
            case let (.rasterizationScale, .scalar(v)): rasterizationScale = v
            case let (.minificationFilterBias, .scalar(v)): minificationFilterBias = v
            case let (.shadowPath, .path(v)): shadowPath = v
            case let (.geometryFlipped, .bool(v)): isGeometryFlipped = v
            case let (.opacity, .scalar(v)): opacity = v
            case let (.backgroundColor, .color(v)): backgroundColor = v
            case let (.hidden, .bool(v)): isHidden = v
            case let (.zPosition, .scalar(v)): zPosition = v
            case let (.beginTime, .scalar(v)): timing.beginTime = Double(v)
            case let (.speed, .scalar(v)): timing.speed = Double(v)
            case let (.timeOffset, .scalar(v)): timing.timeOffset = Double(v)
            case let (.duration, .scalar(v)): timing.duration = Double(v)
            case let (.repeatCount, .scalar(v)): timing.repeatCount = Double(v)
            case let (.repeatDuration, .scalar(v)): timing.repeatDuration = Double(v)
            case let (.autoreverses, .bool(v)): timing.autoreverses = v
            case let (.fillMode, .scalar(v)): timing.fillMode = FillMode(rawValue: UInt8(exactly: v) ?? 0) ?? .removed
            default: break // shapes are validated before they reach the model
            }
        }
    }

    public subscript(keyPath: LayerKeyPath) -> AnimatableValue {
        get { keyPath.get(from: self[keyPath.property]) }
        set { self[keyPath.property] = keyPath.set(newValue, in: self[keyPath.property]) }
    }

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
