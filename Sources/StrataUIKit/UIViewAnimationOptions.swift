extension UIView {
    /// Options of block animations (UIKit's UIView.AnimationOptions, its bit values).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out the animated views' subviews inside the block, so their layout animates with them.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Animated views still take touches (without it they are skipped by hit testing until the block's
        /// animations end).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is on screen (the presentation value) rather than from the model's old value.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run forwards, then backwards (the model is at the end value when it stops, as in UIKit).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// In a nested block: use this block's duration, not the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// In a nested block: use this block's curve, not the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// In a transition: the block's changes animate too, inside the transition.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// In `transition(from:to:…)`: hide the old view and show the new one instead of removing and adding.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// In a nested block: inherit neither the curve, the duration nor the other options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Starts slowly, speeds up, and slows down at the end (`CAMediaTimingFunction` `.easeInEaseOut`): the
        /// default curve, no bits set.
        public static let curveEaseInOut = AnimationOptions([])
        /// Starts slowly and speeds up to the end (`.easeIn`; curve bits 16–19 = 1).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Starts fast and slows down at the end (`.easeOut`; curve bits = 2).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Even pace throughout (`.linear`; curve bits = 3).
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// In `transition(with:…)`: the view flips about its vertical axis from the left (`oglFlip` from the
        /// left; transition bits 20–23 = 1).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// In `transition(with:…)`: the view flips about its vertical axis from the right (`oglFlip`; bits = 2).
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// In `transition(with:…)`: the old content curls up from the bottom like a page (`pageCurl`; bits = 3).
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// In `transition(with:…)`: the new content curls down from the top like a page (`pageUnCurl`; bits = 4).
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// In `transition(with:…)`: the old content fades into the new (`fade`; bits = 5).
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// In `transition(with:…)`: the view flips about its horizontal axis from the top (`oglFlip`; bits = 6).
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// In `transition(with:…)`: the view flips about its horizontal axis from the bottom (`oglFlip`;
        /// bits = 7).
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The curve bits (16–19) as a curve.
        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xf)) ?? .easeInOut }
        /// The transition bits (20–23): 0 for none.
        var transitionCode: UInt { (rawValue >> 20) & 0xf }
        static let curveBits = AnimationOptions(rawValue: 0xf << 16)
        static let transitionBits = AnimationOptions(rawValue: 0xf << 20)
    }

    /// A block animation's pacing (UIKit's UIView.AnimationCurve).
    public enum AnimationCurve: Int, Sendable {
        /// Slow at the start and end, faster in the middle (raw value 0).
        case easeInOut
        /// Slow at the start, then speeding up (raw value 1).
        case easeIn
        /// Fast at the start, slowing down at the end (raw value 2).
        case easeOut
        /// An even pace throughout (raw value 3).
        case linear

        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }

    /// Options of keyframe blocks (UIKit's UIView.KeyframeAnimationOptions): the general options' bits,
    /// and the calculation mode in bits 10–12. The curve bits of `AnimationOptions` also apply (cast with
    /// `KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`, as on iOS): the whole
    /// keyframe animation is paced by that curve, ease-in-ease-out by default as in UIKit.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out the animated views' subviews inside the block, so their layout animates with them (bit 0).
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Animated views still take touches (bit 1); without it they are skipped by hit testing until the
        /// animations end.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Start from what is on screen (the presentation value) rather than from the model's old value (bit 2).
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever (bit 3).
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Run forwards, then backwards (bit 4); the model is at the end value when it stops, as in UIKit.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// In a nested block: use this block's duration, not the enclosing block's (bit 5).
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// In a nested block: inherit neither the curve, the duration nor the other options (bit 9).
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

        /// Values between keyframes are interpolated linearly: the default, no bits set.
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Each keyframe's value shows at once from the end of its window, with no interpolation (bits 10–12 = 1).
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Keyframe times are ignored: the values are passed at an even speed over the whole duration (bits = 2).
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// Values follow a smooth Catmull-Rom spline through the keyframes (bits = 3).
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth spline passed at an even speed, keyframe times ignored (bits = 4).
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }
    }

    /// The older API's transitions (UIKit's UIView.AnimationTransition, `setAnimationTransition`).
    public enum AnimationTransition: Int, Sendable {
        /// No transition: `setAnimationTransition(.none, …)` cancels one set before (raw value 0).
        case none
        /// Flip from the left, as `.transitionFlipFromLeft` (raw value 1).
        case flipFromLeft
        /// Flip from the right, as `.transitionFlipFromRight` (raw value 2).
        case flipFromRight
        /// Curl up, as `.transitionCurlUp` (raw value 3).
        case curlUp
        /// Curl down, as `.transitionCurlDown` (raw value 4).
        case curlDown
    }
}
