import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// An output mounted turned (the KMS backend's rotation when the plane cannot rotate): the renderer
/// draws the layer space turned onto the framebuffer. Every frame must be the unturned frame, turned.
@Suite struct OutputRotationTests {
    /// `image` (w × h) turned `degrees` clockwise.
    static func turned(_ image: RGBAImage, _ degrees: Int) -> (width: Int, height: Int, pixels: [UInt8]) {
        let w = image.width, h = image.height
        let (ow, oh) = degrees % 180 == 0 ? (w, h) : (h, w)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let (tx, ty): (Int, Int) = switch degrees {
                case 90: (h - 1 - y, x)
                case 180: (w - 1 - x, h - 1 - y)
                case 270: (y, w - 1 - x)
                default: (x, y)
                }
                let s = (y * w + x) * 4, d = (ty * ow + tx) * 4
                out.replaceSubrange(d..<d + 4, with: image.pixels[s..<s + 4])
            }
        }
        return (ow, oh, out)
    }

    func scene(_ path: String) throws -> Scene {
        let file = Golden.directory.appendingPathComponent(path)
        return try SceneParser.parse(data: try Data(contentsOf: file), baseDirectory: file.deletingLastPathComponent())
    }

    @Test(arguments: [90, 180, 270])
    func aTurnedOutputShowsTheSameFrameTurned(degrees: Int) throws {
        for path in ["combined/scene.json", "shapes/scene.json", "options/scene.json"] {
            let s = try scene(path)
            let plain = try SceneRenderer.render(s, at: [0], width: 160, height: 120)[0].image
            let turned = try SceneRenderer.render(s, at: [0], width: 160, height: 120, rotation: degrees)[0].image
            let expected = Self.turned(plain, degrees)
            #expect(turned.width == expected.width && turned.height == expected.height)
            let diffs = zip(turned.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }
            let differing = diffs.filter { $0 > 0 }.count, worst = diffs.max() ?? 0
            // Interpolated values round differently where the rasterizer walks the turned triangles in
            // another order: a level at most, on a few edge pixels.
            #expect(worst <= 1 && differing < diffs.count / 100, "\(path) at \(degrees)°: \(differing) channel values differ, by up to \(worst)")
        }
    }

    @Test func damageRepaintsTheRightPixelsOnATurnedOutput() throws {
        // The card spins: frames after the first repaint only its damage, on the turned framebuffer.
        var json = try String(contentsOf: Golden.directory.appendingPathComponent("combined/scene.json"), encoding: .utf8)
        json = json.replacingOccurrences(of: #""transform.rotation.z": 0.35,"#,
                                         with: #""animations": {"spin": {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 1, "duration": 1}},"#)
        let spinning = try SceneParser.parse(data: Data(json.utf8), baseDirectory: Golden.directory.appendingPathComponent("combined"))
        let frames = try SceneRenderer.render(spinning, at: [0, 0.3, 0.6], width: 160, height: 120, rotation: 90)
        #expect(frames[2].work.repaintedPixels < 160 * 120)
        let full = try SceneRenderer.render(spinning, at: [0.6], width: 160, height: 120, rotation: 90)[0].image
        #expect(frames[2].image.pixels == full.pixels)
    }
}
