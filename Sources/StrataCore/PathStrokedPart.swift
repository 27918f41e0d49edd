import Foundation

extension Path {
    /// What a CAShapeLayer strokes: the part between fractions `start` and `end` of the path's total length
    /// (`trimmed`), dashed by `dashPattern` from `dashPhase` with the pattern anchored at the start of each
    /// subpath of the whole path, so a dashed stroke revealed by an animated strokeEnd shows its dashes where
    /// they are on the whole stroke (**Strata's choice**; Core Animation does not document the order). A nil
    /// or empty pattern gives the trimmed path. At most `maxDashPieces` dashes in all.
    public func strokedPart(from start: CGFloat, to end: CGFloat, dashPhase: CGFloat, dashPattern: [CGFloat]?) -> Path {
        guard let pattern = dashPattern, !pattern.isEmpty else { return trimmed(from: start, to: end) }
        func clamp(_ v: CGFloat) -> Double { v.isNaN ? 0 : Double(min(max(v, 0), 1)) }
        let a = clamp(start), b = clamp(end)
        guard a < b else { return Path() }
        if a == 0, b == 1 { return dashed(phase: dashPhase, lengths: pattern) }
        let measured = subpaths.map { ($0, $0.measured.reduce(0.0) { $0 + ($1.length ?? 0) }) }
        let total = measured.reduce(0.0) { $0 + $1.1 }
        guard total > 0, total.isFinite else { return Path() }
        let lo = a * total, hi = b * total
        var out = Path()
        var offset = 0.0
        for (subpath, length) in measured {
            defer { offset += length }
            let from = max(lo, offset), to = min(hi, offset + length)
            guard length > 0, to > from else { continue }
            let whole = Path(elements: subpath.elements)
            let part = from <= offset && to >= offset + length
                ? whole : whole.trimmed(from: CGFloat((from - offset) / length), to: CGFloat((to - offset) / length))
            // The part starts `from − offset` into its subpath: so far into the pattern as well.
            out.append(contentsOf: part.dashed(phase: dashPhase + CGFloat(from - offset), lengths: pattern))
            if out.elements.count >= 2 * Self.maxDashPieces { break }
        }
        return out
    }
}
