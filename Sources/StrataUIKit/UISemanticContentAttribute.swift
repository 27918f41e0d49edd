/// How a view's content is laid out in a right-to-left language (UIKit's UISemanticContentAttribute).
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}
