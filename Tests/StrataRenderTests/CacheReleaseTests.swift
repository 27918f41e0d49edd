import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
import StrataScene
import StrataServer
import StrataOffline
import Testing

/// Under memory pressure the server drops its caches (`Compositor.releaseCaches`): nothing on screen
/// changes, later frames draw the same pixels, and the caches fill again as frames need them.
@Suite struct CacheReleaseTests {
    @Test func droppedCachesLeaveThePixelsAndFillAgain() throws {
        // Still shadowed cards (their composites are kept from their second drawing), a rasterized layer,
        // a label, and a small moving layer that makes frames repaint across them.
        let scene = try SceneParser.parse(data: Data(##"""
            {"strata":1,"background":"#202020","layers":[
             {"id":"a","bounds":[0,0,40,30],"position":[30,30],"backgroundColor":"#3070F0","cornerRadius":6,"shadowOpacity":0.8,"shadowRadius":6},
             {"id":"b","bounds":[0,0,40,30],"position":[90,30],"backgroundColor":"#F07030","shouldRasterize":true,"shadowOpacity":0.6,"shadowRadius":4},
             {"id":"t","class":"text","bounds":[0,0,100,20],"position":[60,75],"string":"Pressure","fontSize":14},
             {"id":"m","bounds":[0,0,6,6],"position":[10,40],"backgroundColor":"#FFFFFF",
              "animations":{"x":{"type":"basic","keyPath":"position.x","byValue":100,"duration":1}}}]}
            """##.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let kept = try Self.run(scene, dropping: false)
        let dropped = try Self.run(scene, dropping: true)
        #expect(dropped.held > 0 && dropped.afterDrop == 0 && dropped.refilled > 0)
        #expect(dropped.unchangedOnScreen)
        // The frames after the drop are those of a server that kept its caches.
        #expect(dropped.last == kept.last)
    }

    struct Run { var held = 0, afterDrop = 0, refilled = 0; var unchangedOnScreen = true; var last: [UInt8] = [] }

    /// Frames at 0…0.3 s, the caches dropped or not, then frames at 0.4 and 0.5 s.
    static func run(_ scene: Scene, dropping: Bool) throws -> Run {
        let display = try HeadlessDisplay(width: 120, height: 100)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.background = scene.background
        compositor.textLayoutUnitsPerFrame = nil
        compositor.addClient(1)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        for t in [0.0, 0.1, 0.2, 0.3] { try compositor.renderFrame(at: t) }
        var run = Run()
        if dropping {
            let before = try compositor.snapshot().pixels
            run.held = compositor.cacheBytes
            #expect(compositor.releaseCaches() == run.held)
            run.afterDrop = compositor.cacheBytes
            #expect(compositor.cacheReleases == 1 && compositor.statsJSON()["cache_releases"] as? Int == 1)
            run.unchangedOnScreen = try compositor.snapshot().pixels == before
        }
        try compositor.renderFrame(at: 0.4)
        try compositor.renderFrame(at: 0.5)
        run.refilled = compositor.cacheBytes
        run.last = try compositor.snapshot().pixels
        return run
    }
}

extension CacheReleaseTests {
    /// A client leaving takes the kept composites and bitmaps with it at once, not after 600 frames that a
    /// still screen never draws; the glyph cache stays while another client shows text.
    @Test func aLeavingClientsCachesGoWithItAtOnce() throws {
        let scene = try SceneParser.parse(data: Data(##"""
            {"strata":1,"layers":[
             {"id":"a","bounds":[0,0,40,30],"position":[30,30],"backgroundColor":"#3070F0","shadowOpacity":0.8,"shadowRadius":6},
             {"id":"b","bounds":[0,0,40,30],"position":[90,30],"backgroundColor":"#F07030","shouldRasterize":true},
             {"id":"m","bounds":[0,0,6,6],"position":[10,40],"backgroundColor":"#FFFFFF",
              "animations":{"x":{"type":"basic","keyPath":"position.x","byValue":100,"duration":1}}}]}
            """##.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let display = try HeadlessDisplay(width: 120, height: 100)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.addClient(1)
        compositor.addClient(2)
        let (commit, buffers) = try scene.commit(sceneStart: 0)
        compositor.submit(commit, fds: buffers.map { dup($0.fd) }, from: 1)
        compositor.submit(Commit(transactionID: 1, operations: [.createLayer(1), .attachRoot(1)]), fds: [], from: 2)
        for t in [0.0, 0.1, 0.2, 0.3] { try compositor.renderFrame(at: t) }
        #expect(compositor.cacheBytes > 0)
        compositor.removeClient(1)
        #expect(compositor.cacheBytes == 0)
        #expect(compositor.cacheReleases == 0, "not a release under memory pressure")
    }
}
