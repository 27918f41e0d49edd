import Foundation

/// The blend mode (CoreGraphics' setBlendMode), part of the graphics state: how fills, strokes, images,
/// gradients and shadows combine with the bitmap (see `CGBlendMode` for the formulas and
/// CGContext+Compositing.swift for how coverage bounds them). `clear(_:)` always clears.
extension CGContext {
    /// `plusDarker`, which Cairo cannot do, logs "unsupported: blend mode plusDarker" and paints as `normal`.
    public func setBlendMode(_ mode: CGBlendMode) {
        if mode.cairo == nil { StrataLog.logger.error("CGContext.setBlendMode: unsupported: blend mode \(mode) (painting as normal)") }
        state.blendMode = mode
    }
}
