/// The status bar's look a controller asks for (UIKit's UIStatusBarStyle). Strata has no status bar.
public enum UIStatusBarStyle: Int, Sendable {
    /// The system's choice of status bar text colour (raw value 0); never read by Strata, which has no status
    /// bar.
    case `default`
    /// Light status bar text, for dark backgrounds (raw value 1); never read by Strata.
    case lightContent
    /// Dark status bar text, for light backgrounds (raw value 3); never read by Strata.
    case darkContent = 3
}

/// The interface orientations a controller supports (UIKit's UIInterfaceOrientationMask, its bits).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Upright portrait (bit 1, raw value 2).
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    /// Upside-down portrait (bit 2, raw value 4).
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    /// Landscape with the home button on the right (bit 3, raw value 8).
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    /// Landscape with the home button on the left (bit 4, raw value 16).
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    /// Both landscape orientations (raw value 24).
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation (raw value 30): what `supportedInterfaceOrientations` returns by default (never read:
    /// Strata does not rotate).
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    /// Every orientation but upside-down portrait (raw value 26).
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}

/// The direction text and layouts run in (UIKit's UIUserInterfaceLayoutDirection).
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Left to right (raw value 0): the app's direction (`UIApplication.userInterfaceLayoutDirection` is always
    /// this) and every view's unless one forces right to left.
    case leftToRight
    /// Right to left (raw value 1): the direction of a view whose `semanticContentAttribute` is
    /// `.forceRightToLeft`, and of unspecified views under it; leading and trailing are flipped there.
    case rightToLeft
}
