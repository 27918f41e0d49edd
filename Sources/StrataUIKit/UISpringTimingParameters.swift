/// A spring timing curve (UIKit's UISpringTimingParameters). Made from a damping ratio, the spring is
/// fitted to the animator's duration as `animate(withDuration:…usingSpringWithDamping:…)` fits it
/// (UIViewSpring: mass 1, the stiffness that settles in the duration). Made from mass, stiffness and
/// damping, or from iOS 17's duration and bounce, it is a physical spring: the animator's duration is then
/// ignored and the motion lasts the spring's `settlingDuration`, as in UIKit. `initialVelocity.dx` is the
/// velocity in whole distances per second (Core Animation springs take one number: a `dy` other than 0 or
/// `dx` is logged as unsupported and ignored).
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    enum Kind: Equatable {
        /// Fitted to the duration it animates over.
        case dampingRatio(CGFloat)
        case physical(mass: CGFloat, stiffness: CGFloat, damping: CGFloat)
    }

    let kind: Kind
    /// The velocity the motion starts with, in whole distances per second (1 covers the animated change in one
    /// second); zero by default. Unlike UIKit, only `dx` is used, for every property: a `dy` other than 0 or `dx`
    /// is logged as unsupported. See <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    open private(set) var initialVelocity: CGVector

    /// UIKit's default spring: mass 3, stiffness 1000, damping 500 (damping ratio ≈ 4.56, as documented).
    public override init() {
        kind = .physical(mass: 3, stiffness: 1000, damping: 500)
        initialVelocity = .zero
        super.init()
    }

    /// A spring with damping ratio `ratio` (1 settles without overshoot, lower values bounce; clamped to at
    /// least 0.01, non-finite taken as 1), no initial velocity, fitted to the animator's duration: mass 1 and the
    /// stiffness that settles within it (**choice**).
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    /// A spring with damping ratio `ratio` and `velocity` (see `initialVelocity`), fitted to the animator's
    /// duration as `init(dampingRatio:)` is.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        kind = .dampingRatio(ratio)
        initialVelocity = velocity
        super.init()
        Self.checkVelocity(velocity)
    }

    /// A physical spring of `mass`, `stiffness` and `damping` starting at `velocity` (see `initialVelocity`):
    /// the animator's duration is ignored and the motion lasts the spring's settling duration (until it stays
    /// within 0.1 % of the distance), as in UIKit.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        kind = .physical(mass: mass, stiffness: stiffness, damping: damping)
        initialVelocity = velocity
        super.init()
        Self.checkVelocity(velocity)
    }

    /// iOS 17: the spring of `CASpringAnimation(perceptualDuration:bounce:)` (SwiftUI's physics).
    public convenience init(duration: TimeInterval, bounce: CGFloat) {
        self.init(duration: duration, bounce: bounce, initialVelocity: .zero)
    }

    /// iOS 17's spring of `CASpringAnimation(perceptualDuration:bounce:)` (mass 1, stiffness (2π ÷ `duration`)²,
    /// bounce 0 critically damped, towards 1 undamped, below 0 overdamped) starting at `velocity`. A physical
    /// spring: the motion lasts its settling duration, not the animator's. A duration that is not positive and
    /// finite, or a bounce of −1 or less, is logged and gives `CASpringAnimation`'s default spring.
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector) {
        let made = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        kind = .physical(mass: made.mass, stiffness: made.stiffness, damping: made.damping)
        initialVelocity = velocity
        super.init()
        Self.checkVelocity(velocity)
    }

    /// `.spring`: these parameters describe a spring.
    open var timingCurveType: UITimingCurveType { .spring }
    /// Nil: a spring has no cubic curve.
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// The parameters themselves.
    open var springTimingParameters: UISpringTimingParameters? { self }

    nonisolated open func copy(with zone: NSZone? = nil) -> Any { self } // immutable: a copy is itself

    /// How long the motion lasts when the animator asks for `duration`: the duration for a fitted spring,
    /// the settling duration for a physical one.
    func motionDuration(forDuration duration: TimeInterval) -> TimeInterval {
        guard case .physical = kind else { return duration }
        return makeAnimation(over: duration).settlingDuration
    }

    /// A spring animation of these parameters lasting `duration` (fitted) or its settling duration.
    func makeAnimation(over duration: TimeInterval) -> CASpringAnimation {
        let spring = CASpringAnimation()
        switch kind {
        case .dampingRatio(let ratio):
            let fitted = UIViewSpring(duration: duration, dampingRatio: ratio, velocity: initialVelocity.dx)
            spring.mass = fitted.mass; spring.stiffness = fitted.stiffness; spring.damping = fitted.damping
            spring.duration = duration
        case let .physical(mass, stiffness, damping):
            spring.mass = mass; spring.stiffness = stiffness; spring.damping = damping
            spring.duration = spring.settlingDuration
        }
        spring.initialVelocity = initialVelocity.dx
        return spring
    }

    private static func checkVelocity(_ velocity: CGVector) {
        // dy 0 is the usual horizontal fling: a property that does not move vertically ignores it anyway.
        if velocity.dy != 0, velocity.dy != velocity.dx {
            StrataLog.logger.error("unsupported: UISpringTimingParameters initialVelocity with dy \(velocity.dy) different from dx \(velocity.dx) (dx is used for every property)")
        }
    }
}
