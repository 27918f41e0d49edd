/// A pan that starts at an edge of the screen (UIKit's UIScreenEdgePanGestureRecognizer). Strata's
/// thresholds, as UIKit publishes none: the touch must go down within `edgeDistance` (20 points) of one
/// of `edges` of its window (the screen, for a full-screen window), and it begins as a pan does (10
/// points) only when it moves away from that edge at least as far as along it; moving along the edge, or
/// starting farther in, fails. With no `edges` (the default) it never begins. Translation and velocity
/// are the pan's.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The window edges a touch may start from (default none, so the gesture never begins).
    open var edges: UIRectEdge = []
    /// How near an edge, in points, the first touch must go down: 20 (a Strata constant, not UIKit API;
    /// **choice**: UIKit publishes none).
    public static let edgeDistance: CGFloat = 20

    /// Where the first finger went down, and the edges it is near.
    private var start = CGPoint.zero
    private var nearEdges: UIRectEdge = []

    /// Fails the gesture when its first touch goes down farther than `edgeDistance` from each of `edges` of its
    /// window; otherwise tracks the touch as a pan does.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, numberOfTouches == touches.count {
            start = location(in: nil)
            nearEdges = nearbyEdges(of: start)
            if nearEdges.isEmpty { state = .failed; return }
        }
        super.touchesBegan(touches, with: event)
    }

    /// Before the gesture begins, once the touch has moved the pan's 10 points, fails it when the touch has moved
    /// less away from the edge than along it; otherwise tracks the move as a pan does.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible {
            let now = location(in: nil)
            let dx = now.x - start.x, dy = now.y - start.y
            if hypot(dx, dy) >= Self.slop {
                let inward = max(nearEdges.contains(.left) ? dx : -.infinity, nearEdges.contains(.right) ? -dx : -.infinity,
                                 nearEdges.contains(.top) ? dy : -.infinity, nearEdges.contains(.bottom) ? -dy : -.infinity)
                let across = nearEdges.contains(.left) || nearEdges.contains(.right) ? abs(dy) : abs(dx)
                if inward < across { state = .failed; return }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    /// The edges in `edges` within `edgeDistance` of `point` (window coordinates).
    private func nearbyEdges(of point: CGPoint) -> UIRectEdge {
        guard let bounds = view?.window?.bounds else { return [] }
        var near: UIRectEdge = []
        if edges.contains(.left), point.x - bounds.minX < Self.edgeDistance { near.insert(.left) }
        if edges.contains(.right), bounds.maxX - point.x < Self.edgeDistance { near.insert(.right) }
        if edges.contains(.top), point.y - bounds.minY < Self.edgeDistance { near.insert(.top) }
        if edges.contains(.bottom), bounds.maxY - point.y < Self.edgeDistance { near.insert(.bottom) }
        return near
    }
}
