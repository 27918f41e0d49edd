import Foundation
import StrataCore
import StrataDisplay
@testable import StrataRender
import Testing

/// A deferred client's bitmap is drawn again a part a frame (`Renderer.drawPart`), so its new drawing
/// never costs one frame all of it: the last drawing shows until the new one is whole (issue 27).
@Suite struct RasterPartsTests {
    final class Owner { let id = RasterOwner() }

    /// A 16 × 16 bitmap of four 8 × 8 squares in `color`, one command each, drawn in parts; `shift` moves
    /// them (and the bitmap's origin).
    static func content(_ owner: Owner, _ color: Color, shift: Int = 0) throws -> RasterContent {
        var list = DrawList()
        list.commands = [(0, 0), (8, 0), (0, 8), (8, 8)].map { x, y in
            .fill(matrix: .identity, rect: CGRect(x: x + shift, y: y + shift, width: 8, height: 8), color: color, alpha: 1)
        }
        let content = try #require(RasterContent(owner: owner.id, list: list))
        content.drawnInParts = true
        return content
    }

    /// A renderer whose bitmaps drawn in parts take two squares a frame.
    static func renderer() throws -> Renderer {
        let renderer = try Renderer()
        renderer.rasterPartCost = 2
        return renderer
    }

    /// Draws `content` as a bitmap over the whole 16 × 16 output; returns the top-left and bottom-right
    /// pixels' colours, and the offscreen passes.
    static func frame(_ renderer: Renderer, _ display: HeadlessDisplay, _ content: RasterContent) throws -> (String, String, Int) {
        var list = DrawList()
        list.clearColor = .black
        list.commands = [.raster(matrix: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 16), content: content, alpha: 1,
                                 sampling: Sampling(minFilter: .nearest, magFilter: .nearest), edges: 0, tint: .white)]
        let counters = try renderer.render(list, framebuffer: display.framebuffer, width: 16, height: 16)
        let shot = try display.readPixels()
        func name(_ x: Int, _ y: Int) -> String {
            let i = (y * 16 + x) * 4
            switch (shot.pixels[i] > 200, shot.pixels[i + 2] > 200) {
            case (true, true): return "white"
            case (true, false): return "red"
            case (false, true): return "blue"
            default: return "other"
            }
        }
        return (name(2, 2), name(13, 13), counters.offscreenPasses)
    }

    @Test func aNewDrawingIsMadeInPartsWhileTheLastShows() throws {
        let display = try HeadlessDisplay(width: 16, height: 16)
        defer { display.releaseCurrent() }
        let (renderer, owner) = (try Self.renderer(), Owner())
        let red = try Self.content(owner, Color(red: 1, green: 0, blue: 0, alpha: 1))
        let blue = try Self.content(owner, Color(red: 0, green: 0, blue: 1, alpha: 1))
        // No drawing shows yet: the first is made whole.
        #expect(try Self.frame(renderer, display, red) == ("red", "red", 1))
        // The blue one: two squares a frame into a target of its own, the red one shown meanwhile.
        #expect(try Self.frame(renderer, display, blue) == ("red", "red", 1))
        #expect(try Self.frame(renderer, display, blue) == ("blue", "blue", 1))
        // Whole now: kept, no more drawing.
        #expect(try Self.frame(renderer, display, blue) == ("blue", "blue", 0))
        // A drawing elsewhere (its bitmap's origin moved) is drawn whole at once: the last one would show
        // in the wrong place meanwhile.
        let moved = try Self.content(owner, Color(red: 1, green: 0, blue: 0, alpha: 1), shift: 2)
        #expect(try Self.frame(renderer, display, moved) == ("red", "red", 1))
    }

    /// A drawing begun is finished before a newer one starts: a client whose drawing changes every frame
    /// shows it a few frames late, never stuck on an old one.
    @Test func aDrawingChangingFasterThanItsPartsStillShows() throws {
        let display = try HeadlessDisplay(width: 16, height: 16)
        defer { display.releaseCurrent() }
        let (renderer, owner) = (try Self.renderer(), Owner())
        let red = try Self.content(owner, Color(red: 1, green: 0, blue: 0, alpha: 1))
        let blue = try Self.content(owner, Color(red: 0, green: 0, blue: 1, alpha: 1))
        let white = try Self.content(owner, .white)
        #expect(try Self.frame(renderer, display, red) == ("red", "red", 1))
        #expect(try Self.frame(renderer, display, blue) == ("red", "red", 1))   // blue, first half
        #expect(try Self.frame(renderer, display, white) == ("blue", "blue", 1)) // blue finished, not dropped
        #expect(try Self.frame(renderer, display, white) == ("blue", "blue", 1)) // white, first half
        #expect(try Self.frame(renderer, display, white) == ("white", "white", 1))
        #expect(try Self.frame(renderer, display, white) == ("white", "white", 0))
    }

    @Test func aLongTextIsSplitIntoPartsOfAtMostSoManyGlyphs() throws {
        let face = TextCanvas.dejaVu
        let run = TextDraw.Run(face: face, size: 12, color: .white, glyphs: Array(repeating: 36, count: 10),
                               positions: (0..<10).map { CGPoint(x: CGFloat($0) * 7, y: 12) })
        var draw = TextDraw(matrix: .identity, runs: [run, run], contentsScale: 1)
        draw.decorations = [TextDraw.Decoration(rect: CGRect(x: 0, y: 13, width: 70, height: 1), color: .white)]
        let parts = draw.parts(maxGlyphs: 8)
        #expect(parts.map { $0.runs.reduce(0) { $0 + $1.glyphs.count } } == [8, 8, 4])
        #expect(parts.map(\.decorations.count) == [0, 0, 1])
        #expect(parts.flatMap { $0.runs.flatMap(\.positions) } == draw.runs.flatMap(\.positions))
        #expect(draw.parts(maxGlyphs: 21).count == 1, "whole when it is not over the limit: 20 glyphs and a decoration")
    }
}

extension RasterPartsTests {
    /// A first drawing made in parts (`startsEmpty`, a large text's) shows nothing until whole, and is not
    /// lost when another output's frame, without it, comes between two of its frames.
    @Test func aFirstDrawingInPartsShowsNothingThenSurvivesAnotherOutputsFrames() throws {
        let display = try HeadlessDisplay(width: 16, height: 16)
        defer { display.releaseCurrent() }
        let (renderer, owner) = (try Self.renderer(), Owner())
        let red = try Self.content(owner, Color(red: 1, green: 0, blue: 0, alpha: 1))
        red.startsEmpty = true
        func otherOutput() throws {
            var list = DrawList()
            list.commands = [.fill(matrix: .identity, rect: CGRect(x: 0, y: 0, width: 4, height: 4), color: .white, alpha: 1)]
            try renderer.render(list, framebuffer: display.framebuffer, width: 16, height: 16)
        }
        // Two squares a frame: the clear black until the second frame completes it.
        var first = try Self.frame(renderer, display, red)
        #expect(first.0 == "other" && first.1 == "other", "\(first)")
        try otherOutput()
        first = try Self.frame(renderer, display, red)
        #expect(first.0 == "red" && first.1 == "red", "\(first)")
        try otherOutput()
        #expect(try Self.frame(renderer, display, red) == ("red", "red", 0))
    }
}
