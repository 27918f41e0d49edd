import Foundation
import Strata
import StrataCore
import Testing

/// CAKeyframeAnimation along a path, through `strata sample`.
@Suite struct PathKeyframeSampleTests {
    func sample(_ animation: String, key: String = "position", times: [Double]) throws -> [Any] {
        let r = try SceneSample.run(#"{"strata":1,"layers":[{"id":"p","animations":{"a":\#(animation)}}]}"#, layer: "p", key: key, times: times)
        #expect(r.status == 0, "\(r.output)")
        return r.values
    }

    func expectPoints(_ got: [Any], _ expected: [[Double]], _ tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        let points = got.compactMap { $0 as? [Double] }
        #expect(points.count == expected.count, sourceLocation: sourceLocation)
        for (g, e) in zip(points, expected) {
            #expect(zip(g, e).allSatisfy { abs($0 - $1) <= tolerance }, "\(g) vs \(e)", sourceLocation: sourceLocation)
        }
    }

    /// Seed 000 listing 3-3 (spec §5.7 / §14): the bouncing path over 5 s.
    static let bounce = #"[["move",74,74],["curve",74,500,320,500,320,74],["curve",320,500,566,500,566,74]]"#

    @Test func theSeedsBouncePathInEqualTimePerCurve() throws {
        // Linear: each curve takes half the time; a cubic's midpoint is (p0 + 3c1 + 3c2 + p3) / 8.
        let got = try sample(#"{"type":"keyframe","keyPath":"position","duration":5,"path":\#(Self.bounce)}"#, times: [0, 1.25, 2.5, 3.75, 4.9999999])
        expectPoints(got, [[74, 74], [197, 393.5], [320, 74], [443, 393.5], [566, 74]], 1e-4)
    }

    @Test func pacedFollowsTheArcLength() throws {
        // The two curves are mirror images, so half the time is half the length: the middle vertex.
        let got = try sample(#"{"type":"keyframe","keyPath":"position","duration":5,"calculationMode":"paced","path":\#(Self.bounce)}"#, times: [2.5])
        expectPoints(got, [[320, 74]], 1e-6)
    }

    @Test func rectanglesAndEllipsesStartWhereTheSeedSays() throws {
        // Rect: top-left corner, clockwise on screen. Ellipse: right-hand side, clockwise on screen.
        let rect = try sample(#"{"type":"keyframe","keyPath":"position","duration":4,"path":[["rect",0,0,100,50]]}"#, times: [0, 1, 2, 3])
        expectPoints(rect, [[0, 0], [100, 0], [100, 50], [0, 50]])
        let ellipse = try sample(#"{"type":"keyframe","keyPath":"position","duration":4,"path":[["ellipse",0,0,100,100]]}"#, times: [0, 1, 2, 3])
        expectPoints(ellipse, [[100, 50], [50, 100], [0, 50], [50, 0]], 1e-9)
    }

    @Test func rotationModeTurnsTheLayerAlongThePath() throws {
        let auto = try sample(#"{"type":"keyframe","keyPath":"position","duration":2,"rotationMode":"auto","path":[["move",0,0],["line",100,100]]}"#,
                              key: "transform.rotation.z", times: [1])
        #expect(abs((auto.first as? Double ?? 0) - .pi / 4) < 1e-12)
        let reverse = try sample(#"{"type":"keyframe","keyPath":"position","duration":2,"rotationMode":"autoReverse","path":[["move",0,0],["line",100,100]]}"#,
                                 key: "transform.rotation.z", times: [1])
        #expect(abs((reverse.first as? Double ?? 0) + 3 * .pi / 4) < 1e-12) // π/4 + π, read back in (−π, π]
    }
}

extension ClientProcessSuite {
@Suite struct PathClientTests {
    @Test func aMutablePathDrivesAKeyframeAnimation() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 74, y: 74))
        path.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
        #expect(path.boundingBox == CGRect(x: 74, y: 74, width: 246, height: 426))
        let anim = CAKeyframeAnimation(keyPath: "position")
        anim.path = path
        anim.duration = 2
        anim.beginTime = 10
        let l = CALayer()
        l.add(anim, forKey: "bounce")
        path.addLine(to: .zero) // the animation copied the path when added
        CATransaction.flush()
        let p = try #require(l.presentation(at: 11)).position
        #expect(abs(p.x - 197) < 1e-9 && abs(p.y - 393.5) < 1e-9)
    }
}
}
