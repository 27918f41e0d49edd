import Foundation
import StrataCore

/// What a rasterized layer's bitmap holds: its subtree drawn in raster pixels (layer units times the
/// rasterization scale, shifted so `origin` is the bitmap's top-left corner). `key` is equal in two
/// frames exactly when the drawing is (its commands' keys, the size and the origin), so the renderer
/// reuses the bitmap it made for `owner` while the key stays the same.
public final class RasterContent {
    /// Which layer the bitmap belongs to (stable while the layer lives).
    public let owner: RasterOwner
    public let list: DrawList
    /// The bitmap's place in raster pixels, and so its size.
    public let origin: (x: Int, y: Int)
    public let width: Int, height: Int
    let analysis: DrawListAnalysis
    public let key: Int
    /// The bitmaps drawn inside it (its list's `.raster` commands), found once: a reused bitmap asks
    /// each frame whether one of them, drawn in parts, has become whole (`Renderer.advanceInnerParts`).
    let nested: [RasterContent]
    /// Whether a new drawing of it may be made a part a frame while the bitmap shows the last one
    /// (`Renderer.drawPart`): a client the render budgets defer, whose drawing may be any size.
    public var drawnInParts = false
    /// Whether its first drawing is made in parts too, the bitmap showing nothing until it is whole: for
    /// text, which shows none until it is laid out anyway (a client's first 65,536-glyph string drawn at
    /// once held the frame 70 ms, and a debug build's 0.6 s).
    public var startsEmpty = false

    /// The largest bitmap side; a bigger layer is drawn directly instead.
    public static let maxSide = 4096

    /// The bitmap for `list` (drawn in raster pixels), covering what the list draws; nil when it draws
    /// nothing or would exceed `maxSide`.
    public init?(owner: RasterOwner, list: DrawList) {
        let everywhere = PixelRect(x: -(1 << 24), y: -(1 << 24), width: 1 << 25, height: 1 << 25)
        let whole = DrawListAnalysis(list, target: everywhere)
        var box = PixelRect.empty
        var depth = 0
        var nested: [RasterContent] = []
        for (i, command) in list.commands.enumerated() {
            if case let .raster(_, _, inner, _, _, _, _) = command { nested.append(inner) }
            // Top-level commands only: a group's box already holds its content.
            if depth == 0 { box = box.union(whole.boxes[i]) }
            depth += command.nesting
        }
        guard whole.balanced, !box.isEmpty, box.width <= Self.maxSide, box.height <= Self.maxSide else { return nil }
        self.owner = owner
        self.list = list
        self.nested = nested
        origin = (box.x, box.y)
        width = box.width
        height = box.height
        // Boxes reaching past the bitmap only make culling test a little more: no second analysis.
        analysis = whole
        var h = Hasher()
        h.combine(box)
        for k in analysis.keys { h.combine(k) }
        key = h.finalize()
    }
}
