import Foundation
import Strata

/// How a button shows its state beyond its per-state values: the system type's fade while highlighted, and
/// the adjusted images of `adjustsImageWhenHighlighted` and `adjustsImageWhenDisabled`.
extension UIButton {
    /// The opacity of a highlighted system button's title and image (**choice**: UIKit fades them to about a
    /// fifth; not published).
    static let highlightedContentAlpha: CGFloat = 0.2
    /// How long the content takes to come back when the highlight ends (**choice**: UIKit's fade back is
    /// about a quarter of a second; the highlight itself shows at once, as UIKit's).
    static let highlightReturnDuration: TimeInterval = 0.25
    /// Laid over a custom button's image while highlighted (**choice**: UIKit darkens it by about a third).
    static let highlightedImageOverlay = UIColor(white: 0, alpha: 0.3)
    /// Laid over the image while disabled (**choice**: UIKit draws it lighter, by about half).
    static let disabledImageOverlay = UIColor(white: 1, alpha: 0.5)

    /// A system button's title and image at `highlightedContentAlpha` while highlighted, faded back through
    /// Core Animation (the server plays it) when the highlight ends. A custom button's are left alone.
    func showHighlightFade() {
        guard isSystemLook else { return }
        let alpha: CGFloat = isHighlighted ? Self.highlightedContentAlpha : 1
        guard label.alpha != alpha || imageHolder.alpha != alpha else { return }
        let change = { [label, imageHolder] in
            label.alpha = alpha
            imageHolder.alpha = alpha
        }
        if isHighlighted {
            UIView.performWithoutAnimation(change)
        } else {
            UIView.animate(withDuration: Self.highlightReturnDuration, delay: 0,
                           options: [.allowUserInteraction, .beginFromCurrentState], animations: change)
        }
    }

    /// `image` with `overlay` laid over its opaque parts (its transparent parts stay transparent).
    static func adjusted(_ image: UIImage, overlay: UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        return UIGraphicsImageRenderer(size: image.size, format: format).image { context in
            image.draw(at: .zero)
            context.cgContext.setBlendMode(.sourceAtop)
            context.cgContext.setFillColor(overlay)
            context.cgContext.fill(CGRect(origin: .zero, size: image.size))
        }
    }
}
