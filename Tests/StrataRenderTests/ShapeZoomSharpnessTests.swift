import Foundation
import StrataPNG
import Testing

/// Golden/shape-layers/zoom-3d.json's 8× zoomed shape is flattened after its transform, so its edges keep
/// one pixel of anti-aliasing. The same measurement on the shape drawn as a magnified bitmap
/// (shouldRasterize at rasterizationScale 1, as a layer with a backing store would be) finds a ramp many
/// pixels wide: the check tells the two apart.
@Suite struct ShapeZoomSharpnessTests {
    static let zoomed = ##"{"id": "zoomed", "class": "shape", "position": [70, 70],"##

    /// Pixels of row 70, x 10…39 (across the circle's left edge: white, the outline, the fill), that are
    /// none of the three colours: the anti-aliasing ramps of the outline's two edges.
    func rampPixels(_ image: RGBAImage) -> Int {
        let white = [255, 255, 255, 255], outline = [0, 0, 0, 255], fill = [0x20, 0x60, 0xE0, 255]
        return (10..<40).filter { ![white, outline, fill].contains(image.rgba($0, 70)) }.count
    }

    @Test func theZoomedEdgeIsSharpAndABitmapWouldNotBe() throws {
        let text = try Golden.sceneText("shape-layers/zoom-3d.json")
        #expect(text.contains(Self.zoomed), "the scene's zoomed layer changed")
        let sharp = try Golden.render(text)
        #expect(rampPixels(sharp) <= 4, "\(rampPixels(sharp)) ramp pixels across two edges")
        // Bounds around the path (centred on the position, so nothing moves), rasterized at 1 pixel per unit.
        let bitmap = try Golden.render(text.replacingOccurrences(of: Self.zoomed, with: ##"{"id": "zoomed", "class": "shape", "position": [70, 70], "bounds": [-7, -7, 14, 14], "shouldRasterize": true,"##))
        #expect(rampPixels(bitmap) > 8, "the magnified bitmap has only \(rampPixels(bitmap)) ramp pixels")
    }
}
