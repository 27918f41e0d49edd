/// The plane "rotation" property's values in Strata's terms. DRM rotates counter-clockwise
/// ("rotate-90" turns the image a quarter turn counter-clockwise, drm_blend.c); Strata's rotations are
/// clockwise (the renderer's and the configuration's), so Strata's 90 is DRM's rotate-270.
public enum PlaneRotation {
    /// Strata's clockwise degrees for one of the property's enum names ("rotate-90" → 270), nil for the
    /// reflections and names this does not know.
    public static func clockwiseDegrees(drmName: String) -> Int? {
        switch drmName {
        case "rotate-0": 0
        case "rotate-90": 270
        case "rotate-180": 180
        case "rotate-270": 90
        default: nil
        }
    }

    /// The value to set for clockwise `degrees` (DRM_MODE_ROTATE_*: bit 0 for 0°, bit 3 for DRM's 270°,
    /// which is Strata's 90), nil for other angles.
    public static func bit(clockwiseDegrees degrees: Int) -> UInt64? {
        switch degrees {
        case 0: 1 << 0
        case 90: 1 << 3
        case 180: 1 << 2
        case 270: 1 << 1
        default: nil
        }
    }

    /// The rotations a plane offers, from its bitmask property's enum entries (name, bit index):
    /// clockwise degrees → the value to set. A bitmask enum's value is the bit's index, not its mask.
    public static func supported(_ entries: [(name: String, bitIndex: UInt64)]) -> [Int: UInt64] {
        var result: [Int: UInt64] = [:]
        for entry in entries where entry.bitIndex < 64 {
            if let degrees = clockwiseDegrees(drmName: entry.name) { result[degrees] = 1 << entry.bitIndex }
        }
        return result
    }
}
