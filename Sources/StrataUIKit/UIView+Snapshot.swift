import Foundation
import Strata

/// `snapshotView(afterScreenUpdates:)` (declared in UIView.swift): the view's layer tree copied as presented
/// (`CALayer.presentedTreeCopy`, Strata) rather than its pixels read back, since a client may read back only
/// whole outputs that show nothing of another client (docs/security.md), and a crop would also catch what
/// lies under or over the view. The server draws the copy as it draws the original, so the pixels match.
extension UIView {
    func makeSnapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        if afterUpdates { CATransaction.flush() }
        let copy = layer.presentedTreeCopy(at: CACurrentMediaTime())
        for kind in copy.omitted { Self.noteLeftOut(kind) }
        guard let root = copy.root else { return nil }
        // The snapshot shows the bounds untransformed, filling the new view (UIKit's snapshot is the
        // view's own look, not where or how it stands in its superview).
        let size = root.bounds.size, anchor = root.anchorPoint
        root.transform = CATransform3DIdentity
        root.zPosition = 0
        root.position = CGPoint(x: anchor.x * size.width, y: anchor.y * size.height)
        let snapshot = UIView(frame: CGRect(origin: .zero, size: size))
        snapshot.layer.addSublayer(root)
        return snapshot
    }

    /// The layer classes a snapshot left out, each logged once.
    private static var leftOutKinds: Set<String> = []

    private static func noteLeftOut(_ kind: String) {
        guard leftOutKinds.insert(kind).inserted else { return }
        StrataLog.logger.error("unsupported: snapshotView of \(kind): left out of snapshots with its sublayers (its look is drawn live: particles, tiles on request, or GL/video frames)")
    }
}
