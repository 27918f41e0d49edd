import CStrataGL
import Foundation
import StrataCore

/// Drawing a layer kind adds that the renderer does not know by name (a shape's fill and stroke, a
/// gradient): `DrawCommand.content`. It says which pixels it can change and what it depends on (for
/// culling and damage tracking), and draws itself with its material through the renderer. Each kind's
/// draws live in Kinds/.
public protocol ContentDraw {
    /// The target pixels it can change, clipped to `target`.
    func box(within target: PixelRect) -> PixelRect
    /// Combines every value that changes what it draws (equal in two frames only when the drawing is).
    func combine(into h: inout Hasher)
    /// Draws into `framebuffer`, the pass's current target, limited to `scissor` (target pixels); the
    /// renderer's batch state stays valid (a draw that binds GL state itself flushes first and resets
    /// what it changed, see `Renderer.flush` and `Renderer.invalidateBindings`).
    func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws
    /// Whether the GPU can place it with a motion slot (`MotionSlots.moves`): then the renderer calls
    /// `draw(in:framebuffer:scissor:motion:)` with how the slots move it.
    var movesWithSlots: Bool { get }
    func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect, motion: MotionRef) throws
    /// About how many quads it draws (a glyph each for text), what the server's render budgets split a
    /// frame's GL time by (an estimate: 1 for one quad or fill).
    var drawCost: Int { get }
    /// The same drawing `dx`, `dy` target pixels further, when its place is a translation away (nil: it
    /// cannot be moved so; then it never matches a moved copy of itself in `RelativeGroupKey` or `ScrollCopy`).
    func shifted(dx: CGFloat, dy: CGFloat) -> (any ContentDraw)?
}

extension ContentDraw {
    public var movesWithSlots: Bool { false }
    public var drawCost: Int { 1 }
    public func shifted(dx: CGFloat, dy: CGFloat) -> (any ContentDraw)? { nil }
    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect, motion: MotionRef) throws {
        try draw(in: renderer, framebuffer: framebuffer, scissor: scissor)
    }
}
