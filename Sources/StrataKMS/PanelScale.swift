import Foundation

/// The scale a panel's density asks for (`[output NAME] scale = auto`): pixels per inch from its mode and
/// its physical size, in GNOME's and Android's steps — 2 from 192 ppi (a 4K 24-inch desk monitor, a
/// 1920 × 1200 10-inch tablet), 1.5 from 144 ppi, else 1. A panel that reports no size (projectors, some
/// TVs and kiosk boards: 0 mm), or an absurd one (under 25 mm, a broken EDID), is 1.
public enum PanelScale {
    public static func automatic(pixels: (width: Int, height: Int), millimetres: (width: Int, height: Int)) -> Double {
        guard millimetres.width >= 25, millimetres.height >= 25, pixels.width > 0, pixels.height > 0 else { return 1 }
        // The smaller of the two densities: a panel whose EDID rounds one side badly is not over-scaled.
        let ppi = min(Double(pixels.width) / (Double(millimetres.width) / 25.4), Double(pixels.height) / (Double(millimetres.height) / 25.4))
        return ppi >= 192 ? 2 : ppi >= 144 ? 1.5 : 1
    }
}
