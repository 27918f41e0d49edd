import Foundation

/// The pixels a frame repaints: a few disjoint rectangles, so two changes far apart (a progress ring and a
/// spinner on opposite sides of the screen) repaint their own boxes and not everything between them, as
/// wlroots and Weston keep damage as a region. Each rectangle costs the renderer one pass over the draw
/// list (commands outside it are culled), so the count is capped and rectangles that would cost little
/// more merged are merged.
public struct DamageRegion: Equatable, Sendable {
    /// The most rectangles kept; past it, the two whose union wastes the fewest pixels are merged.
    public static let maxRects = 4
    /// Two rectangles are merged when their union holds at most this fraction more pixels than both, or at
    /// most this many more (a 64 × 64 square): a pass of its own would cost about as much as painting them.
    static let mergeSlack = 0.25
    static let mergeSlackPixels = 4096

    public private(set) var rects: [PixelRect] = []

    public init() {}
    public init(_ rect: PixelRect) { add(rect) }

    public var isEmpty: Bool { rects.isEmpty }
    /// The smallest rectangle holding the region.
    public var bounds: PixelRect { rects.reduce(PixelRect.empty) { $0.union($1) } }
    /// Pixels in the region (its rectangles never overlap).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Adds `rect`: merged with every rectangle whose union with it costs little more than the two, and cut
    /// where it still overlaps others (a scroll view's indicator moving across the strip a scroll uncovers
    /// repaints its own few pixels, not the box around both).
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty, !rects.contains(where: { $0.intersection(rect) == rect }) else { return }
        var r = rect
        var i = 0
        while i < rects.count {
            if Self.mergesCheaply(rects[i], r) {
                r = r.union(rects.remove(at: i))
                i = 0
            } else {
                i += 1
            }
        }
        var pieces = [r]
        for existing in rects where existing.intersects(r) { pieces = pieces.flatMap { $0.subtracting(existing) } }
        rects += pieces
        while rects.count > Self.maxRects { mergeCheapestPair() }
    }

    /// Adds `rect` merged with every rectangle it overlaps or lies close to: the count never grows by more
    /// than one.
    private mutating func absorb(_ rect: PixelRect) {
        var r = rect
        var i = 0
        while i < rects.count {
            if rects[i].intersects(r) || Self.mergesCheaply(rects[i], r) {
                r = r.union(rects.remove(at: i))
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(r)
    }

    public mutating func add(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    public func intersection(_ rect: PixelRect) -> DamageRegion {
        var out = DamageRegion()
        for r in rects { out.add(r.intersection(rect)) }
        return out
    }

    /// Whether the union of `a` and `b` holds at most `mergeSlack` more pixels than the two cover, or at most
    /// `mergeSlackPixels` more.
    private static func mergesCheaply(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let both = a.area + b.area - a.intersection(b).area
        let waste = a.union(b).area - both
        return waste <= mergeSlackPixels || Double(waste) <= Double(both) * mergeSlack
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Int.max)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < best.waste { best = (i, j, waste) }
            }
        }
        let merged = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        absorb(merged)
    }
}
