import Foundation
import StrataCore

/// The kind of one path element (CoreGraphics' CGPathElementType; same raw values).
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]` (raw value 0).
    case moveToPoint = 0
    /// A straight line to `points[0]` (raw value 1).
    case addLineToPoint
    /// A quadratic curve with control point `points[0]` to `points[1]` (raw value 2).
    case addQuadCurveToPoint
    /// A cubic curve with control points `points[0]` and `points[1]` to `points[2]` (raw value 3).
    case addCurveToPoint
    /// Closes the subpath with a line back to its start; no points (raw value 4).
    case closeSubpath
}

/// One element as `applyWithBlock` hands it out: its kind and its points (1 for a move or line, 2 for a
/// quad: control then end, 3 for a cubic, none for a close).
public struct CGPathElement {
    /// The element's kind, which says how many of `points` it uses.
    public var type: CGPathElementType
    /// The element's points: one for a move or line, control then end for a quadratic curve, two controls then
    /// end for a cubic, none for a close. From `applyWithBlock(_:)` they are valid only during the call.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of kind `type` reading its points from `points` (not copied).
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The function `apply(info:function:)` calls. CoreGraphics' is `@convention(c)`, which a Swift struct's
/// pointer cannot be here; a plain function type accepts the same closure literals.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

extension CGPath {
    /// Calls `block` with each element in order. Its points are valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        points.initialize(repeating: .zero, count: 3)
        defer { points.deinitialize(count: 3); points.deallocate() }
        for e in path.elements {
            let type: CGPathElementType
            switch e {
            case .move(let p): points[0] = p; type = .moveToPoint
            case .line(let p): points[0] = p; type = .addLineToPoint
            case let .quad(c, p): points[0] = c; points[1] = p; type = .addQuadCurveToPoint
            case let .cubic(c1, c2, p): points[0] = c1; points[1] = c2; points[2] = p; type = .addCurveToPoint
            case .close: type = .closeSubpath
            }
            withUnsafePointer(to: CGPathElement(type: type, points: points)) { block($0) }
        }
    }

    /// CGPathApply: calls `function` with `info` and each element in order.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }
}
