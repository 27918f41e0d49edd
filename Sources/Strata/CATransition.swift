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
    /// A cross-dissolve from the old appearance to the new one (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new appearance slides in from the subtype's side over the old one, which stays still.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new appearance slides in from the subtype's side, pushing the old one out the opposite side.
    public static let push = CATransitionType(rawValue: "push")
    /// The old appearance slides away towards the opposite side of the subtype's, uncovering the new one, which stays still.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// CATransition's `subtype`: the side the new content comes from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content comes from the right: the motion is towards −x.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new content comes from the left: the motion is towards +x (also what a nil `subtype` does).
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new content comes from the top of the screen: the motion is towards +y, down in Strata's y-down space.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new content comes from the bottom of the screen: the motion is towards −y, up in Strata's y-down space.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animated transition between a layer's old appearance (its subtree as on screen before the
/// transaction that adds the transition) and its new one. Added to a layer it is always stored under
/// `kCATransition`, as in Core Animation, whatever key is passed.
open class CATransition: CAAnimation {
    /// The transition's effect (default `.fade`). A type Strata does not draw is logged when the transition is
    /// added ("unsupported transition: NAME"), and nothing is added.
    open var type: CATransitionType = .fade
    /// nil: the default, which Strata takes as `.fromLeft`.
    open var subtype: CATransitionSubtype?
    /// Where in the transition's course it starts and ends (0…1, end ≥ start).
    open var startProgress: Float = 0
    /// Where in the transition's course it ends, 0…1 and at least `startProgress` (default 1); out of range,
    /// the transition is logged when added, and not added.
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
