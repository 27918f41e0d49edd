import Foundation
import StrataCore

/// A group's key relative to its box (`Renderer.groupKey`): equal for two groups that draw the same thing a
/// whole number of pixels apart, so that a kept composite (a shadow blurred once) follows content that
/// scrolls or slides by whole pixels instead of being drawn and blurred again at each new place. Every
/// command's place is taken relative to the box's top-left corner; a command whose place cannot be
/// (a kind's own drawing, a projective matrix) leaves the group without one, and it keeps its absolute key.
enum RelativeGroupKey {
    /// The key of `commands` (a whole group, begin to end) relative to `box`; nil when one cannot be moved.
    static func key(_ commands: ArraySlice<DrawCommand>, box: PixelRect) -> Int? {
        let dx = CGFloat(box.x), dy = CGFloat(box.y)
        var h = Hasher()
        h.combine(box.width); h.combine(box.height)
        for command in commands {
            guard let moved = shifted(command, dx: -dx, dy: -dy) else { return nil }
            DrawListAnalysis.combine(moved, into: &h)
        }
        return h.finalize()
    }

    /// Where a group that the target's edge cuts would draw without the cut: its commands' boxes unclipped,
    /// grown by a shadow's reach, as `DrawListAnalysis` measures them. Only for a group of plain drawing
    /// (no nested group or clip, no kind's drawing) ended by a shadow or an opacity group; nil otherwise.
    /// A kept composite of the same drawing is then placed there, partly off the target, so that content
    /// scrolling in over the edge finds the composite that identical content on screen made.
    static func uncutBox(_ commands: ArraySlice<DrawCommand>) -> PixelRect? {
        guard commands.count > 2, case .beginGroup = commands[commands.startIndex], let end = commands.last else { return nil }
        let reach: Int
        switch end {
        case let .endShadowGroup(_, _, sigma): reach = ShadowKernel.drawnReach(sigma: sigma)
        case let .endFilterGroup(chain, _): reach = chain.reach
        case .endGroup(_, .over): reach = 0
        default: return nil
        }
        var union = PixelRect.empty
        for command in commands.dropFirst().dropLast() {
            guard let box = DrawListAnalysis.drawnBox(command, within: unbounded) else { return nil }
            union = union.union(box)
        }
        return union.grown(by: reach)
    }

    /// Larger than any target (`PixelRect.covering` clamps what lies beyond it).
    static let unbounded = PixelRect(x: -(1 << 29), y: -(1 << 29), width: 1 << 30, height: 1 << 30)

    /// `command` drawn `dx`, `dy` target pixels further; nil when its place is not a translation away
    /// (a kind's drawing that cannot say where it is moved, a matrix with perspective).
    static func shifted(_ command: DrawCommand, dx: CGFloat, dy: CGFloat) -> DrawCommand? {
        func move(_ m: Transform3D) -> Transform3D? { m.movedInTarget(dx: dx, dy: dy) }
        switch command {
        case let .fill(m, rect, color, alpha, edges):
            return move(m).map { .fill(matrix: $0, rect: rect, color: color, alpha: alpha, edges: edges) }
        case let .image(m, rect, image, uv, alpha, sampling, edges, tint):
            return move(m).map { .image(matrix: $0, rect: rect, image: image, uv: uv, alpha: alpha, sampling: sampling, edges: edges, tint: tint) }
        case let .shape(m, rect, radius, corners, border, color, alpha, edges):
            return move(m).map {
                .shape(matrix: $0, rect: rect, radius: radius, corners: corners, border: border, color: color, alpha: alpha, edges: edges)
            }
        case let .path(m, path, color, alpha):
            return move(m).map { .path(matrix: $0, path: path, color: color, alpha: alpha) }
        case let .raster(m, rect, content, alpha, sampling, edges, tint):
            return move(m).map { .raster(matrix: $0, rect: rect, content: content, alpha: alpha, sampling: sampling, edges: edges, tint: tint) }
        case let .endClipGroup(m, rect, radius, corners, alpha):
            return move(m).map { .endClipGroup(matrix: $0, rect: rect, radius: radius, corners: corners, alpha: alpha) }
        case let .backdrop(m, rect, radius, corners, chain, alpha):
            return move(m).map { .backdrop(matrix: $0, rect: rect, radius: radius, corners: corners, chain: chain, alpha: alpha) }
        case .beginClip(let r):
            guard dx == dx.rounded(), dy == dy.rounded() else { return nil }
            return .beginClip(PixelRect(x: r.x + Int(dx), y: r.y + Int(dy), width: r.width, height: r.height))
        case .beginGroup, .endGroup, .endShadowGroup, .endMaskedGroups, .endClip, .endFilterGroup:
            return command
        case .content(let c):
            return c.shifted(dx: dx, dy: dy).map { .content($0) }
        case .endTransitionGroups:
            return nil
        }
    }
}

extension Transform3D {
    /// This matrix followed by a move of `dx`, `dy` target pixels; nil with perspective (a move is then no
    /// longer a change of its translation alone).
    func movedInTarget(dx: CGFloat, dy: CGFloat) -> Transform3D? {
        guard m14 == 0, m24 == 0, m34 == 0, m44 == 1 else { return nil }
        var moved = self
        moved.m41 += dx
        moved.m42 += dy
        return moved
    }
}
