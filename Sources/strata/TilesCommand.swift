import ArgumentParser
import Foundation
import StrataPNG

/// `strata tiles cut`: seed 004's TileCutter (demo D17) — an image cut into square tiles for a CATiledLayer,
/// written beside it as NAME_XX_YY.EXT (column, row; two digits), edge tiles as large as what is left.
struct TilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tiles", abstract: "Prepare tiles for a CATiledLayer.",
                                                    subcommands: [Cut.self])

    struct Cut: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cut a PNG or JPEG into tiles named NAME_XX_YY (column, row), as seed 004's TileCutter does.")

        @Argument(help: "The image to cut (PNG or JPEG).") var image: String
        @Option(help: "The tiles' side in pixels (default 256).") var tileSize = 256
        @Option(help: "png or jpeg (default jpeg, as TileCutter writes).") var format = "jpeg"
        @Option(help: "Where the tiles go (default: beside the image).") var outputDirectory: String?

        func run() throws {
            guard (1...16384).contains(tileSize) else { throw CLIError("--tile-size must be 1…16384, not \(tileSize)") }
            guard ["png", "jpeg", "jpg"].contains(format) else { throw CLIError("--format must be png or jpeg, not \"\(format)\"") }
            let source: RGBAImage
            do { source = try ImageFile.read(path: image) } catch { throw CLIError("cannot read \(image): \(error)") }
            let url = URL(fileURLWithPath: image)
            let name = url.deletingPathExtension().lastPathComponent
            let directory = outputDirectory.map { URL(fileURLWithPath: $0) } ?? url.deletingLastPathComponent()
            let ext = format == "png" ? "png" : "jpg"
            let (cols, rows) = ((source.width + tileSize - 1) / tileSize, (source.height + tileSize - 1) / tileSize)
            guard cols <= 100, rows <= 100 else {
                throw CLIError("\(cols)x\(rows) tiles: the names' two digits hold at most 100 a side (use a larger --tile-size)")
            }
            for y in 0..<rows {
                for x in 0..<cols {
                    let tile = Self.crop(source, x: x * tileSize, y: y * tileSize, side: tileSize)
                    let path = directory.appendingPathComponent(String(format: "%@_%02d_%02d.%@", name, x, y, ext)).path
                    do {
                        if ext == "png" { try PNGCodec.write(tile, path: path) } else { try JPEGCodec.write(tile, path: path) }
                    } catch {
                        throw CLIError("cannot write \(path): \(error)")
                    }
                }
            }
            print("\(cols * rows) tiles of \(tileSize)x\(tileSize) (\(cols) columns, \(rows) rows) in \(directory.path)")
        }

        /// The part of `image` at (`x`, `y`), `side` square or what is left of the image there.
        static func crop(_ image: RGBAImage, x: Int, y: Int, side: Int) -> RGBAImage {
            let (w, h) = (min(side, image.width - x), min(side, image.height - y))
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            for row in 0..<h {
                let from = ((y + row) * image.width + x) * 4
                pixels.replaceSubrange(row * w * 4..<(row + 1) * w * 4, with: image.pixels[from..<from + w * 4])
            }
            return RGBAImage(width: w, height: h, pixels: pixels, isPremultiplied: image.isPremultiplied)
        }
    }
}
