import Foundation
import StrataCore
@testable import StrataRender
import Testing

/// Damage tracking compares consecutive draw lists; these check the repaint rectangle it finds, exactly.
@Suite struct DamageTrackerTests {
    static let size = (width: 640, height: 480)
    let everything = PixelRect(x: 0, y: 0, width: 640, height: 480)

    /// A 50×50 opaque square with its top-left corner at (x, y).
    static func square(_ x: CGFloat, _ y: CGFloat, _ color: Color = Color(red: 1, green: 0, blue: 0, alpha: 1)) -> DrawCommand {
        .fill(matrix: .translation(x, y, 0), rect: CGRect(x: 0, y: 0, width: 50, height: 50), color: color, alpha: 1)
    }

    /// 200 squares on a 20 × 10 grid, 32 pixels apart (they overlap), as in issue 4's benchmark scene.
    static func grid(moving index: Int = -1, by dx: CGFloat = 0) -> DrawList {
        var list = DrawList()
        list.commands.append(.fill(matrix: .identity, rect: CGRect(x: 0, y: 0, width: 640, height: 480),
                                   color: Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1), alpha: 1))
        for i in 0..<200 {
            let x = CGFloat(i % 20) * 30, y = CGFloat(i / 20) * 43
            list.commands.append(square(x + (i == index ? dx : 0), y))
        }
        return list
    }

    func plan(_ tracker: inout DamageTracker, _ list: DrawList, age: Int = 1) -> PixelRect {
        tracker.plan(list, width: Self.size.width, height: Self.size.height, bufferAge: age).repaint
    }

    @Test func theFirstFrameRepaintsEverythingAndAnUnchangedOneNothing() {
        var tracker = DamageTracker()
        #expect(plan(&tracker, Self.grid()) == everything)
        #expect(plan(&tracker, Self.grid()) == .empty)
    }

    @Test func oneMovedSquareOf200RepaintsItsOldAndNewPixels() {
        var tracker = DamageTracker()
        _ = plan(&tracker, Self.grid())
        // Square 57 sits at (17·30, 2·43) = (510, 86); moved 3 px right. Each box grows by the 2 px
        // anti-aliasing margin: x 508…563 (old 508…562, new 511…565) → 508…565, y 84…138.
        let damage = plan(&tracker, Self.grid(moving: 57, by: 3))
        #expect(damage == PixelRect(x: 508, y: 84, width: 57, height: 54))
        #expect(damage.area <= 2 * 50 * 50)
    }

    @Test func aGroupsOpacityRepaintsWhatTheGroupCovers() {
        func list(alpha: CGFloat) -> DrawList {
            var l = DrawList()
            l.commands = [.beginGroup, Self.square(100, 100), Self.square(120, 110), .endGroup(alpha: alpha), Self.square(400, 300)]
            return l
        }
        var tracker = DamageTracker()
        _ = plan(&tracker, list(alpha: 0.5))
        #expect(plan(&tracker, list(alpha: 0.75)) == PixelRect(x: 98, y: 98, width: 74, height: 64))
    }

    @Test func aChangeInsideAShadowGroupRepaintsTheBlurredArea() {
        func list(x: CGFloat) -> DrawList {
            var l = DrawList()
            l.commands = [.beginGroup, Self.square(x, 100), .endShadowGroup(color: Color(red: 0, green: 0, blue: 0, alpha: 1), alpha: 1, sigma: 2),
                          Self.square(x, 100)]
            return l
        }
        var tracker = DamageTracker()
        _ = plan(&tracker, list(x: 100))
        // σ 2 reaches ⌈3σ⌉ = 6 px, plus one: the shadow's squares grow by 2 + 7 px on each side.
        #expect(plan(&tracker, list(x: 101)) == PixelRect(x: 91, y: 91, width: 69, height: 68))
    }

    @Test func aSquareAddedOnTopRepaintsOnlyItsPixelsAndASwapRepaintsTheOneThatChangedPlaceInOrder() {
        var tracker = DamageTracker()
        var list = DrawList()
        list.commands = [Self.square(0, 0), Self.square(300, 200)]
        _ = plan(&tracker, list)
        list.commands.append(Self.square(20, 400))
        #expect(plan(&tracker, list) == PixelRect(x: 18, y: 398, width: 54, height: 54).intersection(everything))
        // Matched in painter's order, (300, 200) keeps its match and (0, 0) is drawn after it now: only its box
        // (with the 2-pixel margin, cut at the target's corner) is repainted, which holds every pixel where the
        // two could overlap.
        list.commands = [Self.square(300, 200), Self.square(0, 0), Self.square(20, 400)]
        #expect(plan(&tracker, list) == PixelRect(x: 0, y: 0, width: 52, height: 52))
    }

    @Test func aCommandInsertedAmongOthersRepaintsItsBoxEvenWhenTheLastCommandMoved() {
        // Rows in a clip with a scroll indicator drawn last: a row placed among the others (a cell added in the
        // subviews' order) and the indicator moved repaint those two boxes, not every row in between.
        var rows = (0..<12).map { Self.square(CGFloat($0 % 6) * 100, CGFloat($0 / 6) * 100) }
        var list = DrawList()
        list.commands = rows + [Self.square(600, 10)]
        var tracker = DamageTracker()
        _ = plan(&tracker, list)
        rows.insert(Self.square(20, 300), at: 2)
        list.commands = rows + [Self.square(600, 14)]
        let damage = tracker.plan(list, width: Self.size.width, height: Self.size.height, bufferAge: 1).region
        #expect(damage.rects.sorted { $0.y < $1.y } == [PixelRect(x: 598, y: 8, width: 42, height: 58), PixelRect(x: 18, y: 298, width: 54, height: 54)])
    }

    @Test func anImageUpdatedInPlaceRepaintsWhereItIsDrawn() {
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 4)
        defer { pixels.deallocate() }
        let image = TextureImage(id: 7, width: 2, height: 2, pixels: pixels, owner: nil)
        var list = DrawList()
        list.commands = [Self.square(0, 0),
                         .image(matrix: .translation(200, 100, 0), rect: CGRect(x: 0, y: 0, width: 40, height: 30), image: image,
                                uv: CGRect(x: 0, y: 0, width: 1, height: 1), alpha: 1)]
        var tracker = DamageTracker()
        _ = plan(&tracker, list)
        #expect(plan(&tracker, list) == .empty)
        image.version += 1
        #expect(plan(&tracker, list) == PixelRect(x: 198, y: 98, width: 44, height: 34))
    }

    @Test func olderBuffersRepaintTheDamageOfEveryFrameSinceTheyWereDrawn() {
        var tracker = DamageTracker()
        _ = plan(&tracker, Self.grid())
        let first = plan(&tracker, Self.grid(moving: 0, by: 1))      // x −2…53, y −2…52 → clipped to the target
        #expect(first == PixelRect(x: 0, y: 0, width: 53, height: 52))
        // Square 0 back, square 199 (at 570, 387) moved 1 px: a buffer two frames old needs both changes.
        let region = tracker.plan(Self.grid(moving: 199, by: 1), width: 640, height: 480, bufferAge: 2).region
        #expect(region.bounds == PixelRect(x: 0, y: 0, width: 623, height: 439)) // square 199: x 568…623, y 385…439
        // ... as two rectangles, not the 623×439 between them.
        #expect(region.rects.sorted { $0.x < $1.x } == [PixelRect(x: 0, y: 0, width: 53, height: 52), PixelRect(x: 568, y: 385, width: 55, height: 54)])
        // Unknown contents, or older than the history: everything.
        #expect(plan(&tracker, Self.grid(moving: 199, by: 2), age: 0) == everything)
        #expect(plan(&tracker, Self.grid(moving: 199, by: 3), age: 9) == everything)
        // The same picture again, whatever the buffer: nothing to draw or show, and no frame in the history.
        #expect(tracker.plan(Self.grid(moving: 199, by: 3), width: 640, height: 480, bufferAge: 0).unchanged)
        #expect(plan(&tracker, Self.grid(moving: 199, by: 4), age: 2) == PixelRect(x: 570, y: 385, width: 56, height: 54))
    }

    @Test func aNewClearColourOrAnUnbalancedListRepaintsEverything() {
        var tracker = DamageTracker()
        var list = Self.grid()
        _ = plan(&tracker, list)
        list.clearColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        #expect(plan(&tracker, list) == everything)
        list.commands.append(.beginGroup)
        #expect(plan(&tracker, list) == everything)
        tracker.invalidate()
        list.commands.removeLast()
        #expect(plan(&tracker, list) == everything)
    }

    @Test func aLayerBehindTheEyeCoversTheWholeTarget() {
        var m = Transform3D.identity
        m.m34 = -0.01
        m.m44 = -1 // w < 0: behind the viewer
        #expect(PixelRect.covering(CGRect(x: 0, y: 0, width: 10, height: 10), m, margin: 2, within: everything) == everything)
    }

    @Test func twoChangesFarApartRepaintTwoRectanglesNotWhatLiesBetween() {
        var tracker = DamageTracker()
        _ = plan(&tracker, Self.grid())
        // Squares 0 (at 0, 0) and 199 (at 570, 387) both move 3 px right.
        var list = Self.grid(moving: 0, by: 3)
        list.commands[200] = Self.square(573, 387)
        let region = tracker.plan(list, width: 640, height: 480, bufferAge: 1).region
        #expect(region.rects.sorted { $0.x < $1.x } == [PixelRect(x: 0, y: 0, width: 55, height: 52), PixelRect(x: 568, y: 385, width: 57, height: 54)])
        #expect(region.area == 55 * 52 + 57 * 54)
    }

    @Test func aRegionMergesWhatOverlapsOrWastesLittleAndKeepsAtMostFourRectangles() {
        var region = DamageRegion()
        region.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 5, y: 5, width: 10, height: 10))          // overlaps: one 15×15
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 15, height: 15)])
        region.add(PixelRect(x: 15, y: 0, width: 2, height: 15))           // touching, no waste: merged
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 17, height: 15)])
        for i in 1...4 { region.add(PixelRect(x: 100 * i, y: 100 * i, width: 10, height: 10)) }
        // Five far-apart rectangles: the two whose union wastes least merged, the 17×15 one and the one at
        // (100, 100) into 0…110 (11,745 pixels wasted; the next pair would waste 11,900).
        #expect(region.rects.count == DamageRegion.maxRects)
        #expect(region.area == 110 * 110 + 3 * 10 * 10)
        #expect(region.bounds == PixelRect(x: 0, y: 0, width: 410, height: 410))
        #expect(DamageRegion(.empty).isEmpty)
    }

    /// A rectangle overlapping another whose union would waste much is cut where it overlaps: a scroll
    /// indicator moving over the strip a scroll uncovers repaints its own pixels, not the box around both.
    @Test func aRegionCutsWhatOverlapsWhenTheirUnionWouldWasteMuch() {
        var region = DamageRegion(PixelRect(x: 0, y: 600, width: 1280, height: 170))
        region.add(PixelRect(x: 1270, y: 400, width: 6, height: 300))
        #expect(region.rects == [PixelRect(x: 0, y: 600, width: 1280, height: 170), PixelRect(x: 1270, y: 400, width: 6, height: 200)])
        #expect(region.area == 1280 * 170 + 6 * 200)
        // Wholly inside: nothing to add.
        region.add(PixelRect(x: 10, y: 610, width: 100, height: 100))
        #expect(region.rects.count == 2)
        // A bar across a square: its two arms.
        var cross = DamageRegion(PixelRect(x: 100, y: 100, width: 100, height: 100))
        cross.add(PixelRect(x: 0, y: 140, width: 300, height: 20))
        #expect(cross.rects == [PixelRect(x: 100, y: 100, width: 100, height: 100), PixelRect(x: 0, y: 140, width: 100, height: 20),
                                PixelRect(x: 200, y: 140, width: 100, height: 20)])
    }

    /// Whatever is added, the rectangles stay disjoint, at most four, and cover everything added.
    @Test func aRegionStaysDisjointAndCoversWhatWasAdded() {
        var state: UInt64 = 12345
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<50 {
            var region = DamageRegion()
            var added: [PixelRect] = []
            for _ in 0..<12 {
                let r = PixelRect(x: next(600), y: next(400), width: 1 + next(300), height: 1 + next(200))
                region.add(r)
                added.append(r)
                #expect(region.rects.count <= DamageRegion.maxRects)
                for (i, a) in region.rects.enumerated() { for b in region.rects[(i + 1)...] { #expect(!a.intersects(b)) } }
                for a in added { #expect(region.rects.reduce(0) { $0 + $1.intersection(a).area } == a.area) }
            }
        }
    }
}
