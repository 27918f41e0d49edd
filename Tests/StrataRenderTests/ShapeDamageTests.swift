import Foundation
import StrataCore
import StrataOffline
@testable import StrataRender
import Testing

/// A shape repaints the pixels its stroke can reach as drawn: a miter spike only where a corner makes one.
@Suite struct ShapeDamageTests {
    let target = PixelRect(x: 0, y: 0, width: 400, height: 400)

    /// A ring as progress views draw one: a circle 136 wide stroked 14 wide, so the stroke spans 150×150,
    /// placed at (50, 50).
    static func ring(join: LineJoin, cap: LineCap = .butt, end: CGFloat = 1) -> ShapeDraw {
        var path = Path()
        path.addEllipse(in: CGRect(x: 7, y: 7, width: 136, height: 136))
        let geometry = StrokeGeometry(lineWidth: 14, lineCap: cap, lineJoin: join, miterLimit: 10)
        let stroke = ShapeDraw.Stroke(geometry: geometry, dashPattern: nil, dashPhase: 0, start: 0, end: end,
                                      color: Color(red: 0, green: 0.5, blue: 1, alpha: 1))
        return ShapeDraw(matrix: .translation(50, 50, 0), path: path, fill: nil, stroke: stroke, alpha: 1)
    }

    @Test func aSmoothCirclesMiterBoxIsItsRoundJoinBox() {
        // 50…200 with the 2-pixel anti-aliasing margin: 48…202. The flattened circle's joins are miters
        // too, a hair longer than half the width: within a pixel.
        let round = Self.ring(join: .round).box(within: target)
        #expect(round == PixelRect(x: 48, y: 48, width: 154, height: 154))
        Self.expectWithinAPixel(Self.ring(join: .miter).box(within: target), round)
    }

    @Test func aTrimmedRingRepaintsOnlyThePartItStrokes() {
        // strokeEnd 0.25 from the rightmost point (3 o'clock), clockwise on a y-down screen: the quarter
        // from (143, 75) to (75, 143) in the layer, stroke half-width 7 around it, butt caps.
        let box = Self.ring(join: .miter, end: 0.25).box(within: target)
        Self.expectWithinAPixel(box, PixelRect(x: 50 + 75 - 2, y: 50 + 75 - 2, width: 75 + 4, height: 75 + 4))
    }

    static func expectWithinAPixel(_ a: PixelRect, _ b: PixelRect, sourceLocation: SourceLocation = #_sourceLocation) {
        let sides = [(a.x, b.x), (a.y, b.y), (a.x + a.width, b.x + b.width), (a.y + a.height, b.y + b.height)]
        #expect(sides.allSatisfy { abs($0.0 - $0.1) <= 1 }, "\(a) is not within a pixel of \(b)", sourceLocation: sourceLocation)
    }

    @Test func aSharpCornerStillCountsItsMiterSpike() {
        // A thin triangle: its apex at (100, 0) makes a miter about 10 half-widths long (under the limit).
        var path = Path()
        path.move(to: CGPoint(x: 90, y: 100))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 110, y: 100))
        path.closeSubpath()
        func draw(_ join: LineJoin) -> ShapeDraw {
            let stroke = ShapeDraw.Stroke(geometry: StrokeGeometry(lineWidth: 10, lineJoin: join, miterLimit: 30), dashPattern: nil,
                                          dashPhase: 0, start: 0, end: 1, color: Color(red: 1, green: 1, blue: 1, alpha: 1))
            return ShapeDraw(matrix: .translation(100, 150, 0), path: path, fill: nil, stroke: stroke, alpha: 1)
        }
        let miter = draw(.miter).box(within: target), round = draw(.round).box(within: target)
        // Round: the apex reaches 5 above it (y 150 − 5 − 2 margin = 143). Miter: the apex angle is
        // 2·atan(10/100) ≈ 11.4°, so the spike reaches 5 / sin(5.7°) ≈ 50.2 above it.
        #expect(round.y == 143)
        #expect(miter.y == 150 - 51 - 2)
    }

    /// Over a real compositor and GLES renderer: a progress ring's strokeEnd advancing repaints about the
    /// ring's own box whatever its join, and a neighbouring rounded, clipped list is not dragged in.
    @Test func anAnimatedRingRepaintsItsOwnBoxNotTheClippedListBesideIt() throws {
        func scene(join: String) -> String {
            var rows: [String] = []
            for i in 0..<24 {
                rows.append("""
                {"id":"row\(i)","bounds":[0,0,120,20],"position":[60,\(10 + 22 * i)],"backgroundColor":"\(i % 2 == 0 ? "#E0E0E0" : "#C0C0C0")"}
                """)
            }
            return """
            {"strata":1,"background":"#000000","layers":[
              {"id":"ring","class":"shape","bounds":[0,0,150,150],"position":[85,85],"path":[["ellipse",7,7,136,136]],
               "fillColor":null,"strokeColor":"#0080FF","lineWidth":14,"lineJoin":"\(join)","strokeEnd":0,
               "animations":{"p":{"type":"basic","keyPath":"strokeEnd","fromValue":0,"toValue":1,"duration":1}}},
              {"id":"list","class":"scroll","bounds":[0,20,120,140],"position":[240,85],"cornerRadius":12,"masksToBounds":true,
               "backgroundColor":"#FFFFFF","sublayers":[\(rows.joined(separator: ","))]}]}
            """
        }
        var areas: [String: Int] = [:]
        for join in ["miter", "round"] {
            let frames = try DamageRenderingTests.expectIncrementalMatchesFull(scene(join: join), times: [0.5, 0.55, 0.6],
                                                                            width: 320, height: 170)
            // The ring spans 10…160 on both axes (154 pixels with the margin). Between 0.5 and 0.55 its
            // stroke grows from the bottom half to a little past it: the repaint lies within its box.
            for frame in frames.dropFirst() {
                #expect(frame.work.repaintedPixels > 0)
                #expect(frame.work.repaintedPixels <= 154 * 154, "\(join): \(frame.work.repaintedPixels) pixels repainted")
            }
            areas[join] = frames[2].work.repaintedPixels
        }
        // Within a pixel on each side of the 154-pixel box.
        #expect(abs((areas["miter"] ?? 0) - (areas["round"] ?? 0)) <= 4 * 156)
    }
}
