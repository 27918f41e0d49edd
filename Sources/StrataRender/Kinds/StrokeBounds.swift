import Foundation
import StrataCore

/// The bounding box of a stroke as it is drawn (layer coordinates): the box of the outline `ShapeDraw`
/// fills, so joins and caps count as drawn, a miter spike only where a corner makes one, and a trimmed
/// stroke only the part kept. Damage tracking asks for it every frame a list is planned, so the recent
/// answers are remembered (a path hashes in far less time than it is flattened and stroked).
enum StrokeBounds {
    private struct Key: Hashable {
        var path: Path
        var geometry: StrokeGeometry
        var dashPattern: [CGFloat]?
        var dashPhase: CGFloat, start: CGFloat, end: CGFloat
        var scale: CGFloat
    }

    private static let memo = Memo()
    /// Entries kept before the memo starts over (a screen rarely shows more distinct strokes).
    static let memoLimit = 512

    /// The box of `stroke` along `path`, flattened for `scale` (target pixels per layer unit); null when
    /// it draws nothing.
    static func of(_ path: Path, _ stroke: ShapeDraw.Stroke, scale: CGFloat) -> CGRect {
        let key = Key(path: path, geometry: stroke.geometry, dashPattern: stroke.dashPattern, dashPhase: stroke.dashPhase,
                      start: stroke.start, end: stroke.end, scale: scale)
        if let known = memo.value(for: key) { return known }
        var box = CGRect.null
        for contour in ShapeDraw.outline(path, stroke, scale: scale) {
            for p in contour { box = box.union(CGRect(x: p.x, y: p.y, width: 0, height: 0)) }
        }
        memo.store(box, for: key)
        return box
    }

    private final class Memo: @unchecked Sendable {
        private var boxes: [Key: CGRect] = [:]
        private let lock = NSLock()

        func value(for key: Key) -> CGRect? {
            lock.lock()
            defer { lock.unlock() }
            return boxes[key]
        }

        func store(_ box: CGRect, for key: Key) {
            lock.lock()
            defer { lock.unlock() }
            if boxes.count >= StrokeBounds.memoLimit { boxes.removeAll(keepingCapacity: true) }
            boxes[key] = box
        }
    }
}
