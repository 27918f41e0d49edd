/// Recognizes a quick stroke in one of its `direction`s (UIKit's UISwipeGestureRecognizer; `.right` by
/// default). Strata's thresholds, as UIKit publishes none: within 0.5 s of touching down the fingers'
/// centroid must travel 50 points along the direction while straying sideways less than half as far.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    public var direction: Direction = .right
    public var numberOfTouchesRequired = 1
    public static let minimumDistance: CGFloat = 50
    public static let maximumDuration: TimeInterval = 0.5

    private var start = CGPoint.zero
    private var startTime: TimeInterval = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        start = location(in: nil)
        startTime = event.timestamp
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { check(event.timestamp) }

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
