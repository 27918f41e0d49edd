import Foundation

/// The schema of every layer property Strata carries: its Core Animation name, wire id, value shape,
/// default and whether it animates. `contents` is carried separately (an image reference, not a value).
public enum LayerProperty: UInt16, CaseIterable, Sendable {
    case bounds = 1
    case position = 2
    case anchorPoint = 3
    case transform = 4
    case opacity = 5
    case backgroundColor = 6
    case hidden = 7
    case zPosition = 8
    // CAMediaTiming on the layer: its local time is (parent time − beginTime) · speed + timeOffset.
    case beginTime = 9
    case speed = 10
    case timeOffset = 11
    // With a positive duration the layer's time cycles like an animation group's (see LayerTiming).
    case duration = 12
    case repeatCount = 13
    case repeatDuration = 14
    case autoreverses = 15
    /// FillMode's raw value (0 removed, 1 forwards, 2 backwards, 3 both).
    case fillMode = 16
    /// Applied to the sublayers (about this layer's anchor point) before they are flattened into its plane.
    case sublayerTransform = 17
    // The layer's shadow, drawn beneath it from the alpha of its contents and sublayers.
    case shadowColor = 18
    case shadowOpacity = 19
    case shadowOffset = 20
    case shadowRadius = 21
    // Shape: rounded corners (background, border and the masksToBounds clip), and the border.
    case cornerRadius = 22
    case borderWidth = 23
    case borderColor = 24
    case masksToBounds = 25
    // Contents placement: ContentsGravity's raw value, and pixels per point of the contents image.
    case contentsGravity = 26
    case contentsScale = 27
    /// The part of the image shown, in unit coordinates of the image (top-left origin).
    case contentsRect = 28
    /// The stretchable middle of the image (unit coordinates): the parts around it keep their size.
    case contentsCenter = 29
    /// Which corners cornerRadius rounds: CACornerMask bits (1 minX-minY, 2 maxX-minY, 4 minX-maxY,
    /// 8 maxX-maxY); 15 by default.
    case maskedCorners = 30
    /// Whether the layer is drawn when it faces away from the viewer (default true).
    case isDoubleSided = 31
    /// The anchor's z in the layer's own space: the point placed at (position, zPosition).
    case anchorPointZ = 32
    /// How contents are sampled when drawn smaller / larger than their pixels: ContentsFilter raw values.
    case minificationFilter = 33
    case magnificationFilter = 34
    /// The shadow's shape (a filled path, nonzero winding, in the layer's coordinates) instead of the alpha
    /// of the layer's contents and sublayers; absent (nil) by default.
    case shadowPath = 35
    /// Whether the sublayers' geometry is flipped vertically: their space's y runs up from the bottom of
    /// this layer's bounds.
    case geometryFlipped = 36
    case allowsGroupOpacity = 37
    case allowsEdgeAntialiasing = 38
    /// CAEdgeAntialiasingMask bits: 1 left (minX), 2 right (maxX), 4 bottom (minY), 8 top (maxY).
    case edgeAntialiasingMask = 39
    case shouldRasterize = 40
    /// Raster pixels per layer unit when shouldRasterize (default 1); > 0.
    case rasterizationScale = 41
    /// Levels of detail added when minifying trilinearly (default 0).
    case minificationFilterBias = 42

    /// The Core Animation key (as used by key paths, scene files and `CABasicAnimation(keyPath:)`).
    public var name: String {
        switch self {
        case .bounds: "bounds"
        case .position: "position"
        case .anchorPoint: "anchorPoint"
        case .transform: "transform"
        case .opacity: "opacity"
        case .backgroundColor: "backgroundColor"
        case .hidden: "hidden"
        case .zPosition: "zPosition"
        case .beginTime: "beginTime"
        case .speed: "speed"
        case .timeOffset: "timeOffset"
        case .duration: "duration"
        case .repeatCount: "repeatCount"
        case .repeatDuration: "repeatDuration"
        case .autoreverses: "autoreverses"
        case .fillMode: "fillMode"
        case .sublayerTransform: "sublayerTransform"
        case .shadowColor: "shadowColor"
        case .shadowOpacity: "shadowOpacity"
        case .shadowOffset: "shadowOffset"
        case .shadowRadius: "shadowRadius"
        case .cornerRadius: "cornerRadius"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .masksToBounds: "masksToBounds"
        case .contentsGravity: "contentsGravity"
        case .contentsScale: "contentsScale"
        case .contentsRect: "contentsRect"
        case .contentsCenter: "contentsCenter"
        case .maskedCorners: "maskedCorners"
        case .isDoubleSided: "doubleSided"
        case .anchorPointZ: "anchorPointZ"
        case .minificationFilter: "minificationFilter"
        case .magnificationFilter: "magnificationFilter"
        case .allowsGroupOpacity: "allowsGroupOpacity"
        case .allowsEdgeAntialiasing: "allowsEdgeAntialiasing"
        case .edgeAntialiasingMask: "edgeAntialiasingMask"
        case .shouldRasterize: "shouldRasterize"
        case .rasterizationScale: "rasterizationScale"
        case .minificationFilterBias: "minificationFilterBias"
        case .shadowPath: "shadowPath"
        case .geometryFlipped: "geometryFlipped"
        }
    }

    public init?(name: String) {
        guard let p = LayerProperty.allCases.first(where: { $0.name == name }) else { return nil }
        self = p
    }

    public var kind: ValueKind {
        switch self {
        case .bounds, .contentsRect, .contentsCenter: .rect
        case .position, .anchorPoint: .point
        case .transform, .sublayerTransform: .transform
        case .opacity, .zPosition, .beginTime, .speed, .timeOffset, .duration, .repeatCount, .repeatDuration, .fillMode,
             .shadowOpacity, .shadowRadius, .cornerRadius, .borderWidth, .contentsGravity, .contentsScale,
             .maskedCorners, .anchorPointZ, .minificationFilter, .magnificationFilter, .edgeAntialiasingMask, .rasterizationScale,
             .minificationFilterBias: .scalar
        case .shadowOffset: .size
        case .backgroundColor, .shadowColor, .borderColor: .color
        case .hidden, .autoreverses, .masksToBounds, .isDoubleSided, .allowsGroupOpacity, .allowsEdgeAntialiasing, .geometryFlipped,
             .shouldRasterize: .bool
        case .shadowPath: .path
        }
    }

    public var defaultValue: AnimatableValue {
        switch self {
        case .bounds: .rect(.zero)
        case .position: .point(.zero)
        case .anchorPoint: .point(CGPoint(x: 0.5, y: 0.5))
        case .transform, .sublayerTransform: .transform(.identity)
        case .opacity: .scalar(1)
        case .backgroundColor: .color(nil)
        case .hidden: .bool(false)
        case .zPosition: .scalar(0)
        case .beginTime: .scalar(0)
        case .speed: .scalar(1)
        case .timeOffset: .scalar(0)
        case .duration, .repeatCount, .repeatDuration: .scalar(0)
        case .autoreverses: .bool(false)
        case .fillMode: .scalar(CGFloat(FillMode.removed.rawValue))
        // Core Animation's defaults: opaque black, invisible (opacity 0), offset (0, −3), radius 3.
        case .shadowColor: .color(Color(red: 0, green: 0, blue: 0, alpha: 1))
        case .shadowOpacity: .scalar(0)
        case .shadowOffset: .size(CGSize(width: 0, height: -3))
        case .shadowRadius: .scalar(3)
        case .cornerRadius, .borderWidth: .scalar(0)
        case .borderColor: .color(Color(red: 0, green: 0, blue: 0, alpha: 1))
        case .masksToBounds: .bool(false)
        case .contentsGravity: .scalar(CGFloat(ContentsGravity.resize.rawValue))
        case .contentsScale: .scalar(1)
        case .contentsRect, .contentsCenter: .rect(CGRect(x: 0, y: 0, width: 1, height: 1))
        case .maskedCorners: .scalar(15)
        case .isDoubleSided: .bool(true)
        case .anchorPointZ: .scalar(0)
        case .minificationFilter, .magnificationFilter: .scalar(CGFloat(ContentsFilter.linear.rawValue))
        case .allowsGroupOpacity: .bool(true)
        // Core Animation reads this default from the app's Info.plist (UIViewEdgeAntialiasing, else
        // false); Strata has no Info.plist and chooses true, so rotated layers have smooth edges.
        case .allowsEdgeAntialiasing: .bool(true)
        case .edgeAntialiasingMask: .scalar(15)
        case .shouldRasterize: .bool(false)
        case .rasterizationScale: .scalar(1)
        case .minificationFilterBias: .scalar(0)
        case .shadowPath: .path(nil)
        case .geometryFlipped: .bool(false)
        }
    }

    /// The geometry and appearance properties have Core Animation's default implicit animation
    /// (Table B-1; `hidden` animates discretely). The layer's timing properties are not animatable.
    /// shadowPath animates point by point between paths of the same structure (see `PathAnimationCheck`).
    public var isAnimatable: Bool {
        !isTiming && ![.contentsGravity, .contentsScale, .maskedCorners, .isDoubleSided, .minificationFilter, .magnificationFilter,
                       .allowsGroupOpacity, .allowsEdgeAntialiasing, .edgeAntialiasingMask, .geometryFlipped,
                       .minificationFilterBias].contains(self)
    }

    /// The layer's CAMediaTiming properties.
    public var isTiming: Bool {
        switch self {
        case .beginTime, .speed, .timeOffset, .duration, .repeatCount, .repeatDuration, .autoreverses, .fillMode: true
        default: false
        }
    }

    /// Why `value` (already of the right kind) is out of range for this property, or nil when it is valid.
    /// An infinite repeatCount travels as the largest finite number.
    public func rangeError(_ value: AnimatableValue) -> String? {
        guard case let .scalar(x) = value else { return nil }
        switch self {
        case .duration, .repeatCount, .repeatDuration:
            return x >= 0 ? nil : "\(name) must not be negative, got \(x)"
        case .fillMode:
            return FillMode(rawValue: UInt8(exactly: x) ?? 255) != nil ? nil : "fillMode must be 0 (removed), 1 (forwards), 2 (backwards) or 3 (both), got \(x)"
        case .contentsGravity:
            return ContentsGravity(rawValue: UInt8(exactly: x) ?? 255) != nil ? nil : "contentsGravity must be 0…11, got \(x)"
        case .contentsScale, .rasterizationScale:
            return x > 0 ? nil : "\(name) must be positive, got \(x)"
        case .minificationFilter, .magnificationFilter:
            return ContentsFilter(rawValue: UInt8(exactly: x) ?? 255) != nil ? nil : "\(name) must be 0 (linear), 1 (nearest) or 2 (trilinear), got \(x)"
        case .maskedCorners, .edgeAntialiasingMask:
            return UInt8(exactly: x).map { $0 <= 15 } == true ? nil : "\(name) must be a mask of 0…15, got \(x)"
        default:
            return nil
        }
    }
}
