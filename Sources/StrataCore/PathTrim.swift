import Foundation

extension Path {
    /// The part of the path between two fractions of its total length (CAShapeLayer's strokeStart and
    /// strokeEnd), measured over every drawn segment of every subpath, closing lines included. Fractions are
    /// clamped to 0…1 (NaN counts as 0); `start` ≥ `end` gives an empty path and 0…1 the path unchanged.
    /// Curves are cut exactly at the arc-length parameter. A closed subpath kept whole stays closed; one
    /// kept in part becomes open pieces. Segments with non-finite points are left out, and a path whose
    /// length is zero or overflows trims to nothing.
    public func trimmed(from start: CGFloat, to end: CGFloat) -> Path {
        func clamp(_ v: CGFloat) -> Double { v.isNaN ? 0 : Double(min(max(v, 0), 1)) }
        let a = clamp(start), b = clamp(end)
        guard a < b else { return Path() }
        if a == 0, b == 1 { return self }
        let subpaths = subpaths.map { ($0, $0.measured) }
        let total = subpaths.reduce(0.0) { sum, s in s.1.reduce(sum) { $0 + ($1.length ?? 0) } }
        guard total > 0, total.isFinite else { return Path() }
        let lo = a * total, hi = b * total

        var out = Path()
        var offset = 0.0
        for (subpath, measured) in subpaths {
            let length = measured.reduce(0.0) { $0 + ($1.length ?? 0) }
            defer { offset += length }
            if subpath.closed, length > 0, lo <= offset, offset + length <= hi {
                for e in subpath.elements { out.append(e) }
                continue
            }
            var s0 = offset, connected = false
            for (segment, segmentLength) in measured {
                guard let l = segmentLength else { connected = false; continue }
                let s1 = s0 + l
                defer { s0 = s1 }
                let from = max(lo, s0), to = min(hi, s1)
                // A zero-length segment (a dot for round caps) belongs to the range [lo, hi), or to its end.
                let keep = l > 0 ? to > from : lo <= s0 && (s0 < hi || hi == total)
                guard keep else { connected = false; continue }
                let piece = segment.portion(fromLength: from - s0, toLength: to - s0, length: l)
                if !connected || from > s0 { out.move(to: piece.start) }
                out.append(piece.element)
                connected = to >= s1
            }
        }
        return out
    }
}
