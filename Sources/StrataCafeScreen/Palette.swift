import Strata

/// The café screen's colours and fonts, in one place.
enum Palette {
    static func rgb(_ hex: UInt32, alpha: CGFloat = 1) -> CGColor {
        CGColor(red: CGFloat(hex >> 16 & 255) / 255, green: CGFloat(hex >> 8 & 255) / 255, blue: CGFloat(hex & 255) / 255, alpha: alpha)
    }

    static let backgroundTop = rgb(0x1E1B4B)
    static let backgroundMiddle = rgb(0x3B1F63)
    static let backgroundBottom = rgb(0x0E6E74)
    static let text = rgb(0xFFFFFF)
    static let dimText = rgb(0xD8D4F0)
    static let cardText = rgb(0x231F3A)
    static let cardDimText = rgb(0x6B6685)
    static let card = rgb(0xFFFFFF)
    static let cardConfirmed = rgb(0xECFDF5)
    static let accent = rgb(0xF59E0B)
    static let ringTrack = rgb(0xFFFFFF, alpha: 0.16)
    static let button = rgb(0xF43F5E)
    static let buttonEdge = rgb(0xFB7185)
    static let green = rgb(0x059669)
    static let shadow = rgb(0x0B0820)

    static let regular = "Noto Sans"
    static let bold = "Noto Sans:bold"
}
