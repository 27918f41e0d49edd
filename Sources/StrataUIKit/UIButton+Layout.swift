import Foundation
import Strata

/// Where a button's title and image go, and the size its content needs. The image comes first and the title
/// after it, as one row aligned by `contentHorizontalAlignment` in the content rectangle; each element is
/// placed in that rectangle less its own edge insets, so a centred title moves by half of its insets'
/// difference (UIKit's behaviour, which ported code relies on for spacing an image from its title).
extension UIButton {
    /// Room above and below a title in the intrinsic height (**choice**: UIKit's system button with a 15-point
    /// title is 30 points tall, 6 points around an 18-point line; measured, not published).
    static let titleVerticalPadding: CGFloat = 6
    /// The intrinsic size of a button with no title, image or background image (**choice**: UIKit's
    /// measured 30 × 34; not published).
    static let emptySize = CGSize(width: 30, height: 34)

    /// The title's size: on one line, or (when `titleLabel` has more than one line) wrapped at `width` if
    /// positive; zero without a title.
    func titleSize(fitting width: CGFloat = 0) -> CGSize {
        (currentTitle ?? "").isEmpty ? .zero : label.sizeThatFits(CGSize(width: max(0, width), height: .greatestFiniteMagnitude))
    }
    /// The current image's size in points (zero without one).
    var imageSize: CGSize { currentImage?.size ?? .zero }

    /// The content's size (a multi-line title wrapped to fit `width`, if positive), plus `contentEdgeInsets`,
    /// at least the background image's size.
    func fittingSize(width: CGFloat = 0) -> CGSize {
        let image = imageSize
        let title = titleSize(fitting: width > 0 ? width - contentEdgeInsets.left - contentEdgeInsets.right - image.width : 0)
        var size = CGSize(width: title.width + image.width,
                          height: max(image.height, title.height > 0 ? title.height + 2 * Self.titleVerticalPadding : 0))
        if size == .zero { size = Self.emptySize }
        size.width += contentEdgeInsets.left + contentEdgeInsets.right
        size.height += contentEdgeInsets.top + contentEdgeInsets.bottom
        if let background = currentBackgroundImage?.size {
            size = CGSize(width: max(size.width, background.width), height: max(size.height, background.height))
        }
        return size
    }

    /// The image at its size, first in the row, in `content` less `imageEdgeInsets`.
    func placedImage(in content: CGRect) -> CGRect {
        let image = imageSize
        let rect = content.inset(by: imageEdgeInsets)
        guard image != .zero else { return CGRect(x: rect.midX, y: rect.midY, width: 0, height: 0) }
        let titleWidth = contentHorizontalAlignment == .fill ? max(0, rect.width - image.width) : clampedTitleWidth(in: content)
        let x = rowStart(width: image.width + titleWidth, in: rect)
        let (y, height) = placedVertically(image.height, in: rect)
        return aligned(CGRect(x: x, y: y, width: image.width, height: height))
    }

    /// The title at its one-line size (cut to what the content leaves beside the image; filling it with
    /// `.fill`), after the image, in `content` less `titleEdgeInsets`.
    func placedTitle(in content: CGRect) -> CGRect {
        let imageWidth = imageSize.width
        let title = titleSize(fitting: content.width - imageWidth)
        let rect = content.inset(by: titleEdgeInsets)
        let width = contentHorizontalAlignment == .fill ? max(0, rect.width - imageWidth) : clampedTitleWidth(in: content)
        let x = rowStart(width: imageWidth + width, in: rect) + imageWidth
        let (y, height) = placedVertically(title.height, in: rect)
        return aligned(CGRect(x: x, y: y, width: width, height: height))
    }

    private func clampedTitleWidth(in content: CGRect) -> CGFloat {
        min(titleSize(fitting: content.width - imageSize.width).width, max(0, content.width - imageSize.width))
    }

    /// Where a row `width` wide starts in `rect` (leading and trailing by the layout direction).
    private func rowStart(width: CGFloat, in rect: CGRect) -> CGFloat {
        switch effectiveContentHorizontalAlignment {
        case .left, .leading, .fill: rect.minX
        case .right, .trailing: rect.maxX - width
        case .center: rect.minX + (rect.width - width) / 2
        }
    }

    private func placedVertically(_ height: CGFloat, in rect: CGRect) -> (CGFloat, CGFloat) {
        switch contentVerticalAlignment {
        case .top: (rect.minY, height)
        case .bottom: (rect.maxY - height, height)
        case .center: (rect.minY + (rect.height - height) / 2, height)
        case .fill: (rect.minY, rect.height)
        }
    }

    /// `rect` with its origin on the device pixel grid, as UIKit places a button's parts.
    private func aligned(_ rect: CGRect) -> CGRect {
        let scale = max(1, contentScaleFactor)
        return CGRect(x: (rect.minX * scale).rounded(.down) / scale, y: (rect.minY * scale).rounded(.down) / scale,
                      width: rect.width, height: rect.height)
    }
}
