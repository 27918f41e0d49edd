import Foundation

/// CALayer.contentsGravity: where the contents image goes within the bounds.
public enum ContentsGravity: UInt8, NamedCases {
    case resize = 0, resizeAspect, resizeAspectFill, center, top, bottom, left, right,
         topLeft, topRight, bottomLeft, bottomRight

    /// Core Animation's constant values (kCAGravityResize is "resize", …).
    public var name: String {
        switch self {
        case .resize: "resize"
        case .resizeAspect: "resizeAspect"
        case .resizeAspectFill: "resizeAspectFill"
        case .center: "center"
        case .top: "top"
        case .bottom: "bottom"
        case .left: "left"
        case .right: "right"
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }

    /// `frame(in:contentSize:)` as parameters, for evaluating it elsewhere (the GPU path, `layer.vert`):
    /// the size is the bounds' (`stretch`), the content's (`natural`), or the content's scaled to fit or
    /// cover; it then sits at `origin + (bounds.size − size) × (column, row) / 2`.
    public enum Sizing: Int, Sendable { case stretch = 0, natural, fit, cover }

    public var placement: (sizing: Sizing, column: Int, row: Int) {
        switch self {
        case .resize: (.stretch, 0, 0)
        case .resizeAspect: (.fit, 1, 1)
        case .resizeAspectFill: (.cover, 1, 1)
        case .center: (.natural, 1, 1)
        case .top: (.natural, 1, 2)
        case .bottom: (.natural, 1, 0)
        case .left: (.natural, 0, 1)
        case .right: (.natural, 2, 1)
        case .topLeft: (.natural, 0, 2)
        case .topRight: (.natural, 2, 2)
        case .bottomLeft: (.natural, 0, 0)
        case .bottomRight: (.natural, 2, 0)
        }
    }

    /// The rectangle (layer coordinates) the image of `size` points covers in `bounds`. The scaling
    /// modes fill (resize), fit (resizeAspect) or cover (resizeAspectFill, possibly beyond the bounds),
    /// centred; the others keep the natural size and pin it to an edge, a corner or the centre. As on
    /// iOS, whose layers are y-down without flipped geometry like Strata's, the names' vertical part
    /// reads y up: "top" pins the image to the bottom edge on screen and "bottom" to the top.
    public func frame(in bounds: CGRect, contentSize size: CGSize) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        default:
            let x: CGFloat = switch self {
            case .left, .topLeft, .bottomLeft: bounds.minX
            case .right, .topRight, .bottomRight: bounds.maxX - size.width
            default: bounds.midX - size.width / 2
            }
            let y: CGFloat = switch self {
            case .top, .topLeft, .topRight: bounds.maxY - size.height      // y up: the bottom edge on screen
            case .bottom, .bottomLeft, .bottomRight: bounds.minY            // the top edge on screen
            default: bounds.midY - size.height / 2
            }
            return CGRect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}
