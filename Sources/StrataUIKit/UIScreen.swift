/// The screen a window shows on (UIKit's UIScreen): the render server's primary output as the current
/// connection reports it. Before a connection exists it is empty with scale 1.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The primary output.
    public static let main = UIScreen(outputName: nil)

    /// Every output the current connection reports, the primary one (`main`) first, each the same object
    /// for the same output name.
    public static var screens: [UIScreen] {
        let outputs = StrataConnection.currentConnection?.outputs ?? []
        return [main] + outputs.dropFirst().map { output in
            if let known = others[output.name] { return known }
            let screen = UIScreen(outputName: output.name)
            others[output.name] = screen
            return screen
        }
    }
    private static var others: [String: UIScreen] = [:]

    /// The output's name, nil for the primary output whatever it is called.
    private let name: String?

    private init(outputName: String?) {
        name = outputName
        super.init()
    }

    private var output: StrataOutput? {
        let outputs = StrataConnection.currentConnection?.outputs ?? []
        guard let name else { return outputs.first }
        return outputs.first { $0.name == name }
    }

    /// Its size in points, origin (0, 0).
    public var bounds: CGRect { output?.bounds ?? .zero }
    /// The screen less the status bar (UIKit's deprecated `applicationFrame`): a kiosk has none, so the bounds.
    public var applicationFrame: CGRect { bounds }
    /// Pixels per point (2 on a panel configured as 2×).
    public var scale: CGFloat { output?.scale ?? 1 }
    /// Its size in pixels.
    public var nativeBounds: CGRect { output.map { CGRect(x: 0, y: 0, width: $0.width, height: $0.height) } ?? .zero }
    /// Pixels per point of the output: always the same as `scale` (1 before a connection), since an output
    /// has one scale.
    public var nativeScale: CGFloat { scale }
    /// What the output's bezel covers, in points from each edge (the server's `safe-area-insets` for it):
    /// the safe-area insets of a window filling the screen. UIKit keeps this private; windows read it.
    var safeAreaInsets: UIEdgeInsets {
        guard let insets = output?.safeAreaInsets else { return .zero }
        return UIEdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
    /// Its refresh rate, rounded (60 for a 59.94 Hz mode).
    public var maximumFramesPerSecond: Int { Int((output?.refreshRate ?? 60).rounded()) }
    /// The output's connector name ("HDMI-A-1", "headless"); Strata's, for `StrataConnection.attach(_:toOutput:)`.
    public var outputName: String { output?.name ?? "" }
}
