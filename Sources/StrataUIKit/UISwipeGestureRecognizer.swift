/// Recognizes a quick stroke in one of its `direction`s (UIKit's UISwipeGestureRecognizer; `.right` by
/// default). Strata's thresholds, as UIKit publishes none: within 0.5 s of touching down the fingers'
/// centroid must travel 50 points along the direction while straying sideways less than half as far.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may go in, with UIKit's raw values; a recognizer's `direction` may hold several.
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A swipe to the right (raw value 1), the default.
        public static let right = Direction(rawValue: 1 << 0)
        /// A swipe to the left (raw value 2).
        public static let left = Direction(rawValue: 1 << 1)
        /// A swipe up the screen (raw value 4).
        public static let up = Direction(rawValue: 1 << 2)
        /// A swipe down the screen (raw value 8).
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count (`.right` by default); a swipe in any of them recognizes.
    open var direction: Direction = .right
    /// How many fingers must swipe together (1 by default). More fingers down fails the gesture; with fewer it
    /// waits for the rest.
    open var numberOfTouchesRequired = 1
    /// How far, in points, the fingers' centroid must travel along a direction: 50. Strata's own constant, as
    /// UIKit publishes no threshold; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public static let minimumDistance: CGFloat = 50
    /// How long, in seconds, the swipe may take from its last finger down: 0.5; a swipe still short of
    /// `minimumDistance` after that fails at its next move. Strata's own constant, as UIKit publishes no
    /// threshold; see <doc:Status#UIKit's-view-level-(StrataUIKit,-docs/uikit.md)>.
    public static let maximumDuration: TimeInterval = 0.5

    private var start = CGPoint.zero
    private var startTime: TimeInterval = 0

    /// Notes where and when the fingers' centroid started; a finger beyond `numberOfTouchesRequired` fails the gesture.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        start = location(in: nil)
        startTime = event.timestamp
    }

    /// Recognizes (the gesture ends at once, as a discrete gesture) when the centroid has travelled
    /// `minimumDistance` along one of the directions while straying sideways less than half as far; fails
    /// when `maximumDuration` has passed.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { check(event.timestamp) }

    /// Checks the distance a last time; the gesture fails if all its fingers are up and it has not recognized.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        check(event.timestamp)
        if state == .possible, numberOfTouches == touches.count { state = .failed }
    }

    private func check(_ time: TimeInterval) {
        guard state == .possible else { return }
        if time - startTime > Self.maximumDuration { state = .failed; return }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        let now = location(in: nil)
        let dx = now.x - start.x, dy = now.y - start.y
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (d, along, across) in candidates where direction.contains(d) {
            if along >= Self.minimumDistance, abs(across) * 2 < along { state = .ended; return }
        }
    }
}
