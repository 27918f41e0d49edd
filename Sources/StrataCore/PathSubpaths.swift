import Foundation

/// One subpath as segments: what trimming, dashing and stroking walk.
struct Subpath {
    var start: CGPoint
    /// The explicit lines and curves, each from the previous end point (the first from `start`).
    var segments: [PathSegment] = []
    var closed = false

    /// The line a close draws back to `start`; nil when open or when it would have no length.
    var closing: PathSegment? {
        guard closed, let last = segments.last?.end, last != start else { return nil }
        return PathSegment(points: [last, start])
    }

    /// Everything that is drawn: the segments, then the closing line.
    var drawable: [PathSegment] { closing.map { segments + [$0] } ?? segments }

    /// The subpath as path elements, unchanged.
    var elements: [Path.Element] { [.move(start)] + segments.map(\.element) + (closed ? [.close] : []) }
}

extension Path {
    /// The subpaths that have at least one line or curve (a lone move draws nothing). A line or curve after
    /// a close starts a new subpath at the closed one's start, as `Path.append` tracks it.
    var subpaths: [Subpath] {
        var out: [Subpath] = []
        var current: Subpath?
        var point: CGPoint?, start: CGPoint?
        func flush() {
            if let s = current, !s.segments.isEmpty { out.append(s) }
            current = nil
        }
        func add(_ rest: [CGPoint]) {
            guard let from = point, let to = rest.last else { return }
            if current == nil { current = Subpath(start: from) }
            current?.segments.append(PathSegment(points: [from] + rest))
            point = to
        }
        for e in elements {
            switch e {
            case .move(let p): flush(); point = p; start = p
            case .line(let p): add([p])
            case let .quad(c, p): add([c, p])
            case let .cubic(c1, c2, p): add([c1, c2, p])
            case .close:
                current?.closed = true
                flush()
                point = start
            }
        }
        flush()
        return out
    }
}

extension Subpath {
    /// The drawable segments with their arc lengths; nil for a segment with a non-finite point or length,
    /// which measuring code skips.
    var measured: [(segment: PathSegment, length: Double?)] {
        drawable.map { s in
            let l = s.isFinite ? s.length(to: 1) : .nan
            return (s, l.isFinite ? l : nil)
        }
    }
}
