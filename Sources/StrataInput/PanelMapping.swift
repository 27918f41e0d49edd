import Foundation

/// Where a touch on a panel lands in its output's layer space. A touch panel reports positions across
/// itself as it is wired to the display; an output mounted turned shows its layer space turned
/// `rotation` degrees clockwise on that panel (as `DisplayBackend.rotation` and the kms backend's
/// `rotation` key mean it), so the touch is turned back.
public enum PanelMapping {
    /// The layer-space point of a touch at (x, y), each 0…1 across the panel, on an output whose layer
    /// space is `width` × `height` points and whose picture is turned `rotation` (0, 90, 180, 270) degrees
    /// clockwise. Positions outside 0…1 map outside the layer space (the router finds nothing there).
    public static func layerPoint(x: Double, y: Double, width: Double, height: Double, rotation: Int) -> CGPoint {
        // The panel shows layer point (lx, ly) at panel pixel:
        //   90: (h − ly, lx)   180: (w − lx, h − ly)   270: (ly, w − lx)
        // over a panel of h × w pixels at 90 and 270; solved for (lx, ly) in panel fractions.
        switch ((rotation % 360) + 360) % 360 {
        case 90: CGPoint(x: y * width, y: (1 - x) * height)
        case 180: CGPoint(x: (1 - x) * width, y: (1 - y) * height)
        case 270: CGPoint(x: (1 - y) * width, y: x * height)
        default: CGPoint(x: x * width, y: y * height)
        }
    }
}
