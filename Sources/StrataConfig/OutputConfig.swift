import StrataCore

/// One `[output NAME]` section: how the kms backend drives that connector. The headless backend has no
/// connectors and ignores these.
public struct OutputConfig: Equatable, Sendable {
    /// The DRM connector name, as the kernel names it (`HDMI-A-1`, `DP-2`, `eDP-1`, `Virtual-1`).
    public var name: String
    /// nil: the connector's preferred mode.
    public var mode: OutputMode?
    public var rotation: OutputRotation = .normal
    /// Display pixels per layer point.
    public var scale = 1.0
    /// `scale = auto`: the scale the panel's density asks for (its EDID size; 1 when it reports none).
    public var autoScale = false
    /// The part of the panel a bezel or frame hides, in points from each edge: the safe area apps keep
    /// their content out of (UIKit's window `safeAreaInsets`).
    public var safeAreaInsets = SafeAreaInsets.zero
    /// Where the section starts, so a backend can name it (`strata.conf:12: HDMI-A-1 offers no 1920x1080@75`).
    public var origin: ConfigOrigin

    public init(name: String, origin: ConfigOrigin) {
        self.name = name
        self.origin = origin
    }
}

/// A requested display mode: size in pixels and, optionally, a refresh rate in Hz (nil: the best rate
/// the connector offers at that size).
public struct OutputMode: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refresh: Double?

    public init(width: Int, height: Int, refresh: Double? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    public var description: String { "\(width)x\(height)" + (refresh.map { "@\($0)" } ?? "") }
}

/// Clockwise rotation of what is shown on the output, in degrees.
public enum OutputRotation: Int, CaseIterable, Sendable {
    case normal = 0, quarter = 90, half = 180, threeQuarters = 270
}
