import Foundation
import StrataCore
import StrataText

/// What one layout needs: a text layer's string, the values layout depends on and its bounds' size
/// (`TextLayout.layout`'s arguments). Two equal requests have the same layout.
public struct TextLayoutRequest: Equatable, Sendable {
    public var text: AttributedText
    public var style: TextStyle
    public var size: CGSize

    public init(text: AttributedText, style: TextStyle, size: CGSize) {
        self.text = text; self.style = style; self.size = size
    }

    /// Font names the request asks for: the layer's and its runs' (for the missing-font warning).
    public var fontNames: [String] {
        var names: [String] = []
        if let font = style.font { names.append(font) }
        for run in text.runs { if let font = run.attributes.font, !names.contains(font) { names.append(font) } }
        return names
    }
}

/// The worker's answer: the layout, and which of the request's font names no installed font carries
/// (each with the family shown instead), so the server can warn without asking fontconfig itself.
public struct TextLayoutReply: Equatable, Sendable {
    public var layout: LaidOutText
    public var missingFonts: [(name: String, using: String)]

    public init(layout: LaidOutText, missingFonts: [(name: String, using: String)] = []) {
        self.layout = layout; self.missingFonts = missingFonts
    }

    public static func == (a: TextLayoutReply, b: TextLayoutReply) -> Bool {
        a.layout == b.layout && a.missingFonts.map(\.name) == b.missingFonts.map(\.name)
            && a.missingFonts.map(\.using) == b.missingFonts.map(\.using)
    }
}
