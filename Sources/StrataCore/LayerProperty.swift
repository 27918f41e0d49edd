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
        }
    }

    public init?(name: String) {
        guard let p = LayerProperty.allCases.first(where: { $0.name == name }) else { return nil }
        self = p
    }

    public var kind: ValueKind {
        switch self {
        case .bounds: .rect
        case .position, .anchorPoint: .point
        case .transform: .transform
        case .opacity, .zPosition, .beginTime, .speed, .timeOffset: .scalar
        case .backgroundColor: .color
        case .hidden: .bool
        }
    }

    public var defaultValue: AnimatableValue {
        switch self {
        case .bounds: .rect(.zero)
        case .position: .point(.zero)
        case .anchorPoint: .point(CGPoint(x: 0.5, y: 0.5))
        case .transform: .transform(.identity)
        case .opacity: .scalar(1)
        case .backgroundColor: .color(nil)
        case .hidden: .bool(false)
        case .zPosition: .scalar(0)
        case .beginTime: .scalar(0)
        case .speed: .scalar(1)
        case .timeOffset: .scalar(0)
        }
    }

    /// The geometry and appearance properties have Core Animation's default implicit animation
    /// (Table B-1; `hidden` animates discretely). The layer's timing properties are not animatable.
    public var isAnimatable: Bool {
        switch self {
        case .beginTime, .speed, .timeOffset: false
        default: true
        }
    }
}
