// PLACEHOLDER until the GPU draw lands (branch emitter-gpu replaces this file).
import CStrataGL
import Foundation
import StrataCore

public struct EmitterDraw: ContentDraw {
    public init(matrix: Transform3D, frame: EmitterFrame, alpha: CGFloat, tint: Color) {}
    public func box(within target: PixelRect) -> PixelRect { target }
    public func combine(into h: inout Hasher) {}
    public func draw(in renderer: Renderer, framebuffer: GLuint, scissor: PixelRect) throws {}
}
