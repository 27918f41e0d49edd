import CStrataGL
import Foundation
import StrataCore

/// A replicator's copies drawn from one list (`DrawCommand.content`): its sublayers' quads, emitted once in
/// the replicator's sublayer space, queued again for each copy through the copy's matrix, with the copy's
/// tint and alpha. So the server builds, keys and boxes the sublayers once whatever the number of copies;
/// each copy costs the quads it queues. Used when every copy shows the same presentation (no instance
/// delay, or nothing below animates), the sublayers draw plain quads only, and a copy's alpha below 1
/// groups none of them (a copy's alpha multiplies each quad here).
public struct ReplicatedDraw: ContentDraw {
    public struct Copy: Sendable {
        /// The replicator's sublayer space → target pixels, for this copy.
        public var matrix: Transform3D
        public var tint: Color
        public var alpha: CGFloat
        public init(matrix: Transform3D, tint: Color, alpha: CGFloat) { self.matrix = matrix; self.tint = tint; self.alpha = alpha }
    }

    /// The sublayers' commands, their matrices mapping to the replicator's sublayer space.
    public var body: [DrawCommand]
    public var copies: [Copy]

    public init?(body: [DrawCommand], copies: [Copy]) {
        guard Self.canDraw(body) else { return nil }
        self.body = body
        self.copies = copies
    }

    /// Whether every command is a quad this draw can repeat (fills, rounded shapes and images: no groups,
    /// clips, paths or content of their own).
    public static func canDraw(_ commands: [DrawCommand]) -> Bool {
        commands.allSatisfy { c in
            switch c {
            case .fill, .shape, .image: true
            default: false
            }
        }
    }

    public func box(within target: PixelRect) -> PixelRect {
        var box = PixelRect.empty
        for copy in copies {
            for command in body {
                guard let (m, rect) = Self.geometry(command) else { continue }
                box = box.union(PixelRect.covering(rect, m * copy.matrix, margin: DrawListAnalysis.margin, within: target))
            }
        }
        return box
    }

    public func combine(into h: inout Hasher) {
        h.combine(body.count)
        for command in body { DrawListAnalysis.combine(command, into: &h) }
        h.combine(copies.count)
        for copy in copies { h.combine(copy.matrix); h.combine(copy.tint); h.combine(copy.alpha) }
    }

    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws {
        for copy in copies where copy.alpha > 0 {
            for command in body { renderer.queueQuad(command, outer: copy.matrix, tint: copy.tint, alpha: copy.alpha) }
        }
    }

    private static func geometry(_ command: DrawCommand) -> (Transform3D, CGRect)? {
        switch command {
        case let .fill(m, rect, _, _, _), let .shape(m, rect, _, _, _, _, _, _), let .image(m, rect, _, _, _, _, _, _): (m, rect)
        default: nil
        }
    }
}
