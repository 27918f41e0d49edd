import Foundation

/// A CATransition: how a layer's old appearance gives way to its new one. The old appearance is the
/// layer's subtree as on screen just before the transaction that added the transition; the new one is
/// the live subtree. Progress runs from `startProgress` to `endProgress` over the animation's timing.
public struct Transition: Hashable, Sendable {
    /// CATransitionType values Strata renders. The wire carries the raw values: new kinds are appended.
    public enum Kind: UInt8, CaseIterable, Sendable {
        case fade = 0, moveIn, push, reveal, cube, oglFlip
        /// Apple's private effects, drawn as Strata's look-alikes (`TransitionWarp`).
        case pageCurl, pageUnCurl, rippleEffect, suckEffect, cameraIrisHollowOpen, cameraIrisHollowClose

        public var name: String {
            switch self {
            case .fade: "fade"
            case .moveIn: "moveIn"
            case .push: "push"
            case .reveal: "reveal"
            case .cube: "cube"
            case .oglFlip: "oglFlip"
            case .pageCurl: "pageCurl"
            case .pageUnCurl: "pageUnCurl"
            case .rippleEffect: "rippleEffect"
            case .suckEffect: "suckEffect"
            case .cameraIrisHollowOpen: "cameraIrisHollowOpen"
            case .cameraIrisHollowClose: "cameraIrisHollowClose"
            }
        }

        /// The type named `name`; throws "unsupported transition: NAME" for any other.
        public init(name: String) throws {
            guard let k = Kind.allCases.first(where: { $0.name == name }) else { throw StrataError.unsupportedTransition(name) }
            self = k
        }
    }

    /// CATransitionSubtype: the side the new content comes from (screen terms, +y down: top is the
    /// smaller y). Content moves away from that side.
    public enum Direction: UInt8, NamedCases {
        case fromRight = 0, fromLeft, fromTop, fromBottom

        public var name: String {
            switch self {
            case .fromRight: "fromRight"
            case .fromLeft: "fromLeft"
            case .fromTop: "fromTop"
            case .fromBottom: "fromBottom"
            }
        }
    }

    public var kind: Kind
    /// nil: Core Animation's default subtype, which Strata takes as `fromLeft`.
    public var direction: Direction?
    public var startProgress: Double
    public var endProgress: Double

    public init(kind: Kind = .fade, direction: Direction? = nil, startProgress: Double = 0, endProgress: Double = 1) {
        self.kind = kind; self.direction = direction; self.startProgress = startProgress; self.endProgress = endProgress
    }

    public func validate() throws {
        for (name, v) in [("startProgress", startProgress), ("endProgress", endProgress)] where !(0...1).contains(v) {
            throw StrataError.invalidValue(key: "CATransition.\(name)", expected: "a number in 0…1")
        }
        guard endProgress >= startProgress else {
            throw StrataError.invalidValue(key: "CATransition.endProgress", expected: "a number ≥ startProgress")
        }
    }

    /// The transition's progress for an eased animation fraction (0…1).
    public func progress(atEased fraction: Double) -> Double {
        startProgress + (endProgress - startProgress) * fraction
    }
}
