/// Places rectangles in a square atlas in rows ("shelves"): a rectangle goes on the shelf whose height
/// wastes least of all that fit it, or on a new shelf below the last. Glyphs of one size are alike in
/// height, so shelves fill well; nothing is freed one by one (the atlas is cleared whole when full).
struct ShelfPacker {
    struct Shelf { var y: Int, height: Int, x: Int }
    let size: Int
    private(set) var shelves: [Shelf] = []
    private var nextY = 0

    init(size: Int) { self.size = size }

    /// The top-left corner of a free `width` × `height` area, or nil when none is left.
    mutating func insert(width: Int, height: Int) -> (x: Int, y: Int)? {
        guard width > 0, height > 0, width <= size, height <= size else { return nil }
        // The shortest shelf that fits; one more than twice as tall is used only when no new shelf fits.
        let fitting = shelves.indices.filter { shelves[$0].height >= height && shelves[$0].x + width <= size }
            .sorted { shelves[$0].height < shelves[$1].height }
        let snug = fitting.first { shelves[$0].height <= height * 2 || height < 4 }
        let roomBelow = nextY + height <= size
        if let i = snug ?? (roomBelow ? nil : fitting.first) {
            defer { shelves[i].x += width }
            return (shelves[i].x, shelves[i].y)
        }
        guard roomBelow else { return nil }
        shelves.append(Shelf(y: nextY, height: height, x: width))
        nextY += height
        return (0, nextY - height)
    }

    mutating func removeAll() {
        shelves.removeAll()
        nextY = 0
    }
}
