import Foundation
import StrataCore

/// One set of text attributes with the layer's values filled in and clamped, and its font resolved.
struct ResolvedStyle {
    /// The font name fallback sorts for (nil: the default).
    var fontName: String?
    /// The face the name resolved to, as a slot of the layout's `FaceTable`.
    var primary: Int32
    var size: CGFloat
    var color: Color?
    var underline: LineStyle
    var underlineColor: Color?
    var strikethrough: LineStyle
    var strikethroughColor: Color?
    var kern: CGFloat
    var baselineOffset: CGFloat
}

/// The faces one layout uses, numbered densely, with their HarfBuzz fonts at hand (no lock per character).
final class FaceTable {
    let library: FontLibrary
    private(set) var faces: [FontFace] = []
    private(set) var fonts: [ShapingFont] = []
    private var slots: [Int: Int32] = [:]

    init(library: FontLibrary) { self.library = library }

    func slot(_ face: FontFace) -> Int32 {
        if let slot = slots[face.id] { return slot }
        let slot = Int32(faces.count)
        faces.append(face)
        fonts.append(library.shapingFont(for: face))
        slots[face.id] = slot
        return slot
    }

    /// The slot's metrics in points at `size`.
    func metrics(_ slot: Int32, size: CGFloat) -> FontMetrics { fonts[Int(slot)].metrics.scaled(to: size) }
}

/// The distinct attribute sets of one layout, resolved on first use; style 0 is the layer's own.
final class StyleTable {
    static let maxFontSize: CGFloat = 100_000
    static let maxOffset: CGFloat = 100_000

    let layer: TextStyle
    let faces: FaceTable
    private(set) var styles: [ResolvedStyle] = []
    private var indices: [TextAttributes: Int32] = [:]

    init(layer: TextStyle, faces: FaceTable) {
        self.layer = layer
        self.faces = faces
        _ = index(for: TextAttributes())
    }

    subscript(_ index: Int32) -> ResolvedStyle { styles[Int(index)] }

    func index(for attributes: TextAttributes) -> Int32 {
        if let index = indices[attributes] { return index }
        let name = attributes.font ?? layer.font
        let style = ResolvedStyle(
            fontName: name,
            primary: faces.slot(faces.library.resolve(name).face),
            size: Self.clamp(attributes.fontSize ?? layer.fontSize, 0...Self.maxFontSize),
            color: attributes.foregroundColor,
            underline: attributes.underline, underlineColor: attributes.underlineColor,
            strikethrough: attributes.strikethrough, strikethroughColor: attributes.strikethroughColor,
            kern: Self.clamp(attributes.kern ?? 0, -Self.maxOffset...Self.maxOffset),
            baselineOffset: Self.clamp(attributes.baselineOffset ?? 0, -Self.maxOffset...Self.maxOffset))
        let index = Int32(styles.count)
        styles.append(style)
        indices[attributes] = index
        return index
    }

    /// Non-finite values count as 0.
    static func clamp(_ value: CGFloat, _ range: ClosedRange<CGFloat>) -> CGFloat {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : 0
    }
}
