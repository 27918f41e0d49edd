import Foundation
import StrataLayout

/// `systemLayoutSizeFitting`: the smallest (or largest) size a view's own constraints and content allow,
/// solved on a scratch solver over the view's subtree with its size left free, so nothing on screen moves.
extension UIView {
    /// The smallest size: `systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)`.
    public static let layoutFittingCompressedSize = CGSize.zero
    /// A size larger than any view (**choice**: 10,000,000 points a side).
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    func fittingSize(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        let requests = LayoutRequests.collect(root: self, fitting: true).requests
        let v = autoLayout.variables
        let targets = [
            LayoutRequest(key: .guide(ObjectIdentifier(self), 10), expression: v.width - Double(target.width),
                          relation: .equal, priority: horizontal, describe: { "fitting width" }),
            LayoutRequest(key: .guide(ObjectIdentifier(self), 11), expression: v.height - Double(target.height),
                          relation: .equal, priority: vertical, describe: { "fitting height" }),
        ]
        let all = requests + targets
        let ladder = PriorityLadder(all.map(\.priority))
        let solver = Solver()
        for request in all {
            // A contradiction here is left out silently: the view's own layout pass reports it.
            try? solver.addConstraint(Constraint(request.expression, request.relation, strength: ladder.strength(for: request.priority)))
        }
        solver.updateVariables()
        let size = CGSize(width: v.width.value, height: v.height.value)
        // The scratch solution must not leak into the tree's engine, which reads the same variables.
        layoutEngineIfActive?.solver.updateVariables()
        return size
    }
}
