import Foundation
import StrataCore
import StrataProtocol
import StrataRender

/// Pixels a client shared through a memfd, kept mapped while any layer may show them.
final class ServerImage {
    /// The client's memfd, mapped copy-on-write (the descriptor itself was closed once mapped); nil for a
    /// drawable's texture, whose pixels come only from presents (its own are blank).
    let mapping: CountedMapping?
    let texture: TextureImage
    /// Whether the client still defines it (no `releaseImage` yet), and how many of its layers show it:
    /// its texture stays while either holds.
    var isDefined = true
    var shownBy = 0
    /// A transition's frozen copy shows it (its old appearance): a drawable presented later must not
    /// change it in place, so the next present makes a new image.
    var frozenCopyShows = false
    private let usage: ClientUsage

    init(mapping: CountedMapping, width: Int, height: Int, format: PixelFormat = .rgba, uniqueID: UInt64, usage: ClientUsage) {
        self.mapping = mapping
        self.usage = usage
        texture = TextureImage(id: uniqueID, width: width, height: height, pixels: UnsafeRawPointer(mapping.buffer.base), owner: mapping,
                               redBlueSwapped: format == .bgra)
        usage.imageBytes += byteCount
    }

    /// A drawable's image: `width` × `height` blank pixels (an anonymous mapping, never touched unless its
    /// texture had to be made from them), the texture filled by each frame shown.
    init?(blankWidth width: Int, height: Int, redBlueSwapped: Bool, uniqueID: UInt64, usage: ClientUsage) {
        guard let blank = BlankPixels(byteCount: width * height * 4) else { return nil }
        mapping = nil
        self.usage = usage
        texture = TextureImage(id: uniqueID, width: width, height: height, pixels: blank.base, owner: blank, redBlueSwapped: redBlueSwapped)
        usage.imageBytes += byteCount
    }

    var byteCount: Int { texture.width * texture.height * 4 }

    deinit { usage.imageBytes -= byteCount }

    /// Copies a rectangle of new pixels (rows of width·4 bytes) into the server's copy of the image;
    /// the caller has checked that the rectangle lies inside it and that `source` holds it.
    func write(_ source: UnsafeRawPointer, x: Int, y: Int, width: Int, height: Int) {
        guard let mapping else { return }
        let stride = texture.width * 4
        for row in 0..<height {
            (mapping.buffer.base + (y + row) * stride + x * 4).copyMemory(from: source + row * width * 4, byteCount: width * 4)
        }
    }
}

/// Zero pixels that cost no memory until read: an anonymous private mapping.
final class BlankPixels {
    let base: UnsafeRawPointer
    private let byteCount: Int

    init?(byteCount: Int) {
        self.byteCount = max(byteCount, 1)
        guard let p = mmap(nil, self.byteCount, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(p)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), byteCount) }
}
