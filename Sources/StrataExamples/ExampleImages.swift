import Foundation
import StrataPNG
import StrataUIKit

/// The images seed 003's demos load by name (`petal.png`, `ball.png`, `open2.png`, `photo.png`,
/// `0.jpg`…`4.jpg`, …), drawn here as simple pictures and written once to a directory that
/// `UIImage(named:)` searches, so the demos load them as their author did and no binary is committed.
public enum ExampleImages {
    /// Writes the images (if not there yet) and makes `UIImage(named:)` find them.
    public static func install() throws {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("strata-examples-images-\(getuid())")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, image) in images() {
            let path = (directory as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: path) {
                // Written under a temporary name and renamed: concurrent runs never read a half-written file.
                let temporary = path + ".\(getpid()).tmp"
                try image.writePNG(path: temporary)
                _ = rename(temporary, path)
            }
        }
        if !UIImage.searchDirectories.contains(directory) { UIImage.searchDirectories.insert(directory, at: 0) }
    }

    /// Each image's file name and pixels. The "jpg" browser images are PNG data under their seed names (the
    /// decoder goes by content).
    static func images() -> [(String, RGBAImage)] {
        var list: [(String, RGBAImage)] = [
            ("petal.png", draw(10, 20) { x, y in ellipse(x, y, 10, 20) ? [250, 140, 180, 255] : [0, 0, 0, 0] }),
            ("ball.png", draw(40, 40) { x, y in
                let dx = x - 20, dy = y - 20, r = (dx * dx + dy * dy).squareRoot()
                guard r <= 20 else { return [0, 0, 0, 0] }
                let shade = UInt8(max(0, 255 - r * 6))
                return [255, shade / 2, 0, 255]
            }),
            ("open2.png", draw(80, 80) { x, y in
                (Int(x) / 10 + Int(y) / 10) % 2 == 0 ? [40, 160, 90, 255] : [240, 240, 240, 255]
            }),
            ("photo.png", photo),
            // D3–D6 load the same picture as "photo.jpg".
            ("photo.jpg", photo),
            // D9–D16's background (the seed tiles it as a pattern colour; here it is the view layer's contents).
            ("background.jpg", draw(160, 240) { _, y in
                [UInt8(90 + y / 4), UInt8(150 + y / 5), 230, 255]
            }),
        ]
        // D18's fish: ten 87 × 32 frames, the tail's stripe at a different column in each; and its sea.
        for i in 0..<10 {
            list.append(("fish\(i).png", draw(87, 32) { x, y in
                guard ellipse(x, y, 87, 32) else { return [0, 0, 0, 0] }
                return Int(x) / 8 == i ? [255, 255, 255, 255] : [255, 140, 0, 255]
            }))
        }
        list.append(("bg.png", draw(32, 32) { _, y in [20, 60, UInt8(120 + y * 3), 255] }))
        // The image browsers' five pictures: each a flat colour with a band at a height that says its number.
        let colours: [[UInt8]] = [[220, 40, 40, 255], [40, 160, 60, 255], [40, 80, 220, 255], [230, 180, 30, 255], [150, 60, 200, 255]]
        for (i, colour) in colours.enumerated() {
            list.append(("\(i).jpg", draw(160, 240) { _, y in
                Int(y) / 40 == i ? [255, 255, 255, 255] : colour
            }))
        }
        return list
    }

    /// The avatar (`photo.png`, `photo.jpg`), 150 × 150: a face-coloured disc (radius 30 round (75, 60),
    /// in the upper half, so upside down is easy to tell) on a field whose red grows to the right and
    /// blue downwards.
    static let photo = draw(150, 150) { x, y in photoColour(x, y) }

    /// The avatar's colour at (x, y) (image pixels, y down).
    static func photoColour(_ x: Double, _ y: Double) -> [UInt8] {
        let dx = x - 75, dy = y - 60
        if dx * dx + dy * dy < 900 { return [250, 210, 160, 255] }
        return [UInt8(x * 1.7), 120, UInt8(y * 1.7), 255]
    }

    static func ellipse(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
        let nx = (x - w / 2) / (w / 2), ny = (y - h / 2) / (h / 2)
        return nx * nx + ny * ny <= 1
    }

    /// An image whose pixel centre (x + 0.5, y + 0.5) has the colour `colour` gives (straight RGBA).
    static func draw(_ width: Int, _ height: Int, _ colour: (Double, Double) -> [UInt8]) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(Double(x) + 0.5, Double(y) + 0.5)
                let i = (y * width + x) * 4
                pixels[i..<(i + 4)] = c[0..<4]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels, isPremultiplied: false)
    }
}
