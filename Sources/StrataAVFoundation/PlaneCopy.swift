import CGStreamer
import Foundation
import StrataProtocol

/// Copies a decoded YUV 4:2:0 frame from GStreamer's layout (planes at offsets, rows at strides, padding
/// between) into the drawable layout: planes packed, rows packed, chroma sides rounded up.
struct PlaneCopy {
    let width: Int
    let height: Int
    let format: DrawableFormat
    let offsets: [Int]
    let strides: [Int]
    /// Whether every row read lies inside the source.
    let fits: Bool

    init(width: Int, height: Int, format: DrawableFormat, layout: StrataVideoLayout, sourceSize: Int) {
        self.width = width; self.height = height; self.format = format
        var offsets: [Int] = [], strides: [Int] = []
        withUnsafeBytes(of: layout.offset) { offsets = Array($0.bindMemory(to: Int.self)) }
        withUnsafeBytes(of: layout.stride) { strides = Array($0.bindMemory(to: Int32.self)).map(Int.init) }
        self.offsets = offsets; self.strides = strides
        var fits = true
        for (plane, rows, rowBytes) in Self.planes(width: width, height: height, format: format) {
            let last = offsets[plane] + (rows - 1) * strides[plane] + rowBytes
            if strides[plane] < rowBytes || offsets[plane] < 0 || last > sourceSize { fits = false }
        }
        self.fits = fits
    }

    /// Each plane: its index in the source, its rows, and the bytes of a row.
    static func planes(width: Int, height: Int, format: DrawableFormat) -> [(Int, Int, Int)] {
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        switch format {
        case .nv12: return [(0, height, width), (1, ch, cw * 2)]
        case .i420: return [(0, height, width), (1, ch, cw), (2, ch, cw)]
        case .rgba, .bgra: return [(0, height, width * 4)]
        }
    }

    func copy(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        var out = destination
        for (plane, rows, rowBytes) in Self.planes(width: width, height: height, format: format) {
            var row = source + offsets[plane]
            for _ in 0..<rows {
                out.copyMemory(from: row, byteCount: rowBytes)
                out += rowBytes
                row += strides[plane]
            }
        }
    }
}
