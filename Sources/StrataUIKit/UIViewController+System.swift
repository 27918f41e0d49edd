/// The status bar's look a controller asks for (UIKit's UIStatusBarStyle). Strata has no status bar.
public enum UIStatusBarStyle: Int, Sendable {
    case `default`, lightContent
    case darkContent = 3
}

/// The interface orientations a controller supports (UIKit's UIInterfaceOrientationMask, its bits).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}

/// The direction text and layouts run in (UIKit's UIUserInterfaceLayoutDirection).
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}
