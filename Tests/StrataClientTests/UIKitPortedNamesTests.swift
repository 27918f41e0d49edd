import Foundation
@testable import Strata
import StrataUIKit
import Testing

/// The UIKit names ported libraries reach for beyond views: UIBezierPath drawing, system colours, geometry
/// strings, intrinsic sizes (issue 52).
@MainActor
@Suite struct UIKitPortedNamesTests {
    private func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        guard let cg = image.cgImage else { return [] }
        let i = (y * cg.width + x) * 4
        return Array(cg.premultipliedPixels[i..<i + 4])
    }

    private func render(_ draw: @escaping () -> Void) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { _ in draw() }
    }

    @Test func bezierPathsFillAndStrokeWithTheirOwnState() {
        // A 10 × 10 square filled red by the fill colour set on the colour, inside 20 × 20.
        let filled = render {
            UIColor.systemRed.setFill()
            UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)).fill()
        }
        #expect(pixel(filled, 10, 10) == [255, 59, 48, 255])
        #expect(pixel(filled, 2, 2) == [0, 0, 0, 0])
        // A 4-point wide vertical line at x = 10 (covers 8..<12), stroked blue with the path's width.
        let stroked = render {
            UIColor.systemBlue.setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 10, y: 0))
            line.addLine(to: CGPoint(x: 10, y: 20))
            line.lineWidth = 4
            line.stroke()
        }
        #expect(pixel(stroked, 8, 10) == [0, 122, 255, 255] && pixel(stroked, 11, 10) == [0, 122, 255, 255])
        #expect(pixel(stroked, 7, 10) == [0, 0, 0, 0] && pixel(stroked, 12, 10) == [0, 0, 0, 0])
        // Even-odd: the inner square of two nested squares is a hole.
        let ring = render {
            UIColor.black.setFill()
            let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
            path.append(UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)))
            path.usesEvenOddFillRule = true
            path.fill()
        }
        #expect(pixel(ring, 2, 2) == [0, 0, 0, 255] && pixel(ring, 10, 10) == [0, 0, 0, 0])
    }

    @Test func bezierPathGeometryAndDash() {
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(oval.bounds == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(oval.contains(CGPoint(x: 20, y: 10)) && !oval.contains(CGPoint(x: 1, y: 1)))
        let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(arc.currentPoint.x) < 1e-9 && abs(arc.currentPoint.y - 10) < 1e-9) // y-down: clockwise ends below
        let layer = CAShapeLayer()
        layer.path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2).cgPath
        #expect(layer.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        let dashed = UIBezierPath()
        var pattern: [CGFloat] = [4, 2]
        dashed.setLineDash(&pattern, count: 2, phase: 1)
        var read: [CGFloat] = [0, 0, 0]
        var count = 3
        var phase: CGFloat = 0
        dashed.getLineDash(&read, count: &count, phase: &phase)
        #expect(read == [4, 2, 0] && count == 2 && phase == 1)
        #expect(UIBezierPath().isEmpty && UIBezierPath().lineWidth == 1 && UIBezierPath().miterLimit == 10)
    }

    @Test func systemColoursHaveTheirLightAppearance() {
        #expect(UIColor.systemRed == UIColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1))
        #expect(UIColor.systemBlue == UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1))
        #expect(UIColor.systemGreen == UIColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1))
        #expect(UIColor.label == UIColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.secondaryLabel == UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6))
        #expect(UIColor.systemBackground == UIColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(UIColor.systemGroupedBackground == UIColor(red: 242 / 255, green: 242 / 255, blue: 247 / 255, alpha: 1))
        #expect(UIColor.separator.alpha == 0.29)
        #expect(UIView().tintColor == UIColor.systemBlue)
    }

    @Test func geometryStringsReadAndWriteUIKitsForm() {
        #expect(NSCoder.string(for: CGPoint(x: 1.5, y: -2)) == "{1.5, -2}")
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.cgPoint(for: "{3, 4.25}") == CGPoint(x: 3, y: 4.25))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgSize(for: "{7}") == CGSize(width: 7, height: 0))      // missing numbers read as 0
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.uiEdgeInsets(for: NSCoder.string(for: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
                == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSCoder.cgAffineTransform(for: NSCoder.string(for: t)) == t)
    }

    @Test func aPlainViewHasNoIntrinsicSize() {
        let view = UIView()
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        #expect(UIView.noIntrinsicMetric == -1 && view.translatesAutoresizingMaskIntoConstraints)
    }
}
