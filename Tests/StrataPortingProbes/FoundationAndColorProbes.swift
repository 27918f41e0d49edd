import Foundation
import Strata
import Testing

@Suite struct FoundationAndColorProbes {
    @Test func coreFoundationNamesAsPortedCodeWritesThem() {
        let text = CATextLayer()
        text.font = "Helvetica" as CFTypeRef
        text.fontSize = 14
        let name: CFString = "Helvetica-Bold" as CFString
        text.font = name
        #expect(text.font as? String == "Helvetica-Bold")
        let colors = [CGColor.red, CGColor.blue] as CFArray
        let gradient = CAGradientLayer()
        gradient.colors = colors as? [Any]
        #expect(gradient.colors?.count == 2)
        let delay: CFTimeInterval = 0.25
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.beginTime = CACurrentMediaTime() + delay
        #expect(animation.beginTime > delay)
    }

    @Test func uiColorsAPIOnTheRenamedCGColor() {
        let color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        color.getRed(&r, green: &g, blue: &b, alpha: &a)          // result discarded, as UIKit code does
        #expect([r, g, b, a] == [1, 0.5, 0, 0.8])
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0
        color.getHue(&h, saturation: &s, brightness: &v, alpha: nil)
        #expect(abs(h - 30.0 / 360) < 1e-12 && s == 1 && v == 1)
        let again = CGColor(hue: h, saturation: s, brightness: v, alpha: a)
        #expect(again.components == [1, 0.5, 0, 0.8])
        #expect(color.numberOfComponents == 4)
        // A grey has two components, white and alpha, as in Core Graphics.
        let grey = CGColor(white: 0.25, alpha: 0.5)
        #expect(grey.components == [0.25, 0.5] && grey.numberOfComponents == 2)
        var white: CGFloat = 0
        #expect(grey.getWhite(&white, alpha: nil) && white == 0.25)
        #expect(!color.getWhite(nil, alpha: nil))
    }

    @Test func colourLiteralsMakeThoseComponents() {
        let accent = #colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        // The compiler passes Floats, as on iOS: 0.2 arrives as Float(0.2).
        #expect(accent.components == [CGFloat(Float(0.2)), CGFloat(Float(0.4)), CGFloat(Float(0.6)), 1])
        #expect(accent.components?[0] == 0.20000000298023224)
        let layer = CALayer()
        layer.backgroundColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        #expect(layer.backgroundColor?.components == [1, 0.5, 0, 0.25])
        let typed: CGColor = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(typed == CGColor.blue)
    }
}

/// Drawing code from a progress view's `draw(in:)`: a gradient from a CFArray, a glow, a mask, a blend
/// mode and a label, as iOS code writes them.
@Suite struct DrawingProbes {
    @Test func aProgressViewsDrawingCompilesAndDraws() throws {
        let ctx = try #require(CGContext(width: 64, height: 64))
        let colors = [CGColor.red.cgColor, CGColor.blue.cgColor] as CFArray
        let gradient = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: [0, 1]))
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 0, height: 2), blur: 4, color: CGColor.black.withAlphaComponent(0.5).cgColor)
        ctx.addEllipse(in: CGRect(x: 8, y: 8, width: 48, height: 48))
        ctx.clip()
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 64, y: 64), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        ctx.restoreGState()
        ctx.setBlendMode(.multiply)
        ctx.interpolationQuality = .high
        UIGraphicsPushContext(ctx)
        let label = NSAttributedString(string: "42%", attributes: [.font: CTFontCreateWithName("Helvetica" as CFString, 12, nil), .foregroundColor: CGColor.white])
        let size = label.size()
        label.draw(at: CGPoint(x: 32 - size.width / 2, y: 32 - size.height / 2))
        UIGraphicsPopContext()
        #expect(ctx.makeImage() != nil && size.width > 0)
    }
}
