import Foundation

extension Path {
    /// The most dash pieces `dashed` makes: a tiny pattern on a long path stops there.
    public static let maxDashPieces = 100_000

    /// The "on" pieces of a dash pattern (CAShapeLayer lineDashPattern/lineDashPhase, CGPath
    /// copy(dashingWithPhase:lengths:)), measured by exact arc length, closing lines included. The pattern
    /// restarts at each subpath, as in Core Graphics and Cairo; `phase` is the distance into the pattern at
    /// which each subpath starts (negative wraps; non-finite counts as 0). An odd-length pattern is used
    /// twice over. Curves are cut exactly. A zero-length "on" entry gives a zero-length piece (a dot under a
    /// round or square cap). On a closed subpath a piece that runs to the end continues into one that starts
    /// at the beginning (as Cairo and Skia join them); one piece covering it whole keeps it closed. An empty
    /// pattern, or one with a negative or non-finite entry or summing to 0, leaves the path unchanged. At
    /// most `maxDashPieces` pieces are made.
    public func dashed(phase: CGFloat, lengths: [CGFloat]) -> Path {
        guard var dasher = Dasher(lengths: lengths, phase: phase) else { return self }
        var out = Path()
        for subpath in subpaths {
            for e in dasher.dash(subpath) { out.append(e) }
            if dasher.pieceCount >= Self.maxDashPieces { break }
        }
        return out
    }
}

/// Walks subpaths through a dash pattern, counting the pieces it makes.
struct Dasher {
    let pattern: [Double]
    /// Where each subpath starts in the pattern: the entry and what is left of it.
    let startIndex: Int, startRemaining: Double
    private(set) var pieceCount = 0

    init?(lengths: [CGFloat], phase: CGFloat) {
        var pattern = lengths.map(Double.init)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        if pattern.count % 2 == 1 { pattern += pattern }
        let sum = pattern.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        var p = phase.isFinite ? Double(phase).truncatingRemainder(dividingBy: sum) : 0
        if p < 0 { p += sum }
        // Skip whole entries the phase covers; stop at a zero-length "on" entry exactly at the phase.
        var i = 0
        while i < pattern.count, p > pattern[i] || (p == pattern[i] && pattern[i] > 0) {
            p -= pattern[i]
            i += 1
        }
        if i == pattern.count { i = 0; p = 0 } // rounding left the phase at the very end
        self.pattern = pattern
        startIndex = i
        startRemaining = pattern[i] - p
    }

    /// The dashed pieces of one subpath as path elements.
    mutating func dash(_ subpath: Subpath) -> [Path.Element] {
        var pieces: [[PathSegment]] = []
        var current: [PathSegment] = [] // the "on" piece in progress
        var index = startIndex, remaining = startRemaining
        var firstStartsAtZero = false, lastReachesEnd = false
        let measured = subpath.measured
        walk: for (k, (segment, segmentLength)) in measured.enumerated() {
            guard let length = segmentLength else {
                if !current.isEmpty { pieces.append(current); current = []; pieceCount += 1 }
                continue
            }
            var t = 0.0
            while true {
                let on = index % 2 == 0
                let toEnd = length - t, reachesEnd = remaining >= toEnd
                let step = reachesEnd ? toEnd : remaining
                // A dash starting exactly at the segment's end starts in the next segment instead.
                if on, step > 0 || !reachesEnd || remaining == toEnd {
                    if current.isEmpty, pieces.isEmpty, k == 0, t == 0 { firstStartsAtZero = true }
                    current.append(segment.portion(fromLength: t, toLength: t + step, length: length))
                }
                t = reachesEnd ? length : t + step
                remaining = reachesEnd ? remaining - toEnd : 0
                if remaining <= 0 {
                    if on {
                        pieces.append(current)
                        current = []
                        pieceCount += 1
                        if pieceCount >= Path.maxDashPieces { break walk }
                    }
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                } else if reachesEnd {
                    break
                }
            }
            lastReachesEnd = k == measured.count - 1 && !current.isEmpty
        }
        if !current.isEmpty { pieces.append(current); pieceCount += 1 }

        if subpath.closed, firstStartsAtZero, lastReachesEnd {
            if pieces.count == 1 { return subpath.elements } // on all the way round
            let first = pieces.removeFirst()
            pieces[pieces.count - 1] += first
        }
        return pieces.flatMap { piece -> [Path.Element] in
            guard let start = piece.first?.start else { return [] }
            return [.move(start)] + piece.map(\.element)
        }
    }
}
