import Foundation

/// Joins, caps and round arcs of a stroke outline.
extension StrokeSides {
    /// The left side's points at vertex `v` between two segments (unit directions and lengths).
    ///
    /// Outside the turn the side gets the join: the miter point while the miter is at most `miterLimit`
    /// line widths (miter length / width = 1 / sin(θ/2), θ the angle between the segments), else a bevel;
    /// or a round arc. Inside the turn the two offset lines cross. Where they cross close enough to the
    /// vertex (within half of both segments, so neighbouring joins cannot overlap) the crossing is the
    /// corner; otherwise the side runs through the vertex itself (end of one offset → vertex → start of the
    /// next), which leaves a small loop inside the stroke that the non-zero fill still counts as inside.
    func addJoin(at v: CGPoint, incoming: (unit: CGPoint, length: CGFloat), outgoing: (unit: CGPoint, length: CGFloat),
                 reversed: Bool, to out: inout [CGPoint]) {
        let din = incoming.unit, dout = outgoing.unit
        let a = Self.left(din) * half, b = Self.left(dout) * half
        let cross = din.x * dout.y - din.y * dout.x, dot = din.x * dout.x + din.y * dout.y
        // Where the offsets of both segments meet on their bisector, half / cos(turn/2) from the vertex.
        func corner() -> CGPoint { v + (a + b) * (1 / (1 + dot)) }
        if cross > 0 || (cross == 0 && !reversed) { // the left side is outside the turn
            switch join {
            case .miter where 1 + dot > 0 && 2 <= miterLimit * miterLimit * (1 + dot):
                out.append(corner())
            case .round:
                out.append(v + a)
                addArc(center: v, from: a, sweep: atan2(abs(cross), dot), to: &out)
                out.append(v + b)
            default:
                out += [v + a, v + b]
            }
        } else if let reach = Self.innerCornerReach(half: half, cross: cross, dot: dot), min(incoming.length, outgoing.length) >= reach {
            // The crossing lies half·tan(turn/2) along each segment and the other offset's end half·sin(turn).
            out.append(corner())
        } else {
            out += [v + a, v, v + b]
        }
    }

    /// How long both segments at an inner turn must be for its side to take the corner where their offsets
    /// cross (the crossing then lies within half of each: half·|cross| ≤ ½·length·min(1, 1 + dot)); nil when
    /// the turn is too close to 180° for a corner at all. `TrimmableStroke` asks again as a cut shortens a
    /// segment.
    static func innerCornerReach(half: CGFloat, cross: CGFloat, dot: CGFloat) -> CGFloat? {
        guard 1 + dot > 1e-9 else { return nil }
        return half * abs(cross) / (0.5 * min(1, 1 + dot))
    }

    /// The points of the cap at `end`, reached along unit direction `d`: from the left side round to the right.
    func addCap(at end: CGPoint, direction d: CGPoint, to out: inout [CGPoint]) {
        let a = Self.left(d) * half
        switch cap {
        case .butt: break
        case .square: out += [end + a + d * half, end - a + d * half]
        case .round: addArc(center: end, from: a, sweep: .pi, to: &out)
        }
    }

    /// The points strictly inside an arc around `center` from offset `a`, turning `sweep` radians towards
    /// +angle, at most `arcStep` apart.
    func addArc(center: CGPoint, from a: CGPoint, sweep: CGFloat, to out: inout [CGPoint]) {
        let steps = Int((abs(sweep) / arcStep).rounded(.up))
        guard steps > 1 else { return }
        for k in 1..<steps {
            let angle = sweep * CGFloat(k) / CGFloat(steps), c = cos(angle), s = sin(angle)
            out.append(CGPoint(x: center.x + a.x * c - a.y * s, y: center.y + a.x * s + a.y * c))
        }
    }
}
