import Foundation
import StrataCore
import StrataDisplay
import StrataOffline
import StrataPNG
import StrataProtocol
import StrataScene
@testable import StrataServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Inside a scissor clip (a scroll view's bounds), a sublayer whose whole subtree draws outside the clip is
/// not built (`DrawListBuilder.culls`): the frame is the same as with every layer built, and what reaches
/// into the clip from outside (a sublayer past its layer's bounds, a shadow, contents placed by their
/// gravity, a kind that draws anywhere) is built.
@Suite struct ClipCullingTests {
    /// A list clipped to 200 × 120 (at y 20) of 40 rows 24 high, row i spanning content y 30i…30i + 24, each
    /// with a shadowed knob at x 170; its bounds' origin moves from y 0 to 600 in a second. Rows that reach past their
    /// own box: 8 casts a shadow (radius 20, offset 40: y 249…335), 9 shows 40 × 80 contents at their natural
    /// size, centred (y 242…322, x 80…120), 16 has a sublayer 70 above it (y 410…430, x 30…60), 17 holds a
    /// shape layer, 18 clips such a sublayer away (masksToBounds); 12 is hidden, 6 turned by 90° (y 97…287),
    /// and 10 only 60 wide (x 140…200).
    static func list(in dir: URL) throws -> Scene {
        let blue = [UInt8](repeating: 0, count: 40 * 80 * 4).enumerated().map { $0.offset % 4 == 2 || $0.offset % 4 == 3 ? UInt8(255) : UInt8(60) }
        try PNGCodec.write(RGBAImage(width: 40, height: 80, pixels: blue, isPremultiplied: false), path: dir.appendingPathComponent("blue.png").path)
        var rows: [String] = []
        for i in 0..<40 {
            var extra = ""
            var sublayers = [##"{"id":"knob\##(i)","bounds":[0,0,16,16],"position":[170,12],"backgroundColor":"#30A060","cornerRadius":8,"shadowOpacity":0.4,"shadowRadius":3,"shadowOffset":[0,1]}"##]
            switch i {
            case 6: extra = ##","transform":[0,1,0,0,-1,0,0,0,0,0,1,0,0,0,0,1]"##
            case 8: extra = ##","shadowOpacity":0.6,"shadowRadius":20,"shadowOffset":[0,40]"##
            case 9: extra = ##","contents":"blue.png","contentsGravity":"center""##
            case 12: extra = ##","hidden":true"##
            case 16: sublayers.append(##"{"id":"up16","bounds":[0,0,30,20],"position":[40,-60],"backgroundColor":"#E03030"}"##)
            case 17: sublayers.append(##"{"id":"ring17","class":"shape","bounds":[0,0,10,10],"position":[20,12],"path":[["ellipse",0,-90,40,40]],"fillColor":"#E0C040"}"##)
            case 30: sublayers.append(##"{"id":"up30","bounds":[0,0,30,20],"position":[40,12],"backgroundColor":"#E03030"}"##)
            case 18:
                extra = ##","masksToBounds":true"##
                sublayers.append(##"{"id":"up18","bounds":[0,0,30,20],"position":[40,-60],"backgroundColor":"#E03030"}"##)
            default: break
            }
            // Row 10 is 60 wide, at the right: what row 9 shows past its bottom is not covered.
            let (width, x) = i == 10 ? (60, 170) : (190, 100)
            rows.append("""
            {"id":"row\(i)","bounds":[0,0,\(width),24],"position":[\(x),\(30 * i + 12)],"backgroundColor":"\(["#FFFFFF", "#D8E8FF"][i % 2])",
             "cornerRadius":6\(extra),"sublayers":[\(sublayers.joined(separator: ","))]}
            """)
        }
        let json = """
        {"strata":1,"background":"#F2F2F7","layers":[
          {"id":"list","bounds":[0,0,200,120],"position":[100,80],"masksToBounds":true,
           "animations":{"s":{"type":"basic","keyPath":"bounds.origin","fromValue":[0,0],"toValue":[0,600],"duration":1}},
           "sublayers":[\(rows.joined(separator: ","))]}],
         "changes":[{"time":0.6,"layer":"up30","set":{"position":[40,-520]},"disableActions":true}]}
        """
        return try SceneParser.parse(data: Data(json.utf8), baseDirectory: dir)
    }

    static func withList<T>(_ body: (Scene) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-culling-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try body(try list(in: dir))
    }

    @Test func rowsOutsideTheClipAreNotBuiltAndTheFrameIsTheSame() throws {
        try Self.withList { scene in
            // Origins 0, 150, 300 and 301.5.
            let times = [0, 0.25, 0.5, 0.5025]
            for time in times {
                let culled = try SceneRenderer.render(scene, at: [time], width: 200, height: 160)[0]
                let whole = try SceneRenderer.render(scene, at: [time], width: 200, height: 160, cullsOutsideClips: false)[0]
                #expect(whole.work.subtreesCulled == 0)
                let differing = zip(culled.image.pixels, whole.image.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "at \(time): \(differing) channel values differ")
            }
            // At origin 0 (content y 0…120) rows 0–4 are built (4 reaches the clip's edge), 6 (turned) and 17 (a
            // shape layer draws anywhere): 33 are not, nor the knobs of 6 and 17, which lie outside.
            #expect(try SceneRenderer.render(scene, at: [0], width: 200, height: 160)[0].work.subtreesCulled == 33 + 2)
            // At 300 (y 300…420): 10, 11, 13 and 14 (12 is hidden), 8 (its shadow), 9 (its contents), 16 (its
            // sublayer) and 17; 18's sublayer is clipped to its row: 32 are not built, nor the knobs of 8, 16 and
            // 17 (outside) and 10's (right of the clip). 9's knob (y 274…290) is built: its shadow (offset 1,
            // 3σ = 4.5) with the margins (2, and 3 for a shadow) reaches y 300.5.
            #expect(try SceneRenderer.render(scene, at: [0.5], width: 200, height: 160)[0].work.subtreesCulled == 32 + 4)
        }
    }

    /// What a row spans is kept between frames while its client commits nothing; a commit moving a sublayer
    /// of a row left out into view shows it the next frame.
    @Test func aCommitBringsACulledRowsSublayerIntoView() throws {
        try Self.withList { scene in
            // At 0.6 (origin 360: content y 360…480) row 30's red sublayer moves to content y 370…390 (target
            // 30…50); at 0.5 row 30 was left out.
            let culled = try SceneRenderer.render(scene, at: [0.5, 0.6], width: 200, height: 160)
            let whole = try SceneRenderer.render(scene, at: [0.5, 0.6], width: 200, height: 160, cullsOutsideClips: false)
            let red = (40 * 200 + 40) * 4
            #expect(Array(culled[1].image.pixels[red ..< red + 4]) == [224, 48, 48, 255])
            let differing = zip(culled[1].image.pixels, whole[1].image.pixels).filter { $0 != $1 }.count
            #expect(differing == 0)
        }
    }

    @Test func whatReachesInFromOutsideShows() throws {
        try Self.withList { scene in
            let image = try SceneRenderer.render(scene, at: 0.5, width: 200, height: 160)
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * 200 + x) * 4 ..< (y * 200 + x) * 4 + 4]) }
            // Content y 300 is target y 20. Row 9's contents (blue, to content y 322) show beside row 10.
            #expect(pixel(100, 21) == [60, 60, 255, 255])
            // Row 16's red sublayer: content y 410…420 is in the clip (target y 130…140).
            #expect(pixel(40, 136) == [224, 48, 48, 255])
            // Row 8's shadow reaches content y 335: the clip's top rows, beside row 10, are darker than the
            // background there (no row is drawn at x 130 between y 294 and 324).
            #expect(pixel(130, 21)[0] < 242)
        }
    }

    /// The scroll, frame after frame, copies what it can and shows what a full repaint shows (`ScrollCopy`
    /// matches the rows built in both frames).
    @Test func aCulledListScrollsByCopies() throws {
        try Self.withList { scene in
            // Origins 150, 180, 210 and 240: 30 pixels a frame.
            let times = [0.25, 0.3, 0.35, 0.4]
            let frames = try SceneRenderer.render(scene, at: times, width: 200, height: 160)
            for (time, frame) in zip(times, frames) {
                let full = try SceneRenderer.render(scene, at: time, width: 200, height: 160)
                let differences = zip(full.pixels, frame.image.pixels).map { abs(Int($0) - Int($1)) }
                // Pixels moved (copied, or a kept composite drawn at another place) may differ from drawing them
                // there by a level (`ScrollCopyTests.randomScrollsMatchFullRepaints`); a wrong copy differs by far more.
                #expect(differences.max() ?? 0 <= 1, "at \(time)")
                #expect(differences.filter { $0 > 0 }.count <= full.pixels.count / 100, "at \(time)")
            }
            // Each later frame moves 200 × 90 pixels and draws the 30-pixel strip that comes in (and what
            // moves otherwise: nothing here).
            for frame in frames.dropFirst() {
                #expect(frame.work.scrollCopiedPixels == 200 * 90)
                #expect(frame.work.repaintedPixels == 200 * 30)
            }
        }
    }
}

/// A text layer left out of the frame still asks the text worker for its layout, so that it shows its text
/// the frame it scrolls into view (the worker answers between frames; a layout asked for only then would
/// leave the label empty for a frame or more).
@Suite struct CulledTextLayoutTests {
    @Test func labelsOutOfTheClipStillAskForTheirLayouts() throws {
        // A "worker" that answers nothing for a minute: what is asked for stays queued.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-culled-text-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let worker = dir.appendingPathComponent("silent-worker").path
        try Data("#!/bin/sh\nsleep 60\n".utf8).write(to: URL(fileURLWithPath: worker))
        #expect(chmod(worker, 0o755) == 0)
        let service = try TextLayoutService(settings: .init(workerPath: worker, timeout: 120))
        defer { service.stop() }

        let display = try HeadlessDisplay(width: 100, height: 50)
        defer { display.releaseCurrent() }
        let compositor = try Compositor(display: display)
        compositor.textLayouts = service
        compositor.addClient(1)
        // A list clipped to 100 × 50 of 10 labels 20 high, 40 apart: 2 in view, 8 below it.
        var operations: [LayerOperation] = [.createLayer(1, kind: .layer), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 100, height: 50))),
                                       .setProperty(1, .position, .point(CGPoint(x: 50, y: 25))), .setProperty(1, .masksToBounds, .bool(true))]
        for i in 0..<10 {
            let id = LayerID(2 + i)
            operations += [.createLayer(id, kind: .text), .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 100, height: 20))),
                           .setProperty(id, .position, .point(CGPoint(x: 50, y: 10 + 40 * CGFloat(i)))),
                           .setProperty(id, .string, .text(AttributedText("Row \(i)"))), .insertSublayer(parent: 1, child: id, index: UInt32(i))]
        }
        compositor.submit(Commit(transactionID: 1, operations: operations + [.attachRoot(1)]), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(compositor.lastFrameWork.subtreesCulled == 8)
        // All 10 asked for: one taken by the worker, 9 waiting.
        let end = MonotonicClock.now() + 30
        while service.counts.started == 0, MonotonicClock.now() < end { usleep(5_000) }
        #expect(service.counts.started == 1)
        #expect(service.counts.queued == 9)
    }
}
