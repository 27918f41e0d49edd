import Foundation
import StrataCore

/// CATransition's `type`. Strata renders fade, moveIn, push, reveal and, as `CATransitionType(rawValue:)`,
/// Apple's private `"cube"` and `"oglFlip"` and look-alikes of its private effects `"pageCurl"`,
/// `"pageUnCurl"`, `"rippleEffect"`, `"suckEffect"`, `"cameraIrisHollowOpen"` and `"cameraIrisHollowClose"`
/// (docs/animation.md); adding any other (`"cameraIris"` too) logs "unsupported transition: NAME" and
/// nothing is added.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// CATransition's `subtype`: the side the new content comes from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animated transition between a layer's old appearance (its subtree as on screen before the
/// transaction that adds the transition) and its new one. Added to a layer it is always stored under
/// `kCATransition`, as in Core Animation, whatever key is passed.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    /// nil: the default, which Strata takes as `.fromLeft`.
    open var subtype: CATransitionSubtype?
    /// Where in the transition's course it starts and ends (0…1, end ≥ start).
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    open override func copy(with zone: NSZone? = nil) -> Any {
        let c = CATransition()
        copyTiming(to: c)
        c.type = type; c.subtype = subtype; c.startProgress = startProgress; c.endProgress = endProgress
        return c
    }

    override func makeSpec() throws -> AnimationSpec {
        var transition = Transition(kind: try Transition.Kind(name: type.rawValue),
                                    startProgress: Double(startProgress), endProgress: Double(endProgress))
        if let subtype {
            guard let d = Transition.Direction(name: subtype.rawValue) else {
                throw StrataError.unsupported("transition subtype \(subtype.rawValue)")
            }
            transition.direction = d
        }
        let spec = AnimationSpec(keyPath: nil, kind: .transition(transition), timing: mediaTiming,
                                 timingFunction: timingFunction?.function, isRemovedOnCompletion: isRemovedOnCompletion)
        try spec.validate()
        return spec
    }
}
