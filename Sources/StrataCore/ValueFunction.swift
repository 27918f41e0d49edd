import Foundation

/// CAValueFunction: turns an animation's interpolated scalar (rotations, single-axis scales and
/// translations) or [x, y, z] (scale, translate) into the transform it animates.
public enum ValueFunction: String, Hashable, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ

    /// The shape of the animation's values.
    public var inputKind: ValueKind {
        switch self {
        case .scale, .translate: .vector3
        default: .scalar
        }
    }

    /// The transform for one input value.
    public func matrix(_ input: AnimatableValue) -> Transform3D {
        switch (self, input) {
        case let (.rotateX, .scalar(a)): .rotation(a, 1, 0, 0)
        case let (.rotateY, .scalar(a)): .rotation(a, 0, 1, 0)
        case let (.rotateZ, .scalar(a)): .rotation(a, 0, 0, 1)
        case let (.scale, .vector3(x, y, z)): .scale(x, y, z)
        case let (.scaleX, .scalar(s)): .scale(s, 1, 1)
        case let (.scaleY, .scalar(s)): .scale(1, s, 1)
        case let (.scaleZ, .scalar(s)): .scale(1, 1, s)
        case let (.translate, .vector3(x, y, z)): .translation(x, y, z)
        case let (.translateX, .scalar(t)): .translation(t, 0, 0)
        case let (.translateY, .scalar(t)): .translation(0, t, 0)
        case let (.translateZ, .scalar(t)): .translation(0, 0, t)
        default: .identity // shapes are validated before evaluation
        }
    }

    /// The input a transform corresponds to (for from- or to-only animations, whose other end is the
    /// transform beneath): its rotation, scale or translation component as the `transform.*` key paths read it.
    public func input(of t: Transform3D) -> AnimatableValue {
        let c = TransformComponents(t)
        switch self {
        case .rotateX: return .scalar(c.rotation.x)
        case .rotateY: return .scalar(c.rotation.y)
        case .rotateZ: return .scalar(c.rotation.z)
        case .scale: return .vector3(c.scale.x, c.scale.y, c.scale.z)
        case .scaleX: return .scalar(c.scale.x)
        case .scaleY: return .scalar(c.scale.y)
        case .scaleZ: return .scalar(c.scale.z)
        case .translate: return .vector3(c.translation.x, c.translation.y, c.translation.z)
        case .translateX: return .scalar(c.translation.x)
        case .translateY: return .scalar(c.translation.y)
        case .translateZ: return .scalar(c.translation.z)
        }
    }
}
