import Foundation
import StrataCore
import StrataProtocol

/// One of the render server's lit outputs (a screen, or the headless framebuffer), as
/// `StrataConnection.outputs` lists them. Linux has no UIScreen; this is the part of it a root needs.
public struct StrataOutput: Equatable, Sendable {
    /// The connector's name ("HDMI-A-1"), or "headless".
    public let name: String
    /// The size of its layer space in pixels (a screen mounted at 90° is taller than wide); `bounds` is
    /// the same in points.
    public let width: Int
    /// The height of its layer space in pixels (after rotation); `bounds` gives it in points.
    public let height: Int
    /// Its refresh rate in Hz.
    public let refreshRate: Double
    /// Its pixels per layer point (`UIScreen.scale`): 2 on a panel configured as 2×. Layer geometry is in
    /// points; set a layer's `contentsScale` to this for backing stores, text and images as sharp as the
    /// panel (Core Animation's view-hosted layers get it by default; plain layers keep 1, as on iOS).
    public let scale: CGFloat
    /// How far in from each edge, in points, its content is safe from the bezel (`safe-area-insets` in the
    /// server's configuration; UIKit's window `safeAreaInsets`). Zero unless configured.
    public let safeAreaInsets: SafeAreaInsets
    /// Its layer space in points (pixels ÷ scale), origin (0, 0): `UIScreen.bounds`, the frame of a
    /// full-screen root (`StrataConnection.screenBounds` is the primary output's).
    public var bounds: CGRect { CGRect(x: 0, y: 0, width: CGFloat(width) / scale, height: CGFloat(height) / scale) }
    /// Its size in pixels, origin (0, 0): `UIScreen.nativeBounds`.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: width, height: height) }

    init(_ info: OutputInfo) {
        name = info.name
        width = Int(info.width)
        height = Int(info.height)
        refreshRate = info.refreshHz
        scale = info.scale > 0 && info.scale.isFinite ? CGFloat(info.scale) : 1
        safeAreaInsets = info.safeAreaInsets.isValid ? info.safeAreaInsets : .zero
    }
}
