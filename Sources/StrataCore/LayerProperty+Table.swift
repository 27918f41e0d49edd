import Foundation

/// CALayer's own properties (every kind carries them). Ids are wire ids (docs/protocol.md); a kind's own
/// properties are declared in its file under Kinds/.
extension LayerProperty {
    public static let bounds = LayerProperty(1, "bounds", { $0.bounds }, { $0.bounds = $1 })
    public static let position = LayerProperty(2, "position", { $0.position }, { $0.position = $1 })
    public static let anchorPoint = LayerProperty(3, "anchorPoint", { $0.anchorPoint }, { $0.anchorPoint = $1 })
    public static let transform = LayerProperty(4, "transform", { $0.transform }, { $0.transform = $1 })
    public static let opacity = LayerProperty(5, "opacity", { $0.opacity }, { $0.opacity = $1 })
    public static let backgroundColor = LayerProperty(6, "backgroundColor", { $0.backgroundColor }, { $0.backgroundColor = $1 })
    public static let hidden = LayerProperty(7, "hidden", { $0.isHidden }, { $0.isHidden = $1 }, animation: .explicitOnly)
    public static let zPosition = LayerProperty(8, "zPosition", { $0.zPosition }, { $0.zPosition = $1 })
    // CAMediaTiming on the layer: its local time is (parent time − beginTime) · speed + timeOffset.
    public static let beginTime = LayerProperty(9, "beginTime", { $0.timing.beginTime }, { $0.timing.beginTime = $1 }, animation: .none, timing: true)
    public static let speed = LayerProperty(10, "speed", { $0.timing.speed }, { $0.timing.speed = $1 }, animation: .none, timing: true)
    public static let timeOffset = LayerProperty(11, "timeOffset", { $0.timing.timeOffset }, { $0.timing.timeOffset = $1 }, animation: .none, timing: true)
    // With a positive duration the layer's time cycles like an animation group's (see LayerTiming).
    public static let duration = LayerProperty(12, "duration", { $0.timing.duration }, { $0.timing.duration = $1 }, animation: .none, timing: true, rule: .nonNegative)
    public static let repeatCount = LayerProperty(13, "repeatCount", kind: .scalar, animation: .none, timing: true, rule: .nonNegative,
                                                  read: { .scalar(CGFloat(min($0.timing.repeatCount, .greatestFiniteMagnitude))) },
                                                  write: { m, v in if case let .scalar(x) = v { m.timing.repeatCount = Double(x) } })
    public static let repeatDuration = LayerProperty(14, "repeatDuration", kind: .scalar, animation: .none, timing: true, rule: .nonNegative,
                                                     read: { .scalar(CGFloat(min($0.timing.repeatDuration, .greatestFiniteMagnitude))) },
                                                     write: { m, v in if case let .scalar(x) = v { m.timing.repeatDuration = Double(x) } })
    public static let autoreverses = LayerProperty(15, "autoreverses", { $0.timing.autoreverses }, { $0.timing.autoreverses = $1 }, animation: .none, timing: true)
    public static let fillMode = LayerProperty(16, "fillMode", { $0.timing.fillMode }, { $0.timing.fillMode = $1 }, animation: .none, timing: true)
    /// Applied to the sublayers (about this layer's anchor point) before they are flattened into its plane.
    public static let sublayerTransform = LayerProperty(17, "sublayerTransform", { $0.sublayerTransform }, { $0.sublayerTransform = $1 })
    // The layer's shadow, drawn beneath it from the alpha of its contents and sublayers.
    public static let shadowColor = LayerProperty(18, "shadowColor", { $0.shadowColor }, { $0.shadowColor = $1 })
    public static let shadowOpacity = LayerProperty(19, "shadowOpacity", { $0.shadowOpacity }, { $0.shadowOpacity = $1 })
    public static let shadowOffset = LayerProperty(20, "shadowOffset", { $0.shadowOffset }, { $0.shadowOffset = $1 })
    public static let shadowRadius = LayerProperty(21, "shadowRadius", { $0.shadowRadius }, { $0.shadowRadius = $1 })
    // Rounded corners (background, border and the masksToBounds clip), and the border.
    public static let cornerRadius = LayerProperty(22, "cornerRadius", { $0.cornerRadius }, { $0.cornerRadius = $1 })
    public static let borderWidth = LayerProperty(23, "borderWidth", { $0.borderWidth }, { $0.borderWidth = $1 })
    public static let borderColor = LayerProperty(24, "borderColor", { $0.borderColor }, { $0.borderColor = $1 })
    public static let masksToBounds = LayerProperty(25, "masksToBounds", { $0.masksToBounds }, { $0.masksToBounds = $1 })
    // Contents placement, and pixels per point of the contents image.
    public static let contentsGravity = LayerProperty(26, "contentsGravity", { $0.contentsGravity }, { $0.contentsGravity = $1 }, animation: .none)
    public static let contentsScale = LayerProperty(27, "contentsScale", { $0.contentsScale }, { $0.contentsScale = $1 }, animation: .none, rule: .positive)
    /// The part of the image shown, in unit coordinates of the image (top-left origin).
    public static let contentsRect = LayerProperty(28, "contentsRect", { $0.contentsRect }, { $0.contentsRect = $1 })
    /// The stretchable middle of the image (unit coordinates): the parts around it keep their size.
    public static let contentsCenter = LayerProperty(29, "contentsCenter", { $0.contentsCenter }, { $0.contentsCenter = $1 })
    /// Which corners cornerRadius rounds: CACornerMask bits (1 minX-minY, 2 maxX-minY, 4 minX-maxY, 8 maxX-maxY).
    public static let maskedCorners = LayerProperty(30, "maskedCorners", { $0.maskedCorners }, { $0.maskedCorners = $1 }, animation: .none, rule: .mask)
    /// Whether the layer is drawn when it faces away from the viewer.
    public static let isDoubleSided = LayerProperty(31, "doubleSided", { $0.isDoubleSided }, { $0.isDoubleSided = $1 }, animation: .none)
    /// The anchor's z in the layer's own space: the point placed at (position, zPosition).
    public static let anchorPointZ = LayerProperty(32, "anchorPointZ", { $0.anchorPointZ }, { $0.anchorPointZ = $1 })
    /// How contents are sampled when drawn smaller / larger than their pixels.
    public static let minificationFilter = LayerProperty(33, "minificationFilter", { $0.minificationFilter }, { $0.minificationFilter = $1 }, animation: .none)
    public static let magnificationFilter = LayerProperty(34, "magnificationFilter", { $0.magnificationFilter }, { $0.magnificationFilter = $1 }, animation: .none)
    /// The shadow's shape (a filled path, nonzero winding, in the layer's coordinates) instead of the alpha of
    /// the layer's contents and sublayers; nil by default. Animates point by point between paths of one structure.
    public static let shadowPath = LayerProperty(35, "shadowPath", { $0.shadowPath }, { $0.shadowPath = $1 })
    /// Whether the sublayers' geometry is flipped vertically (their y runs up from the bounds' bottom).
    public static let geometryFlipped = LayerProperty(36, "geometryFlipped", { $0.isGeometryFlipped }, { $0.isGeometryFlipped = $1 }, animation: .none)
    public static let allowsGroupOpacity = LayerProperty(37, "allowsGroupOpacity", { $0.allowsGroupOpacity }, { $0.allowsGroupOpacity = $1 }, animation: .none)
    public static let allowsEdgeAntialiasing = LayerProperty(38, "allowsEdgeAntialiasing", { $0.allowsEdgeAntialiasing }, { $0.allowsEdgeAntialiasing = $1 }, animation: .none)
    /// CAEdgeAntialiasingMask bits: 1 left (minX), 2 right (maxX), 4 bottom (minY), 8 top (maxY).
    public static let edgeAntialiasingMask = LayerProperty(39, "edgeAntialiasingMask", { $0.edgeAntialiasingMask }, { $0.edgeAntialiasingMask = $1 }, animation: .none, rule: .mask)
    public static let shouldRasterize = LayerProperty(40, "shouldRasterize", { $0.shouldRasterize }, { $0.shouldRasterize = $1 })
    /// Raster pixels per layer unit when shouldRasterize.
    public static let rasterizationScale = LayerProperty(41, "rasterizationScale", { $0.rasterizationScale }, { $0.rasterizationScale = $1 }, rule: .positive)
    /// Levels of detail added when minifying trilinearly.
    public static let minificationFilterBias = LayerProperty(42, "minificationFilterBias", { $0.minificationFilterBias }, { $0.minificationFilterBias = $1 }, animation: .none)
    /// Circular or continuous corners; not animatable (as in Core Animation).
    public static let cornerCurve = LayerProperty(43, "cornerCurve", { $0.cornerCurve }, { $0.cornerCurve = $1 }, animation: .none)
    /// The contents image, animatable explicitly (a crossfade). Set by `setContents` (an image reference, with
    /// its lifetime), never by `setProperty`: `travelsAsProperty` is false.
    public static let contents = LayerProperty(44, "contents", { $0.contents }, { $0.contents = $1 }, animation: .explicitOnly)

    /// CALayer's own properties, in wire-id order.
    static let layerProperties: [LayerProperty] = [
        bounds, position, anchorPoint, transform, opacity, backgroundColor, hidden, zPosition, beginTime, speed, timeOffset,
        duration, repeatCount, repeatDuration, autoreverses, fillMode, sublayerTransform, shadowColor, shadowOpacity,
        shadowOffset, shadowRadius, cornerRadius, borderWidth, borderColor, masksToBounds, contentsGravity, contentsScale,
        contentsRect, contentsCenter, maskedCorners, isDoubleSided, anchorPointZ, minificationFilter, magnificationFilter,
        shadowPath, geometryFlipped, allowsGroupOpacity, allowsEdgeAntialiasing, edgeAntialiasingMask, shouldRasterize,
        rasterizationScale, minificationFilterBias, cornerCurve, contents,
    ]

    /// Every property Strata carries: CALayer's, then each kind's.
    public static let allCases: [LayerProperty] =
        layerProperties + LayerProperty.shapeProperties + LayerProperty.gradientProperties + LayerProperty.replicatorProperties
            + LayerProperty.textProperties + LayerProperty.scrollProperties + LayerProperty.hostProperties + LayerProperty.inputProperties + LayerProperty.emitterProperties
            + LayerProperty.tiledProperties + LayerProperty.filterProperties
}
