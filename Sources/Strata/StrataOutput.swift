import StrataProtocol

/// One of the render server's lit outputs (a screen, or the headless framebuffer), as
/// `StrataConnection.outputs` lists them. Linux has no UIScreen; this is the part of it a root needs.
public struct StrataOutput: Equatable, Sendable {
    /// The connector's name ("HDMI-A-1"), or "headless".
    public let name: String
    /// The size of its layer space in pixels (a screen mounted at 90° is taller than wide).
    public let width: Int
    public let height: Int
    /// Its refresh rate in Hz.
    public let refreshRate: Double

    init(_ info: OutputInfo) {
        name = info.name
        width = Int(info.width)
        height = Int(info.height)
        refreshRate = info.refreshHz
    }
}
