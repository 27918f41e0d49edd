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
}
