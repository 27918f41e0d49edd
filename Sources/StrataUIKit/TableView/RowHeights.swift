import Foundation

/// The heights of one section's rows as a Fenwick tree: a row's offset, a height's change and the row at a
/// given offset each cost O(log n), so scrolling a 10,000-row table and measuring rows as they appear never
/// walks every row. Building it (a reload or an update of the section) is O(n).
struct RowHeights {
    private(set) var heights: [CGFloat]
    private var tree: [CGFloat]

    init(_ heights: [CGFloat]) {
        self.heights = heights
        tree = [0] + heights
        // Linear construction: each node adds itself to its parent.
        for i in 1..<max(tree.count, 1) {
            let parent = i + (i & -i)
            if parent < tree.count { tree[parent] += tree[i] }
        }
    }

    var count: Int { heights.count }
    var total: CGFloat { offset(ofRow: heights.count) }

    /// The sum of the heights of the rows before `row`.
    func offset(ofRow row: Int) -> CGFloat {
        var i = min(max(row, 0), heights.count), sum: CGFloat = 0
        while i > 0 { sum += tree[i]; i -= i & -i }
        return sum
    }

    mutating func setHeight(_ height: CGFloat, ofRow row: Int) {
        guard heights.indices.contains(row) else { return }
        let delta = height - heights[row]
        guard delta != 0 else { return }
        heights[row] = height
        var i = row + 1
        while i < tree.count { tree[i] += delta; i += i & -i }
    }

    /// The row whose span [offset, offset + height) holds `y` (measured from the first row's top), clamped to
    /// the rows there are; nil when there are none.
    func row(at y: CGFloat) -> Int? {
        guard !heights.isEmpty else { return nil }
        // The largest prefix whose sum is ≤ y is the number of rows wholly above y.
        var position = 0, remaining = y
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(position, heights.count - 1)
    }
}
