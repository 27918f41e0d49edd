import Foundation

/// Where the pieces of a layer's contents image go: `contentsRect` picks the part of the image shown,
/// `contentsGravity` places it, and `contentsCenter` splits it into nine pieces whose corners keep their
/// natural size (pixels ÷ contentsScale, shrunk together when the frame is too small) while the edges
/// stretch along one axis and the middle along both.
public enum ContentsLayout {
    public struct Piece: Equatable, Sendable {
        /// Layer coordinates.
        public var rect: CGRect
        /// Unit coordinates of the image, top-left origin.
        public var uv: CGRect

        public init(rect: CGRect, uv: CGRect) { self.rect = rect; self.uv = uv }
    }

    public static func pieces(bounds: CGRect, imageWidth: Int, imageHeight: Int, gravity: ContentsGravity, scale: CGFloat,
                              contentsRect: CGRect, contentsCenter: CGRect) -> [Piece] {
        let s = scale > 0 ? scale : 1
        let uv = contentsRect
        // The shown part's natural size in points.
        let size = CGSize(width: CGFloat(imageWidth) * abs(uv.width) / s, height: CGFloat(imageHeight) * abs(uv.height) / s)
        let frame = gravity.frame(in: bounds, contentSize: size)
        let center = contentsCenter.standardized
        guard center != CGRect(x: 0, y: 0, width: 1, height: 1), center.width >= 0, center.height >= 0 else {
            return [Piece(rect: frame, uv: uv)]
        }
        // Unit breakpoints of the shown part, and the fixed sizes (points) of the outer bands.
        let us = [0, max(0, min(1, center.minX)), max(0, min(1, center.maxX)), 1]
        let vs = [0, max(0, min(1, center.minY)), max(0, min(1, center.maxY)), 1]
        func bands(_ breaks: [CGFloat], natural: CGFloat, available: CGFloat, origin: CGFloat) -> [CGFloat] {
            var first = breaks[1] * natural, last = (1 - breaks[2]) * natural
            if first + last > available, first + last > 0 {
                let k = available / (first + last)
                first *= k; last *= k
            }
            return [origin, origin + first, origin + available - last, origin + available]
        }
        let xs = bands(us, natural: size.width, available: frame.width, origin: frame.minX)
        let ys = bands(vs, natural: size.height, available: frame.height, origin: frame.minY)
        var out: [Piece] = []
        for row in 0..<3 {
            for col in 0..<3 {
                let r = CGRect(x: xs[col], y: ys[row], width: xs[col + 1] - xs[col], height: ys[row + 1] - ys[row])
                guard r.width > 0, r.height > 0 else { continue }
                let u0 = uv.minX + us[col] * uv.width, u1 = uv.minX + us[col + 1] * uv.width
                let v0 = uv.minY + vs[row] * uv.height, v1 = uv.minY + vs[row + 1] * uv.height
                out.append(Piece(rect: r, uv: CGRect(x: u0, y: v0, width: u1 - u0, height: v1 - v0)))
            }
        }
        return out
    }
}
