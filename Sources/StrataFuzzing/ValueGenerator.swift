import Foundation
import StrataCore

/// Random values of every kind, mostly plausible (the sizes and ranges apps use) with a small share of
/// extremes, so commits get past decoding and reach the server's tree, animation and drawing code.
public struct ValueGenerator {
    /// Share of numbers drawn from the extremes (huge, tiny, negative zero, near the f64 limits).
    public var extremeShare = 0.03
    /// Images the session defines, which `contents` values name most of the time (else any id).
    public var knownImages: [UInt64] = []

    public init() {}

    public func number(_ r: inout FuzzRandom) -> CGFloat {
        if r.chance(extremeShare) {
            return r.pick([1e6, -1e6, 1e12, 1e-9, -0.0, 1e300, -1e300, .greatestFiniteMagnitude, 16384, 16385]) ?? 0
        }
        switch r.int(0...4) {
        case 0: return CGFloat(r.int(0...4))
        case 1: return CGFloat(r.double(0...1))
        case 2: return CGFloat(r.double(0...200))
        case 3: return CGFloat(r.double(-100...100))
        default: return CGFloat(r.int(-2...64))
        }
    }

    public func point(_ r: inout FuzzRandom) -> CGPoint { CGPoint(x: number(&r), y: number(&r)) }

    public func color(_ r: inout FuzzRandom) -> Color {
        Color(red: r.double(0...1), green: r.double(0...1), blue: r.double(0...1), alpha: r.chance(0.7) ? 1 : r.double(0...1))
    }

    public func transform(_ r: inout FuzzRandom) -> Transform3D {
        switch r.int(0...5) {
        case 0: return .identity
        case 1: return .rotation(number(&r), 0, 0, 1)
        case 2: return .rotation(CGFloat(r.double(-7...7)), CGFloat(r.double(-1...1)), CGFloat(r.double(-1...1)), 1)
        case 3: return .scale(number(&r), number(&r), r.chance(0.2) ? 0 : 1)
        case 4:
            var t = Transform3D.translation(number(&r), number(&r), number(&r))
            if r.chance(0.5) { t = Transform3D(elements: t.elements.enumerated().map { $0.offset == 11 ? -1 / 500 : $0.element }) }
            return t
        default: return Transform3D(elements: (0..<16).map { _ in number(&r) })
        }
    }

    /// A path of up to `maxElements` elements (most short, a few long).
    public func path(_ r: inout FuzzRandom, maxElements: Int = 64) -> Path {
        var p = Path()
        p.move(to: point(&r))
        for _ in 0..<r.skewed(maxElements) { append(&p, r.int(0...4), &r) }
        return p
    }

    /// A path with `structure`'s element kinds in order (animations between paths need one structure).
    public func path(like structure: Path, _ r: inout FuzzRandom) -> Path {
        var p = Path()
        for e in structure.elements {
            switch e {
            case .move: append(&p, 0, &r)
            case .line: append(&p, 1, &r)
            case .quad: append(&p, 2, &r)
            case .cubic: append(&p, 3, &r)
            case .close: append(&p, 4, &r)
            }
        }
        return p
    }

    private func append(_ p: inout Path, _ code: Int, _ r: inout FuzzRandom) {
        switch code {
        case 0: p.move(to: point(&r))
        case 1: p.addLine(to: point(&r))
        case 2: p.addQuadCurve(to: point(&r), control: point(&r))
        case 3: p.addCurve(to: point(&r), control1: point(&r), control2: point(&r))
        default: p.closeSubpath()
        }
    }

    /// Any value of `kind`; absent (nil) colours, paths and lists now and then.
    public func value(_ kind: ValueKind, _ r: inout FuzzRandom) -> AnimatableValue {
        switch kind {
        case .scalar: return .scalar(number(&r))
        case .point: return .point(point(&r))
        case .size: return .size(CGSize(width: number(&r), height: number(&r)))
        case .rect: return .rect(CGRect(x: number(&r), y: number(&r), width: number(&r), height: number(&r)))
        case .transform: return .transform(transform(&r))
        case .color: return .color(r.chance(0.1) ? nil : color(&r))
        case .bool: return .bool(r.chance(0.5))
        case .vector3: return .vector3(number(&r), number(&r), number(&r))
        case .path: return .path(r.chance(0.1) ? nil : path(&r))
        case .numbers: return .numbers(r.chance(0.1) ? nil : (0..<r.skewed(16)).map { _ in abs(number(&r)) })
        case .colors: return .colors(r.chance(0.1) ? nil : (0..<r.skewed(8)).map { _ in color(&r) })
        case .string: return .string(r.chance(0.1) ? nil : r.pick(Self.fontNames) ?? "")
        case .text: return .text(r.chance(0.1) ? nil : text(&r))
        case .emitterCells: return .emitterCells(cells(&r, depth: 1))
        case .filters: return .filters(filters(&r))
        case .image:
            // Images the session defines, ids that may name nothing, no image, or a crossfade part-way.
            func id() -> UInt64 { r.chance(0.9) ? r.pick(knownImages) ?? UInt64(r.skewed(8)) : UInt64(r.skewed(8)) }
            let from = r.chance(0.2) ? 0 : id(), to = id()
            return .image(ContentsImage(from: from, to: to, fraction: r.chance(0.5) ? 0 : Double.random(in: 0...1, using: &r)))
        }
    }

    /// Filters of every type (blend modes among them, which `filters` refuses), with any numbers (huge,
    /// negative and non-finite now and then), odd names, and now and then a chain past `FilterModel.maxCount`.
    func filters(_ r: inout FuzzRandom) -> [FilterModel] {
        let count = r.chance(0.05) ? FilterModel.maxCount + 1 + r.skewed(40) : r.skewed(4)
        return (0..<count).map { i in
            let type = r.pick(FilterType.allCases) ?? .gaussianBlur
            var f = FilterModel(type: type, name: r.chance(0.8) ? "f\(i)" : r.pick(["", "a.b", String(repeating: "n", count: 300)]))
            f.isEnabled = r.chance(0.9)
            for (index, input) in type.inputs.enumerated() where r.chance(0.6) {
                let huge: CGFloat = r.chance(0.05) ? .infinity : (r.chance(0.05) ? 1e12 : 1)
                f.setValues(input.defaultValue.map { _ in number(&r) * huge }, at: index)
            }
            return f
        }
    }

    /// Emitter cells with any numbers (negative and non-finite ones now and then), a contents image id
    /// that may name nothing, and sub-cells now and then one level past `EmitterCellModel.maxDepth`.
    func cells(_ r: inout FuzzRandom, depth: Int) -> [EmitterCellModel] {
        guard depth <= EmitterCellModel.maxDepth + 1 else { return [] }
        return (0..<r.skewed(depth == 1 ? 6 : 3)).map { i in
            var c = EmitterCellModel(name: r.chance(0.7) ? "c\(i)" : nil)
            c.isEnabled = r.chance(0.9)
            for k in EmitterCellModel.scalarKeyPaths where r.chance(0.5) { c[keyPath: k] = abs(number(&r)) * (r.chance(0.05) ? -1 : 1) }
            c.color = color(&r)
            c.contentsImage = r.chance(0.5) ? UInt64(r.skewed(8)) : nil
            if r.chance(0.3) { c.emitterCells = cells(&r, depth: depth + 1) }
            return c
        }
    }

    /// Font names a text layer may name: installed ones, a missing one, odd ones.
    static let fontNames = ["DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", "Noto Color Emoji", "Helvetica", "NoSuchFont", "", ":bold", "sans-serif:size=999"]

    /// Pieces of text from several scripts, with marks, controls, bidi embeddings and long words.
    static let textPieces = ["Lorem ipsum ", "dolor", " ", "\n", "\r\n", "你好，世界。", "مرحبا 123 ", "שלום", "😀", "👩🏽‍💻", "कि", "e\u{301}",
                             "\u{202E}", "\u{200F}", "\u{2029}", "\t", "https://example.com/a/b?c=d", "\u{FFFD}", "\u{0}", "ffi"]

    /// Attributed text: up to a few hundred pieces, up to 16 runs, now and then a run out of bounds.
    func text(_ r: inout FuzzRandom) -> AttributedText {
        let string = (0..<r.skewed(200)).map { _ in r.pick(Self.textPieces) ?? "" }.joined()
        let length = string.utf16.count
        var runs: [TextRun] = []
        var at = 0
        for _ in 0..<r.skewed(16) {
            let location = r.chance(0.05) ? r.int(0...length + 10) : min(length, at + r.skewed(20))
            let run = TextRun(location: location, length: r.skewed(40), attributes: TextAttributes(
                font: r.chance(0.3) ? r.pick(Self.fontNames) : nil, fontSize: r.chance(0.3) ? abs(number(&r)) : nil,
                foregroundColor: r.chance(0.5) ? color(&r) : nil, underline: LineStyle(rawValue: UInt8(r.int(0...3))) ?? .none,
                strikethrough: LineStyle(rawValue: UInt8(r.int(0...3))) ?? .none, kern: r.chance(0.2) ? number(&r) : nil,
                baselineOffset: r.chance(0.2) ? number(&r) : nil))
            runs.append(run)
            at = run.location + run.length
        }
        return AttributedText(string, runs: runs)
    }

    /// A value `property` accepts (its kind and its rule), or, with probability `invalid`, whatever came up.
    public func value(for property: LayerProperty, _ r: inout FuzzRandom, invalid: Double = 0) -> AnimatableValue {
        for _ in 0..<6 {
            var v = value(property.kind, &r)
            // Enumerations and masks take small whole numbers; most draws would miss them.
            if case .scalar = v, property.rule.names != nil || property.rangeError(.scalar(3)) == nil && r.chance(0.5) {
                v = .scalar(CGFloat(r.int(0...(property.rule.names?.count ?? 16))))
            }
            if property.rangeError(v) == nil || r.chance(invalid) { return v }
        }
        return property.defaultValue
    }
}
