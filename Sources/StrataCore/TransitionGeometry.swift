import Foundation

/// How a transition at some progress draws a layer's old and new appearance: which of them, in what
/// order (back to front), each with a transform applied in the layer's own coordinates before its
/// position and transform (so the layer's whole subtree moves with it). A fade is a cross-dissolve:
/// the old appearance weighted 1 − p and the new one p, summed before compositing.
public struct TransitionFrame: Equatable, Sendable {
    public enum Source: Equatable, Sendable { case old, new }

    public struct Piece: Equatable, Sendable {
        public var source: Source
        public var transform: Transform3D
    }

    public var pieces: [Piece]
    /// For a fade: the new appearance's weight (the old one's is 1 − weight). nil for the others.
    public var crossfade: Double?
    /// For Apple's private effects between their ends: the warp the old and new appearance are drawn
    /// through (`pieces` is then empty). At progress 0 and 1 they have none, and draw the old or the new
    /// appearance as it is, like a frame without a transition.
    public var warp: TransitionWarp?

    /// Perspective distance of cube and oglFlip, in multiples of the face's extent along the motion
    /// (Strata's choice: Core Animation does not document its camera).
    public static let eyeDistance: CGFloat = 2

    /// The frame of `transition` at `progress` (0…1) for a layer with `bounds`.
    public init(_ transition: Transition, progress: Double, bounds: CGRect) {
        let p = CGFloat(min(1, max(0, progress)))
        let direction = transition.direction ?? .fromLeft
        let horizontal = direction == .fromLeft || direction == .fromRight
        let extent = horizontal ? bounds.width : bounds.height
        // Unit motion of the content: away from the side the new content enters.
        let (dx, dy): (CGFloat, CGFloat) = switch direction {
        case .fromRight: (-1, 0)
        case .fromLeft: (1, 0)
        case .fromTop: (0, 1)
        case .fromBottom: (0, -1)
        }
        func shift(_ amount: CGFloat) -> Transform3D { .translation(dx * amount * extent, dy * amount * extent, 0) }
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        // Turning towards the motion: +1 when the content moves towards +x or +y.
        let sign: CGFloat = dx + dy > 0 ? 1 : -1
        func turn(_ angle: CGFloat, depth: CGFloat) -> Transform3D {
            TransitionFrame.turn(angle * sign, horizontal: horizontal, center: center, depth: depth, extent: extent)
        }
        crossfade = nil
        warp = nil
        switch transition.kind {
        case .fade:
            pieces = [Piece(source: .old, transform: .identity), Piece(source: .new, transform: .identity)]
            crossfade = Double(p)
        case .push:
            pieces = [Piece(source: .old, transform: shift(p)), Piece(source: .new, transform: shift(p - 1))]
        case .moveIn:
            pieces = [Piece(source: .old, transform: .identity), Piece(source: .new, transform: shift(p - 1))]
        case .reveal:
            pieces = [Piece(source: .new, transform: .identity), Piece(source: .old, transform: shift(p))]
        case .cube:
            // Faces of a cube whose axis lies half an extent behind the layer; the new face starts a
            // quarter turn round and turns to the front.
            let angle = p * .pi / 2
            let old = Piece(source: .old, transform: turn(angle, depth: extent / 2))
            let new = Piece(source: .new, transform: turn(angle - .pi / 2, depth: extent / 2))
            pieces = p < 0.5 ? [new, old] : [old, new]
        case .oglFlip:
            // A card turning half a turn about the layer's centre line: the old face until it is edge-on,
            // then the new face (its back is never drawn).
            let angle = p * .pi
            pieces = angle < .pi / 2 ? [Piece(source: .old, transform: turn(angle, depth: 0))]
                : angle > .pi / 2 ? [Piece(source: .new, transform: turn(angle - .pi, depth: 0))] : []
        case .pageCurl, .pageUnCurl, .rippleEffect, .suckEffect, .cameraIrisHollowOpen, .cameraIrisHollowClose:
            warp = TransitionWarp(transition, progress: Double(p), bounds: bounds)
            pieces = warp != nil ? [] : [Piece(source: p >= 1 ? .new : .old, transform: .identity)]
        }
    }

    /// A rotation by `angle` about the axis through (centre, −depth) perpendicular to the motion (the
    /// y axis for horizontal motion, x for vertical), seen with perspective from in front of the centre.
    /// Positive angles move the front of the face towards +x (+y).
    static func turn(_ angle: CGFloat, horizontal: Bool, center: CGPoint, depth: CGFloat, extent: CGFloat) -> Transform3D {
        let c = cos(angle), s = sin(angle)
        var r = Transform3D.identity
        if horizontal {
            // Row vectors: x' = x·cos − z·sin, z' = x·sin + z·cos; the front (z > 0) moves towards −x for
            // positive angles, so negate to move it towards +x.
            r.m11 = c; r.m13 = -s; r.m31 = s; r.m33 = c
        } else {
            r.m22 = c; r.m23 = -s; r.m32 = s; r.m33 = c
        }
        var perspective = Transform3D.identity
        if extent > 0 { perspective.m34 = -1 / (eyeDistance * extent) }
        return Transform3D.translation(-center.x, -center.y, depth) * r * Transform3D.translation(0, 0, -depth)
            * perspective * Transform3D.translation(center.x, center.y, 0)
    }
}
