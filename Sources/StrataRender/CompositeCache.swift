import CStrataGL
import Foundation

/// Groups' composites kept as textures while what they hold stays the same (issue 28: effects computed
/// once): a shadow blurred, a rounded clip's, a mask's or an opacity group's result. A group's key covers
/// every command in it and its place, so a kept composite is drawn again only at the same place with the
/// same content and values; a frame that repaints across it then draws the texture instead of drawing
/// the group offscreen (and blurring a shadow twice). Composites are kept the second time they are drawn
/// unchanged: one that changes every frame (a bouncing button's) is never copied. Textures live within
/// `byteBudget`, least recently used dropped first, and go after `idleFrames` frames unused.
final class CompositeCache {
    final class Entry {
        private(set) var texture: GLuint = 0
        let width: Int, height: Int
        var lastUsed: UInt64
        var bytes: Int { width * height * 4 }

        init(width: Int, height: Int, frame: UInt64) {
            self.width = width
            self.height = height
            lastUsed = frame
            texture = ColorStencilTarget.makeTexture(width: width, height: height, filter: GL_NEAREST)
        }

        deinit { glDeleteTextures(1, &texture) }
    }

    /// What kept composites may hold in all (RGBA8 texels).
    static let byteBudget = 32 << 20
    /// A kept composite unused this many frames is dropped.
    static let idleFrames: UInt64 = 600
    /// Keys of groups drawn once, remembered at most this many.
    static let seenLimit = 4096

    private var entries: [Int: Entry] = [:]
    /// Groups drawn but not kept, and the frame each was last drawn in.
    private var seen: [Int: UInt64] = [:]
    private(set) var bytes = 0
    var count: Int { entries.count }

    /// The kept composite for `key`, marked used in `frame`.
    func entry(_ key: Int, frame: UInt64) -> Entry? {
        guard let entry = entries[key] else { return nil }
        entry.lastUsed = frame
        return entry
    }

    /// Whether the group `key`, drawn in `frame`, should be kept: it was drawn unchanged in an earlier one.
    func shouldKeep(_ key: Int, frame: UInt64) -> Bool {
        if let earlier = seen[key], earlier != frame { return true }
        if seen.count >= Self.seenLimit { seen.removeAll(keepingCapacity: true) }
        seen[key] = frame
        return false
    }

    /// A new texture for the group `key`, `width` × `height` texels; nil when it would take over a quarter
    /// of the budget (a group that large is drawn every time).
    func store(_ key: Int, width: Int, height: Int, frame: UInt64) -> Entry? {
        guard width > 0, height > 0, width * height * 4 <= Self.byteBudget / 4 else { return nil }
        let entry = Entry(width: width, height: height, frame: frame)
        if let old = entries.updateValue(entry, forKey: key) { bytes -= old.bytes }
        bytes += entry.bytes
        seen[key] = nil
        trim(frame: frame)
        return entry
    }

    /// Drops composites unused for `idleFrames`, then the least recently used while over the budget.
    func trim(frame: UInt64) {
        for (key, entry) in entries where entry.lastUsed &+ Self.idleFrames < frame { drop(key) }
        while bytes > Self.byteBudget, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key { drop(oldest) }
    }

    func releaseAll() {
        entries.removeAll()
        seen.removeAll()
        bytes = 0
    }

    private func drop(_ key: Int) {
        if let entry = entries.removeValue(forKey: key) { bytes -= entry.bytes }
    }
}
