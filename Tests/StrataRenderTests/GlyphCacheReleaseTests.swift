import StrataTestSupport
import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// The glyph cache (up to 20 MiB of textures, and the open font faces) goes back to the system when the
/// last client with text layers leaves, and is made again at the next glyph.
@Suite(.serialized) struct GlyphCacheReleaseTests {
    init() { TestFonts.install() }

    static func label(_ id: LayerID) -> [LayerOperation] {
        [.createLayer(id, kind: .text), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 60, height: 20))),
         .setProperty(id, .position, .point(CGPoint(x: 30, y: 10))), .setProperty(id, .fontSize, .scalar(14)),
         .setProperty(id, .string, .text(AttributedText("Gate 12 🇫🇷"))), .attachRoot(id)]
    }

    @Test func theLastTextClientLeavingGivesTheGlyphCacheBack() throws {
        let display = try HeadlessDisplay(width: 60, height: 20)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        for client: UInt32 in 1...3 { compositor.addClient(client) }
        compositor.submit(Commit(transactionID: 1, operations: Self.label(1)), fds: [], from: 1)
        compositor.submit(Commit(transactionID: 1, operations: Self.label(1)), fds: [], from: 2)
        compositor.submit(Commit(transactionID: 1, operations: [.createLayer(1), .attachRoot(1)]), fds: [], from: 3)
        try compositor.renderFrame(at: 0)
        #expect(compositor.hasGlyphCache)
        compositor.removeClient(1)
        #expect(compositor.hasGlyphCache, "client 2 still shows text")
        compositor.removeClient(2)
        #expect(!compositor.hasGlyphCache, "only client 3, without text, is left")
        // Text again: the cache is made again and draws.
        compositor.submit(Commit(transactionID: 2, operations: Self.label(2)), fds: [], from: 3)
        try compositor.renderFrame(at: 1.0 / 60)
        #expect(compositor.hasGlyphCache)
        let shot = try compositor.snapshot()
        #expect(stride(from: 0, to: shot.pixels.count, by: 4).contains { shot.pixels[$0] > 128 }, "the label is drawn")
    }

    /// A client that released its text layers before it left (so none were in its tree as it went) took
    /// the cache with it too: before, the glyphs and their font faces stayed (4 MiB of font files still
    /// mapped after a 1 M-input fuzz run whose clients had all gone).
    @Test func theCacheGoesWithTheLastClientEvenIfItsTextWasReleasedFirst() throws {
        let display = try HeadlessDisplay(width: 60, height: 20)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        compositor.submit(Commit(transactionID: 1, operations: Self.label(1)), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(compositor.hasGlyphCache)
        compositor.submit(Commit(transactionID: 2, operations: [.detachRoot(1), .releaseLayer(1), .createLayer(2), .attachRoot(2)]), fds: [], from: 1)
        try compositor.renderFrame(at: 1.0 / 60)
        #expect(compositor.hasGlyphCache, "kept while the client stays")
        compositor.removeClient(1)
        #expect(!compositor.hasGlyphCache)
    }
}
