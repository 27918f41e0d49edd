import CStrataGL

/// What the current EGL display offers for sharing buffers as dmabufs (docs/drawables.md): importing one
/// as an EGLImage (`EGL_EXT_image_dma_buf_import`, with explicit format modifiers under `…_modifiers`).
/// Probed at start-up and reported (`strata stats` `drawables`); drawables travel in shared memory either
/// way until the zero-copy path is built.
public struct DmabufSupport: Equatable, Sendable {
    public let canImport: Bool
    public let canImportWithModifiers: Bool

    /// The extensions of the display whose context is current (nothing when none is).
    public static func probeCurrent() -> DmabufSupport {
        let display = eglGetCurrentDisplay()
        let names = display.flatMap { eglQueryString($0, EGL_EXTENSIONS) }.map { String(cString: $0) } ?? ""
        let set = Set(names.split(separator: " ").map(String.init))
        return DmabufSupport(canImport: set.contains("EGL_EXT_image_dma_buf_import"),
                             canImportWithModifiers: set.contains("EGL_EXT_image_dma_buf_import_modifiers"))
    }
}
