import Foundation
import StrataCore
import Testing

@Suite struct ContentsLayoutTests {
    let bounds = CGRect(x: 0, y: 0, width: 100, height: 40)

    @Test func everyGravityIsItsPlacementsParameters() {
        // The GPU path places contents from `placement` (layer.vert): the same rectangle as `frame`.
        for gravity in ContentsGravity.allCases {
            for (b, size) in [(CGRect(x: -3, y: 5, width: 80, height: 30), CGSize(width: 20, height: 50)),
                              (CGRect(x: 2, y: 1, width: 10, height: 90), CGSize(width: 64, height: 16)),
                              (CGRect(x: 0, y: 0, width: 33, height: 7), CGSize(width: 33, height: 7))] {
                let (sizing, column, row) = gravity.placement
                let k = (width: b.width / size.width, height: b.height / size.height)
                let placed: CGSize = switch sizing {
                case .stretch: b.size
                case .natural: size
                case .fit: CGSize(width: size.width * min(k.width, k.height), height: size.height * min(k.width, k.height))
                case .cover: CGSize(width: size.width * max(k.width, k.height), height: size.height * max(k.width, k.height))
                }
                let rect = CGRect(x: b.minX + (b.width - placed.width) * CGFloat(column) / 2,
                                  y: b.minY + (b.height - placed.height) * CGFloat(row) / 2, width: placed.width, height: placed.height)
                let frame = gravity.frame(in: b, contentSize: size)
                #expect(abs(rect.minX - frame.minX) < 1e-9 && abs(rect.minY - frame.minY) < 1e-9
                        && abs(rect.width - frame.width) < 1e-9 && abs(rect.height - frame.height) < 1e-9, "\(gravity): \(rect) ≠ \(frame)")
            }
        }
    }

    @Test func contentsRectPicksTheShownPart() {
        // A sprite sheet of 4 frames side by side: the third frame stretched over the bounds.
        let pieces = ContentsLayout.pieces(bounds: bounds, imageWidth: 64, imageHeight: 16, gravity: .resize, scale: 1,
                                           contentsRect: CGRect(x: 0.5, y: 0, width: 0.25, height: 1), contentsCenter: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pieces == [ContentsLayout.Piece(rect: bounds, uv: CGRect(x: 0.5, y: 0, width: 0.25, height: 1))])
        // With position gravity the part shows at its natural size: 16×16 pixels at scale 2 = 8×8 points.
        let centred = ContentsLayout.pieces(bounds: bounds, imageWidth: 64, imageHeight: 16, gravity: .center, scale: 2,
                                            contentsRect: CGRect(x: 0.5, y: 0, width: 0.25, height: 1), contentsCenter: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(centred.map(\.rect) == [CGRect(x: 46, y: 16, width: 8, height: 8)])
    }

    @Test func contentsCenterKeepsTheCornersAndStretchesTheMiddle() {
        // A 30×30 image whose middle third stretches: corners and edges 10 points thick.
        let pieces = ContentsLayout.pieces(bounds: bounds, imageWidth: 30, imageHeight: 30, gravity: .resize, scale: 1,
                                           contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                           contentsCenter: CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        #expect(pieces.count == 9)
        #expect(pieces[0].rect == CGRect(x: 0, y: 0, width: 10, height: 10))          // top-left corner, natural size
        #expect(abs(pieces[0].uv.width - 1.0 / 3) < 1e-12)
        #expect(pieces[4].rect == CGRect(x: 10, y: 10, width: 80, height: 20))        // the middle stretches both ways
        #expect(pieces[8].rect == CGRect(x: 90, y: 30, width: 10, height: 10))        // bottom-right corner
        // A frame smaller than the corners shrinks them together (here to half).
        let small = ContentsLayout.pieces(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), imageWidth: 30, imageHeight: 30,
                                          gravity: .resize, scale: 1, contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                          contentsCenter: CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        #expect(small.map(\.rect).first == CGRect(x: 0, y: 0, width: 5, height: 5))
    }
}
