/// A layer's sublayers in painter's order, stored in chunks of at most `chunkCapacity` nodes so that
/// inserting at an index and removing a known node cost O(chunkCapacity + count / chunkCapacity) instead
/// of O(count): removing every sublayer of a parent with 50,000 of them, one by one, must not take
/// quadratic time. Each node remembers its chunk, so a removal finds its place without a search through
/// the whole list.
final class SublayerList: Sequence {
    final class Chunk {
        var nodes: [RenderNode] = []
        /// This chunk's position in `chunks` (kept when chunks are added or dropped).
        var position = 0
    }

    static let chunkCapacity = 128
    private var chunks: [Chunk] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }
    var first: RenderNode? { chunks.first?.nodes.first }

    /// The nodes as one array (drawing takes them so, once per frame).
    var array: [RenderNode] {
        guard chunks.count > 1 else { return chunks.first?.nodes ?? [] }
        var all: [RenderNode] = []
        all.reserveCapacity(count)
        for c in chunks { all.append(contentsOf: c.nodes) }
        return all
    }

    func makeIterator() -> FlattenSequence<LazyMapSequence<[Chunk], [RenderNode]>>.Iterator {
        chunks.lazy.map(\.nodes).joined().makeIterator()
    }

    /// Inserts `node` at `index` (0…count); the node must be in no list.
    func insert(_ node: RenderNode, at index: Int) {
        precondition(index >= 0 && index <= count, "SublayerList.insert: index out of range")
        if chunks.isEmpty { chunks.append(Chunk()) }
        var chunkIndex = 0
        var offset = index
        // Appending, the common case, goes straight to the last chunk.
        if index == count {
            chunkIndex = chunks.count - 1
            offset = chunks[chunkIndex].nodes.count
        } else {
            while offset > chunks[chunkIndex].nodes.count {
                offset -= chunks[chunkIndex].nodes.count
                chunkIndex += 1
            }
        }
        let chunk = chunks[chunkIndex]
        chunk.nodes.insert(node, at: offset)
        node.links.chunk = chunk
        count += 1
        if chunk.nodes.count > 2 * Self.chunkCapacity { split(chunkIndex) }
    }

    /// Removes `node`, which must be in this list.
    func remove(_ node: RenderNode) {
        guard let chunk = node.links.chunk, let i = Self.index(of: node, in: chunk) else { return }
        chunk.nodes.remove(at: i)
        node.links.chunk = nil
        count -= 1
        if chunk.nodes.isEmpty {
            chunks.remove(at: chunk.position)
            renumber(from: chunk.position)
        }
    }

    /// Empties the list, returning what it held in order.
    func removeAll() -> [RenderNode] {
        let all = array
        for n in all { n.links.chunk = nil }
        chunks.removeAll()
        count = 0
        return all
    }

    /// Searches from both ends at once: removing a run of sublayers from either end finds each at once.
    private static func index(of node: RenderNode, in chunk: Chunk) -> Int? {
        var (front, back) = (0, chunk.nodes.count - 1)
        while front <= back {
            if chunk.nodes[front] === node { return front }
            if chunk.nodes[back] === node { return back }
            front += 1
            back -= 1
        }
        return nil
    }

    private func split(_ chunkIndex: Int) {
        let chunk = chunks[chunkIndex]
        let tail = Chunk()
        tail.nodes = Array(chunk.nodes[Self.chunkCapacity...])
        chunk.nodes.removeSubrange(Self.chunkCapacity...)
        for n in tail.nodes { n.links.chunk = tail }
        chunks.insert(tail, at: chunkIndex + 1)
        renumber(from: chunkIndex + 1)
    }

    private func renumber(from start: Int) {
        for i in start..<chunks.count { chunks[i].position = i }
    }
}
