import Foundation
import Strata

/// The round thumb UIKit's switch and slider share: a disc (white unless tinted) with a soft shadow below
/// it, a plain layer so the server draws and animates it.
enum ControlThumb {
    /// The shadow's opacity, radius and offset (**choice**: UIKit's thumb shadow is a soft, light shade a
    /// few points below the disc; its exact values are not published).
    static let shadowOpacity: Float = 0.2
    static let shadowRadius: CGFloat = 3
    static let shadowOffset = CGSize(width: 0, height: 2)

    static func make() -> CALayer {
        let thumb = CALayer()
        thumb.backgroundColor = UIColor.white
        thumb.shadowColor = UIColor.black
        thumb.shadowOpacity = shadowOpacity
        thumb.shadowRadius = shadowRadius
        thumb.shadowOffset = shadowOffset
        return thumb
    }

    /// Shows `thumb` as a disc of `color` filling `frame`, or, with an image, as the image (no disc, no shadow).
    static func show(_ thumb: CALayer, frame: CGRect, color: UIColor, image: UIImage?) {
        thumb.frame = frame
        if let image {
            thumb.contents = image.uprightImage
            thumb.contentsScale = image.scale
            thumb.backgroundColor = nil
            thumb.cornerRadius = 0
            thumb.shadowOpacity = 0
        } else {
            thumb.contents = nil
            thumb.backgroundColor = color
            thumb.cornerRadius = min(frame.width, frame.height) / 2
            thumb.shadowOpacity = shadowOpacity
        }
    }

    /// Runs `changes` to sublayers as one Core Animation transaction: animated over `duration` with
    /// ease-in-ease-out (the server plays it), or at once.
    static func change(animated: Bool, duration: CFTimeInterval = 0.25, _ changes: () -> Void) {
        CATransaction.begin()
        if animated {
            CATransaction.setAnimationDuration(duration)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        } else {
            CATransaction.setDisableActions(true)
        }
        changes()
        CATransaction.commit()
    }
}
