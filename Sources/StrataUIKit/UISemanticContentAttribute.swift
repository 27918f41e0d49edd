/// How a view's content is laid out in a right-to-left language (UIKit's UISemanticContentAttribute).
public enum UISemanticContentAttribute: Int, Sendable {
    /// The default (raw value 0): the view lays out in its superview's effective direction (left to right at
    /// the root).
    case unspecified = 0
    /// Playback controls, which keep left to right whatever the language (raw value 1).
    case playback
    /// Directional controls (such as arrows), which keep left to right whatever the language (raw value 2).
    case spatial
    /// Always left to right (raw value 3).
    case forceLeftToRight
    /// Always right to left (raw value 4): leading and trailing constraints and horizontal stack views flip.
    case forceRightToLeft
}
