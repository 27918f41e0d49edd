import Foundation
import StrataCore
import StrataProtocol
import StrataText

/// The messages between the server and its text worker, little-endian, as the client protocol's values:
///
/// - request: u64 id, the attributed text (docs/protocol.md's text value), the style (font presence + name,
///   f64 size, u8 alignment, bool wrapped, u8 truncation) and the bounds' f64 width and height;
/// - reply: u64 id, the faces used (u32 count; path, u32 index, family, bool colour), the lines (rect, baseline,
///   u32 range, bool truncated, omitted-range presence + range), the runs (u32 face, f64 size, colour
///   presence + RGBA, u32 line, u32 glyph count, then per glyph u32 glyph, f64 x, f64 y, u32 cluster), the
///   decorations (rect, colour presence + RGBA), the size, and the missing fonts (u32 count; name, family).
///
/// The server reads a reply as it reads a client: a worker that misbehaves (memory corrupted by a hostile
/// string) must not make the server draw out of bounds or open files fontconfig does not list.
public enum TextWorkerCoding {
    /// Glyphs a reply may carry per UTF-16 unit of its request (HarfBuzz makes a few per character at
    /// most: decompositions, "…"), plus room for the ellipses of a short string.
    public static let glyphsPerUnit = 8
    public static let glyphAllowance = 64

    public static func encode(_ request: TextLayoutRequest, id: UInt64) -> [UInt8] {
        var w = ByteWriter()
        w.u64(id)
        w.text(request.text)
        w.bool(request.style.font != nil)
        if let font = request.style.font { w.string(font) }
        w.f64(Double(request.style.fontSize))
        w.u8(request.style.alignment.rawValue)
        w.bool(request.style.isWrapped)
        w.u8(request.style.truncation.rawValue)
        w.f64(Double(request.size.width)); w.f64(Double(request.size.height))
        return w.bytes
    }

    public static func decodeRequest(_ bytes: [UInt8]) throws -> (id: UInt64, request: TextLayoutRequest) {
        var r = ByteReader(bytes)
        let id = try r.u64("request id")
        let text = try r.text("string")
        let font = try r.bool("font presence") ? try r.string("font", max: ValueRule.maxFontNameLength) : nil
        let size = try r.finiteF64("font size")
        let alignment = try r.u8("alignment"), truncation: UInt8
        let wrapped = try r.bool("wrapped")
        truncation = try r.u8("truncation")
        let width = try r.finiteF64("width"), height = try r.finiteF64("height")
        try r.expectEnd()
        guard let a = TextAlignmentMode(rawValue: alignment), let t = TruncationMode(rawValue: truncation) else {
            throw ProtocolError.invalid("request: alignment \(alignment) or truncation \(truncation) unknown")
        }
        let style = TextStyle(font: font, fontSize: CGFloat(size), alignment: a, isWrapped: wrapped, truncation: t)
        return (id, TextLayoutRequest(text: text, style: style, size: CGSize(width: width, height: height)))
    }

    public static func encode(_ reply: TextLayoutReply, id: UInt64) -> [UInt8] {
        var w = ByteWriter()
        w.u64(id)
        let layout = reply.layout
        var faces: [FontFace] = []
        var faceIndex: [Int: Int] = [:]
        for run in layout.runs where faceIndex[run.face.id] == nil {
            faceIndex[run.face.id] = faces.count
            faces.append(run.face)
        }
        w.u32(UInt32(faces.count))
        for face in faces { w.string(face.path); w.u32(UInt32(clamping: face.index)); w.string(face.family); w.bool(face.isColor) }
        w.u32(UInt32(layout.lines.count))
        for line in layout.lines {
            w.rect(line.rect); w.f64(Double(line.baseline))
            w.range(line.range); w.bool(line.isTruncated)
            w.bool(line.omittedRange != nil); if let o = line.omittedRange { w.range(o) }
        }
        w.u32(UInt32(layout.runs.count))
        for run in layout.runs {
            w.u32(UInt32(faceIndex[run.face.id] ?? 0)); w.f64(Double(run.size)); w.optionalColor(run.color)
            w.u32(UInt32(clamping: run.line)); w.u32(UInt32(run.glyphs.count))
            for (i, glyph) in run.glyphs.enumerated() {
                w.u32(glyph)
                let p = i < run.positions.count ? run.positions[i] : .zero
                w.f64(Double(p.x)); w.f64(Double(p.y))
                w.u32(UInt32(clamping: i < run.clusters.count ? run.clusters[i] : 0))
            }
        }
        w.u32(UInt32(layout.decorations.count))
        for d in layout.decorations { w.rect(d.rect); w.optionalColor(d.color) }
        w.f64(Double(layout.size.width)); w.f64(Double(layout.size.height))
        w.u32(UInt32(reply.missingFonts.count))
        for missing in reply.missingFonts { w.string(missing.name); w.string(missing.using) }
        return w.bytes
    }

    /// Decodes a reply to a request of `units` UTF-16 units, checking every count, index and number;
    /// `face` gives the server's own face for a file and index the worker used, nil for one the server's
    /// fontconfig does not list (the reply is then refused), and `glyphCount` a face's number of glyphs.
    public static func decodeReply(_ bytes: [UInt8], units: Int, face: (String, Int) -> FontFace?,
                                   glyphCount: (FontFace) -> UInt32) throws -> (id: UInt64, reply: TextLayoutReply) {
        var r = ByteReader(bytes)
        let id = try r.u64("reply id")
        let faceCount = try r.count("faces", each: 10)
        var faces: [FontFace] = []
        for i in 0..<faceCount {
            let path = try r.string("face \(i) path"), index = Int(try r.u32("face \(i) index"))
            _ = try r.string("face \(i) family"); _ = try r.bool("face \(i) colour")
            guard let known = face(path, index) else { throw ProtocolError.invalid("reply: face \(path)#\(index) is not a font fontconfig lists") }
            faces.append(known)
        }
        let glyphCounts = faces.map(glyphCount)
        var layout = LaidOutText()
        let lineCount = try r.count("lines", each: 50)
        for i in 0..<lineCount {
            let rect = try r.rect("line \(i)"), baseline = try r.finiteF64("line \(i) baseline")
            let range = try r.range("line \(i) range", within: units)
            let truncated = try r.bool("line \(i) truncated")
            let omitted = try r.bool("line \(i) omitted presence") ? try r.range("line \(i) omitted", within: units) : nil
            layout.lines.append(LineBox(rect: rect, baseline: CGFloat(baseline), range: range, isTruncated: truncated, omittedRange: omitted))
        }
        let runCount = try r.count("runs", each: 25)
        var glyphTotal = 0
        let glyphLimit = units * glyphsPerUnit + glyphAllowance
        for i in 0..<runCount {
            let faceNumber = Int(try r.u32("run \(i) face"))
            guard faceNumber < faces.count else { throw ProtocolError.invalid("reply: run \(i) names face \(faceNumber) of \(faces.count)") }
            let size = try r.finiteF64("run \(i) size")
            guard size >= 0, size <= 100_000 else { throw ProtocolError.invalid("reply: run \(i) size \(size)") }
            let color = try r.optionalColor("run \(i) colour")
            let line = Int(try r.u32("run \(i) line"))
            guard line < layout.lines.count else { throw ProtocolError.invalid("reply: run \(i) on line \(line) of \(layout.lines.count)") }
            let n = try r.count("run \(i) glyphs", each: 24)
            glyphTotal += n
            guard glyphTotal <= glyphLimit else { throw ProtocolError.invalid("reply: more than \(glyphLimit) glyphs for \(units) units") }
            let (glyphs, positions, clusters) = try r.glyphs(n, of: glyphCounts[faceNumber], units: units)
            layout.runs.append(GlyphRun(face: faces[faceNumber], size: CGFloat(size), color: color, glyphs: glyphs,
                                        positions: positions, line: line, clusters: clusters))
        }
        let decorationCount = try r.count("decorations", each: 33)
        for i in 0..<decorationCount {
            layout.decorations.append(TextDecoration(rect: try r.rect("decoration \(i)"), color: try r.optionalColor("decoration \(i) colour")))
        }
        let width = try r.finiteF64("width"), height = try r.finiteF64("height")
        guard width >= 0, height >= 0 else { throw ProtocolError.invalid("reply: size \(width) x \(height)") }
        layout.size = CGSize(width: width, height: height)
        let missingCount = try r.count("missing fonts", each: 8)
        var missing: [(name: String, using: String)] = []
        for i in 0..<missingCount {
            missing.append((try r.string("missing font \(i)", max: ValueRule.maxFontNameLength), try r.string("missing font \(i) family")))
        }
        try r.expectEnd()
        return (id, TextLayoutReply(layout: layout, missingFonts: missing))
    }
}

extension ByteReader {
    /// A run's `n` glyphs, each with its position and cluster. HarfBuzz gives glyph 0 (.notdef) where a
    /// face lacks a character; anything from the face's `count` on is not a glyph of it. A cluster is a
    /// UTF-16 offset within the text's `units`.
    mutating func glyphs(_ n: Int, of count: UInt32, units: Int) throws -> (glyphs: [UInt32], positions: [CGPoint], clusters: [Int]) {
        var glyphs: [UInt32] = [], positions: [CGPoint] = [], clusters: [Int] = []
        glyphs.reserveCapacity(n); positions.reserveCapacity(n); clusters.reserveCapacity(n)
        for _ in 0..<n {
            let glyph = try u32("glyph")
            guard glyph == 0 || glyph < count else { throw ProtocolError.invalid("reply: glyph \(glyph) of a face with \(count)") }
            glyphs.append(glyph)
            positions.append(CGPoint(x: try finiteF64("glyph x"), y: try finiteF64("glyph y")))
            let cluster = Int(try u32("glyph cluster"))
            guard cluster <= units else { throw ProtocolError.invalid("reply: cluster \(cluster) past \(units) units") }
            clusters.append(cluster)
        }
        return (glyphs, positions, clusters)
    }
}

private extension ByteWriter {
    mutating func rect(_ r: CGRect) { for v in [r.minX, r.minY, r.width, r.height] { f64(Double(v)) } }
    mutating func range(_ r: Range<Int>) { u32(UInt32(clamping: r.lowerBound)); u32(UInt32(clamping: r.upperBound)) }
    mutating func optionalColor(_ c: Color?) {
        bool(c != nil)
        if let c { for e in c.components { f64(Double(e)) } }
    }
}

private extension ByteReader {
    /// A count of elements of at least `each` bytes that the rest of the message can hold.
    mutating func count(_ what: String, each: Int) throws -> Int {
        let n = Int(try u32("\(what) count"))
        guard n <= remaining / each else { throw ProtocolError.invalid("reply: \(n) \(what) cannot fit in \(remaining) bytes") }
        return n
    }

    mutating func rect(_ what: String) throws -> CGRect {
        let x = try finiteF64(what), y = try finiteF64(what), w = try finiteF64(what), h = try finiteF64(what)
        return CGRect(x: x, y: y, width: w, height: h)
    }

    mutating func range(_ what: String, within units: Int) throws -> Range<Int> {
        let lo = Int(try u32(what)), hi = Int(try u32(what))
        guard lo <= hi, hi <= units else { throw ProtocolError.invalid("reply: \(what) \(lo)..<\(hi) outside \(units) units") }
        return lo..<hi
    }

    mutating func optionalColor(_ what: String) throws -> Color? {
        guard try bool("\(what) presence") else { return nil }
        return Color(red: try finiteF64(what), green: try finiteF64(what), blue: try finiteF64(what), alpha: try finiteF64(what))
    }
}
