import Foundation
import StrataCore

/// A font file face: what fontconfig resolved a name (or a fallback for a character) to. Equal faces are
/// the same file and index; `FontLibrary` hands out one `id` per face so caches key by a small number.
public struct FontFace: Hashable, Sendable, CustomStringConvertible {
    /// Unique within one `FontLibrary` (the server's glyph cache keys by it).
    public let id: Int
    public let path: String
    /// The face's index in a collection file (.ttc), 0 otherwise.
    public let index: Int
    /// The family name, for messages and `strata tree`.
    public let family: String
    /// A bitmap colour font (Noto Color Emoji): glyphs are BGRA images, not coverage masks.
    public let isColor: Bool

    public init(id: Int, path: String, index: Int, family: String, isColor: Bool) {
        self.id = id; self.path = path; self.index = index; self.family = family; self.isColor = isColor
    }

    public var description: String { "\(family) (\(path)#\(index))" }

    public static func == (a: FontFace, b: FontFace) -> Bool { a.id == b.id && a.path == b.path && a.index == b.index }
    public func hash(into h: inout Hasher) { h.combine(id) }
}

/// Positioned glyphs of one face, size and colour on one line, in the layer's coordinates (points, y down,
/// the bounds' origin at (0, 0)).
public struct GlyphRun: Equatable, Sendable {
    public var face: FontFace
    /// Point size the glyphs are drawn at.
    public var size: CGFloat
    /// nil: the layer's foregroundColor (so that animating it needs no new layout).
    public var color: Color?
    /// Glyph indices in `face`, in visual order (left to right).
    public var glyphs: [UInt32]
    /// Each glyph's origin on its baseline, in points.
    public var positions: [CGPoint]
    /// The line it is on (index into `LaidOutText.lines`).
    public var line: Int
    /// Each glyph's source: the UTF-16 offset of the first character of its cluster (for a "…" that
    /// truncation put in, the start of `LineBox.omittedRange`). Empty when the run was made without them.
    public var clusters: [Int]

    public init(face: FontFace, size: CGFloat, color: Color?, glyphs: [UInt32], positions: [CGPoint], line: Int, clusters: [Int] = []) {
        self.face = face; self.size = size; self.color = color; self.glyphs = glyphs; self.positions = positions; self.line = line
        self.clusters = clusters
    }
}

/// One laid-out line.
public struct LineBox: Equatable, Sendable {
    /// The line's box: x and width of its ink advance after alignment, y from the top of the line to its
    /// bottom (ascent + descent + leading of its tallest font).
    public var rect: CGRect
    /// The baseline's y.
    public var baseline: CGFloat
    /// The UTF-16 range of the source string the line shows (before truncation replaced any of it).
    public var range: Range<Int>
    /// Whether "…" replaced part of the line.
    public var isTruncated: Bool
    /// The UTF-16 range of `range` that "…" replaced (nil when not truncated).
    public var omittedRange: Range<Int>?

    public init(rect: CGRect, baseline: CGFloat, range: Range<Int>, isTruncated: Bool, omittedRange: Range<Int>? = nil) {
        self.rect = rect; self.baseline = baseline; self.range = range; self.isTruncated = isTruncated
        self.omittedRange = omittedRange
    }
}

/// An underline or strikethrough: a filled rectangle in the layer's coordinates.
public struct TextDecoration: Equatable, Sendable {
    public var rect: CGRect
    /// nil: the layer's foregroundColor.
    public var color: Color?

    public init(rect: CGRect, color: Color?) { self.rect = rect; self.color = color }
}

/// What `TextLayout.layout` produces: everything the server draws and the client measures.
public struct LaidOutText: Equatable, Sendable {
    public var lines: [LineBox]
    public var runs: [GlyphRun]
    public var decorations: [TextDecoration]
    /// The laid-out text's size: the widest line's advance and the lines' total height (what
    /// `preferredFrameSize()` returns).
    public var size: CGSize

    public init(lines: [LineBox] = [], runs: [GlyphRun] = [], decorations: [TextDecoration] = [], size: CGSize = .zero) {
        self.lines = lines; self.runs = runs; self.decorations = decorations; self.size = size
    }
}

/// The layer values layout depends on (all but colours, which are applied when drawing).
public struct TextStyle: Hashable, Sendable {
    /// The layer's font name; nil is Core Animation's default, Helvetica (fontconfig's match for it).
    public var font: String?
    public var fontSize: CGFloat
    public var alignment: TextAlignmentMode
    public var isWrapped: Bool
    public var truncation: TruncationMode

    public init(font: String? = nil, fontSize: CGFloat = 36, alignment: TextAlignmentMode = .natural, isWrapped: Bool = false,
                truncation: TruncationMode = .none) {
        self.font = font; self.fontSize = fontSize; self.alignment = alignment; self.isWrapped = isWrapped; self.truncation = truncation
    }
}
