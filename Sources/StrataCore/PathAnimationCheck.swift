import Foundation

/// shadowPath animates point by point (Core Animation leaves other pairs undefined), so the path values
/// an animation names itself (from/to/by, keyframe values) must all be paths of one structure: the same
/// element kinds in the same order (`Path.zipPoints`). Pairs involving the value beneath the animation
/// are only known when it runs; those switch half-way if their structures differ (Interpolation).
enum PathAnimationCheck {
    static func check(_ values: [(name: String, value: AnimatableValue)], keyPath: LayerKeyPath) throws {
        var first: (name: String, path: Path)?
        for (name, value) in values {
            guard case let .path(p) = value else { continue }
            guard let p else { throw StrataError.unsupported("animating \(keyPath) from or to no path (\(name) is nil)") }
            if let first {
                guard first.path.zipPoints(p, { a, _ in a }) != nil else {
                    throw StrataError.unsupported("animating \(keyPath) between paths of different structure "
                        + "(\(first.name): \(first.path.structureDescription); \(name): \(p.structureDescription))")
                }
            } else {
                first = (name, p)
            }
        }
    }
}

extension Path {
    /// The element kinds in order, e.g. "move, line, line, close" (what must match to interpolate).
    public var structureDescription: String {
        guard !elements.isEmpty else { return "empty" }
        return elements.map { e in
            switch e {
            case .move: "move"
            case .line: "line"
            case .quad: "quad"
            case .cubic: "curve"
            case .close: "close"
            }
        }.joined(separator: ", ")
    }
}
