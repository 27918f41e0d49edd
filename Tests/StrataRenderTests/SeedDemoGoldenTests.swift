import Foundation
import StrataOffline
import StrataPNG
import StrataScene
import Testing

/// The seeds' demos of the specialised layers (../shared/spec/custom-properties-and-special-layers.md,
/// Part E), as scene files in Golden/seed-demos, compared exactly and checked pixel by pixel for what
/// each demo is about.
@Suite struct SeedDemoGoldenTests {
    static let white = [255, 255, 255, 255]

    func render(_ name: String, at time: Double = 0) throws -> RGBAImage {
        try Golden.render(Golden.sceneText("seed-demos/\(name).json"), at: time)
    }

    /// D1: seed 001's clock of shape layers. Setting the hands' rotation (as `affineTransform` does)
    /// animates them implicitly over 0.25 s, by angle and the shortest way: the minute hand goes back
    /// from 12 to 10 o'clock, never past 3 or 6.
    @Test func d1ClockHandsTurnByImplicitAnimation() throws {
        let before = try render("d1-clock", at: 0.5), turning = try render("d1-clock", at: 1.125), after = try render("d1-clock", at: 1.5)
        let turningAt = turning.rgba
        try Golden.expectMatches(before, "seed-demos/d1-clock-t0.5.png")
        try Golden.expectMatches(turning, "seed-demos/d1-clock-t1.125.png")
        try Golden.expectMatches(after, "seed-demos/d1-clock-t1.5.png")
        // The angle (clockwise from 12 o'clock, degrees) of the darkest pixel 80 px from the centre:
        // only the minute hand (90 long) reaches that far.
        func minuteHandAngle(_ img: RGBAImage) -> Int {
            let darkest = stride(from: 0, to: 360, by: 2).min { a, b in
                func luminance(_ deg: Int) -> Int {
                    let r = Double(deg) * .pi / 180
                    return img.rgba(Int((110 + 80 * sin(r)).rounded(.down)), Int((110 - 80 * cos(r)).rounded(.down)))[0]
                }
                return luminance(a) < luminance(b)
            }
            return darkest ?? -1
        }
        #expect(minuteHandAngle(before) == 0 || minuteHandAngle(before) == 358)
        let mid = minuteHandAngle(turning)
        #expect(mid > 300 && mid < 350, "half-way the minute hand is at \(mid)°, on the short way from 0° to 300°")
        #expect((298...302).contains(minuteHandAngle(after)))
        // The hand keeps its length while it turns (interpolated by angle, not element by element).
        let r = Double(mid) * .pi / 180
        #expect(turningAt(Int(110 + 88 * sin(r)), Int(110 - 88 * cos(r)))[0] < 128)
    }

    /// D6: the stick figure. The shape layer has no frame (zero-size bounds at the origin), so the whole
    /// figure lies outside its bounds, drawn anyway; the stroke has round caps and joins.
    @Test func d6StickFigureIsDrawnOutsideItsZeroBounds() throws {
        let img = try render("d6-stick-figure")
        let imgAt = img.rgba
        try Golden.expectMatches(img, "seed-demos/d6-stick-figure-t0.png")
        let red = [255, 0, 0, 255]
        #expect(imgAt(150, 140) == red)          // the body
        #expect(imgAt(150, 75) == red)           // the top of the head (arc from angle 0, full circle)
        #expect(imgAt(150, 100) == Self.white)   // inside the head: the fill is clear
        #expect(imgAt(160, 150) == red)          // an arm
        #expect(imgAt(124, 226) == red)          // the round cap past the left leg's end
        #expect(imgAt(0, 0) == Self.white)
    }

    /// D7: a rounded rectangle with a square top-left corner (a per-corner rounded path), filled, and the
    /// same shape as the mask of a gradient layer with a sublayer: the mask clips both.
    @Test func d7PerCornerRoundedRectangleAndAsMask() throws {
        let img = try render("d7-rounded-corners")
        let imgAt = img.rgba
        try Golden.expectMatches(img, "seed-demos/d7-rounded-corners-t0.png")
        let blue = [0x20, 0x60, 0xE0, 255]
        #expect(imgAt(50, 50) == blue)            // the square corner
        #expect(imgAt(148, 52) == Self.white)     // outside the rounded corners
        #expect(imgAt(148, 148) == Self.white)
        #expect(imgAt(51, 148) == Self.white)
        #expect(imgAt(100, 100) == blue)
        // The masked panel: the gradient shows only inside the shape, its black stripe too.
        #expect(imgAt(250, 50) != Self.white)
        #expect(imgAt(348, 52) == Self.white)
        #expect(imgAt(300, 30) == Self.white)
        #expect(imgAt(300, 100) == [0, 0, 0, 255])
        #expect(imgAt(260, 100) == [0, 0, 0, 255])
        #expect(imgAt(240, 100) == Self.white)   // the stripe beyond the mask is cut
    }

    /// D12: red to blue along the diagonal (startPoint (0, 0), endPoint (1, 1)).
    @Test func d12DiagonalGradient() throws {
        let img = try render("d12-diagonal-gradient")
        let imgNear = img.isClose
        try Golden.expectMatches(img, "seed-demos/d12-diagonal-gradient-t0.png")
        #expect(imgNear(0, 0, [255, 0, 0, 255], 5))
        #expect(imgNear(119, 119, [0, 0, 255, 255], 3))
        // Along the other diagonal the gradient is half-way: equal red and blue.
        #expect(imgNear(119, 0, [128, 0, 128, 255], 2))
        #expect(imgNear(0, 119, [128, 0, 128, 255], 2))
    }

    /// D13: red, yellow and green at locations 0, 0.25 and 0.5: past half-way the colour stays green.
    /// Beside it the same colours with two locations: a count mismatch draws nothing (the seed's rule).
    @Test func d13LocationsAndTheBlankMismatch() throws {
        let img = try render("d13-locations")
        let imgAt = img.rgba, imgNear = img.isClose
        try Golden.expectMatches(img, "seed-demos/d13-locations-t0.png")
        #expect(imgNear(0, 0, [255, 0, 0, 255], 5))
        #expect(imgNear(30, 30, [255, 255, 0, 255], 6))  // 0.25 of the diagonal
        #expect(imgAt(80, 80) == [0, 255, 0, 255])
        #expect(imgAt(119, 0) == [0, 255, 0, 255])
        let blank = (130..<250).allSatisfy { x in (0..<120).allSatisfy { y in imgAt(x, y) == Self.white } }
        #expect(blank)
    }

    /// D14: ten white squares in a ring (instanceTransform: a rotation of π/5 about a point 100 below
    /// the replicator's centre, cumulative), each copy 0.1 less green and blue than the last.
    @Test func d14RingOfSquaresFadingToRed() throws {
        let img = try render("d14-replicator-ring")
        let imgAt = img.rgba
        try Golden.expectMatches(img, "seed-demos/d14-replicator-ring-t0.png")
        #expect(imgAt(130, 30) == Self.white)                            // copy 0, at the top
        // Copy k's centre is turned k × 36° clockwise about the ring's centre (130, 130); its green and
        // blue are 1 − 0.1 k.
        for k in [1, 5, 9] {
            let a = Double(k) * .pi / 5
            let c = img.rgba(Int(130 + 100 * sin(a)), Int(130 - 100 * cos(a)))
            let expected = Int(((1 - 0.1 * Double(k)) * 255).rounded())
            #expect(c[0] == 255 && abs(c[1] - expected) <= 1 && abs(c[2] - expected) <= 1, "copy \(k): \(c)")
        }
        #expect(imgAt(130, 130) == [0x30, 0x30, 0x30, 255])           // the ring's empty middle
    }

    /// D15: a replicator of two copies, the second flipped below the first with a 2-pixel gap and 0.4
    /// alpha: a reflection. It is live: when the reflected layer's badge moves and turns green, the
    /// reflection follows.
    @Test func d15ReflectionFollowsTheReflectedLayer() throws {
        let before = try render("d15-reflection", at: 0.5), after = try render("d15-reflection", at: 1.5)
        let beforeAt = before.rgba
        let afterAt = after.rgba
        try Golden.expectMatches(before, "seed-demos/d15-reflection-t0.5.png")
        try Golden.expectMatches(after, "seed-demos/d15-reflection-t1.5.png")
        func reddish(_ c: [Int]) -> Bool { c[0] > c[1] + 60 && c[0] > c[2] + 60 }
        func greenish(_ c: [Int]) -> Bool { c[1] > c[0] + 40 && c[1] > c[2] + 40 }
        // The badge: (25…45, 15…35) at first; its reflection: y 107…127 (flipped about y = 40, then 62 down).
        #expect(beforeAt(35, 25) == [255, 0, 0, 255])
        #expect(reddish(beforeAt(35, 117)))
        #expect(beforeAt(35, 117)[1] > 100)                  // reflected at 0.4 alpha: pale
        // After the change the badge sits at x 95…115, green, in the layer and in its reflection.
        #expect(greenish(afterAt(105, 25)) && greenish(afterAt(105, 117)))
        #expect(!reddish(afterAt(35, 117)) && !greenish(afterAt(35, 117)))
        // The gap between the layer and its reflection is background.
        #expect(beforeAt(70, 70) == [255, 255, 255, 255] && beforeAt(70, 71) == [255, 255, 255, 255])
        // The reflection is the layer at alpha 0.4 over the white background, the badge composited over
        // the blue as a group (not each faded on its own): the sky at (60, 20) and the badge at (35, 25)
        // mirror to y 122 and 117.
        for (x, y, mirrored) in [(60, 20, 122), (35, 25, 117)] {
            let original = beforeAt(x, y), reflected = beforeAt(x, mirrored)
            for c in 0..<3 where original[c] < 200 {
                let alpha = Double(255 - reflected[c]) / Double(255 - original[c])
                #expect(abs(alpha - 0.4) < 0.01, "(\(x), \(y)) channel \(c): reflected at alpha \(alpha)")
            }
        }
    }
}
