import CStrataGL

/// Filtered backdrops (`backgroundFilters`) kept while what lies beneath them stays the same: keyed by
/// `DrawListAnalysis.backdropKeys` (the backdrop and every command beneath it within what it reads), each a
/// target of the framebuffer's size holding the filtered pixels at their window places, so a frame whose
/// repaint touches the panel but nothing beneath it (a label on a frosted bar changing) composites the kept
/// pixels instead of copying and blurring again, and the damage tracker need not repaint all it reads.
/// At most `capacity` entries; one used or made in the current frame is never dropped in it.
final class BackdropCache {
    struct Entry {
        let target: ColorStencilTarget
        var lastUsed: UInt64
    }

    static let capacity = 4
    private var entries: [Int: Entry] = [:]
    private var width = 0, height = 0, rotation = 0

    /// Whether the filtered backdrop of `key` is kept for a framebuffer of this size and turn (the pixels are
    /// kept at their window places).
    func contains(_ key: Int, width: Int, height: Int, rotation: Int) -> Bool {
        width == self.width && height == self.height && rotation == self.rotation && entries[key] != nil
    }

    /// The kept backdrop of `key`, marked used in `frame`.
    func entry(_ key: Int, width: Int, height: Int, rotation: Int, frame: UInt64) -> ColorStencilTarget? {
        guard contains(key, width: width, height: height, rotation: rotation) else { return nil }
        entries[key]?.lastUsed = frame
        return entries[key]?.target
    }

    /// A target to keep the backdrop of `key` in (the least recently used one's when full, unless it was used
    /// in this frame: then nil, and the backdrop is not kept).
    func store(_ key: Int, width: Int, height: Int, rotation: Int, frame: UInt64) throws -> ColorStencilTarget? {
        if width != self.width || height != self.height || rotation != self.rotation {
            releaseAll()
            self.width = width; self.height = height; self.rotation = rotation
        }
        if let kept = entries[key] { entries[key]?.lastUsed = frame; return kept.target }
        var target: ColorStencilTarget
        if entries.count < Self.capacity {
            target = try ColorStencilTarget(width: width, height: height, filter: GL_NEAREST, what: "kept backdrop")
        } else {
            guard let (oldest, entry) = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }), entry.lastUsed < frame else { return nil }
            entries[oldest] = nil
            target = entry.target
        }
        entries[key] = Entry(target: target, lastUsed: frame)
        return target
    }

    var bytes: Int { entries.count * width * height * 4 }

    func releaseAll() { entries.removeAll() }
}
