/// Connector names as the kernel writes them (/sys/class/drm/card0-HDMI-A-1, the names users put in
/// configuration files): the type's name from drm_connector.c's table, "-", the type's index.
public enum ConnectorName {
    /// The kernel's names for DRM_MODE_CONNECTOR_* (drm_mode.h), indexed by type.
    static let typeNames = [
        "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component", "DIN",
        "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
    ]

    /// The type's name; types newer than this table are "Unknown", as the kernel names what it lacks.
    public static func typeName(_ type: UInt32) -> String {
        Int(exactly: type).flatMap { $0 < typeNames.count ? typeNames[$0] : nil } ?? "Unknown"
    }

    /// "HDMI-A-1" for connector type 11 (HDMIA), type id 1.
    public static func name(type: UInt32, typeID: UInt32) -> String { "\(typeName(type))-\(typeID)" }
}
