import Foundation
import Strata

/// A thumbnail turned by its track's `preferredTransform` (AVAssetImageGenerator's
/// `appliesPreferredTrackTransform`): each pixel moved where the transform's turn or flip puts its centre,
/// about the image's centre (tx and ty only bring the track's rectangle back onto itself, and the image may be
/// scaled down). The 8 turns and flips a track can carry land every pixel on one pixel. Done on the decoded
/// frame: GStreamer's videoflip inside playbin, automatic or by name, shrank the turned frame into the middle
/// of the size asked for.
enum ImageTurning {
    /// Whether `t` is one of the 8 turns and flips of a rectangle onto itself.
    static func isTurnOrFlip(_ t: CGAffineTransform) -> Bool {
        [t.a, t.b, t.c, t.d].allSatisfy { $0 == 0 || abs($0) == 1 } && abs(t.a) + abs(t.c) == 1 && abs(t.b) + abs(t.d) == 1
    }

    /// The size `width` × `height` takes under `t` (swapped by a quarter turn).
    static func size(_ width: Int, _ height: Int, by t: CGAffineTransform) -> (width: Int, height: Int) {
        t.a == 0 ? (height, width) : (width, height)
    }

    /// RGBA rows of `width` × `height` turned by `t` (one of the 8), with their new size.
    static func turn(_ rgba: [UInt8], width w: Int, height h: Int, by t: CGAffineTransform) -> (pixels: [UInt8], width: Int, height: Int) {
        let (tw, th) = size(w, h, by: t)
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        for y in 0..<h {
            for x in 0..<w {
                let cx = Double(x) + 0.5 - Double(w) / 2, cy = Double(y) + 0.5 - Double(h) / 2
                let dx = Int((t.a * cx + t.c * cy + Double(tw) / 2 - 0.5).rounded())
                let dy = Int((t.b * cx + t.d * cy + Double(th) / 2 - 0.5).rounded())
                guard (0..<tw).contains(dx), (0..<th).contains(dy) else { continue }
                let s = (y * w + x) * 4, d = (dy * tw + dx) * 4
                for c in 0..<4 { out[d + c] = rgba[s + c] }
            }
        }
        return (out, tw, th)
    }
}
