import Foundation

/// CAScrollLayer's scrollMode (kCAScrollNone, …): which directions `scroll(to:)` may move its bounds'
/// origin in.
public enum ScrollMode: UInt8, Hashable, Sendable, NamedCases {
    case none = 0, vertically, horizontally, both

    public var name: String {
        switch self {
        case .none: "none"
        case .vertically: "vertically"
        case .horizontally: "horizontally"
        case .both: "both"
        }
    }

    /// `target` as a scroll in this mode from `origin` leaves it: the directions not allowed keep `origin`'s.
    public func origin(scrolledTo target: CGPoint, from origin: CGPoint) -> CGPoint {
        CGPoint(x: self == .horizontally || self == .both ? target.x : origin.x,
                y: self == .vertically || self == .both ? target.y : origin.y)
    }
}

extension ScrollMode: ScalarEnumeration {}

/// CAScrollLayer's values. Scrolling is its bounds' origin (CALayer's own); the server draws it as a
/// plain layer, and `scrollMode` only limits what the client's `scroll(to:)` changes.
public struct ScrollModel: Equatable, Sendable {
    public var scrollMode: ScrollMode = .both

    public init() {}
}

extension LayerModel {
    /// The scroll values (defaults for a layer of another kind, where setting them changes nothing).
    public var scroll: ScrollModel {
        get { if case let .scroll(s) = kindValues { s } else { ScrollModel() } }
        set { if kind == .scroll { kindValues = .scroll(newValue) } }
    }
}

extension LayerProperty {
    public static let scrollMode = LayerProperty(100, "scrollMode", { $0.scroll.scrollMode }, { $0.scroll.scrollMode = $1 }, kinds: .scroll,
                                                 animation: .none)

    static let scrollProperties: [LayerProperty] = [scrollMode]
}
