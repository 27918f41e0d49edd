import Foundation
import Strata
import StrataCore
import StrataProtocol
import Testing
import StrataTestSupport

/// CAKeyframeAnimation through `strata sample`. The values are the seed's D13 zig-zag
/// (animation-walkthrough.md §2.9: position (50,150), (80,220), (45,300), (55,400), duration 8 s, begin 2 s).
@Suite struct KeyframeSampleTests {
    static let points: [(Double, Double)] = [(50, 150), (80, 220), (45, 300), (55, 400)]

    func samples(extra: String, times: [Double], key: String = "position") throws -> [[Double]] {
        let r = try SceneSample.run("""
        {"strata":1,"layers":[{"id":"k","animations":{"zig":{"type":"keyframe","keyPath":"position",
          "values":[[50,150],[80,220],[45,300],[55,400]],"duration":8,"beginTime":2\(extra)}}}]}
        """, layer: "k", key: key, times: times)
        #expect(r.status == 0, "\(r.output)")
        return r.values.compactMap { $0 as? [Double] }
    }

    func expectClose(_ got: [[Double]], _ expected: [[Double]], _ tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(got.count == expected.count, sourceLocation: sourceLocation)
        for (g, e) in zip(got, expected) {
            #expect(zip(g, e).allSatisfy { abs($0 - $1) <= tolerance }, "\(g) vs \(e)", sourceLocation: sourceLocation)
        }
    }

    @Test func linearSegmentsAreEvenWithoutKeyTimes() throws {
        // D13: each segment lasts 8/3 s; after the animation the model position (0, 0) returns.
        let got = try samples(extra: "", times: [2, 2 + 4.0 / 3, 2 + 8.0 / 3, 6, 10, 10.5])
        expectClose(got, [[50, 150], [65, 185], [80, 220], [62.5, 260], [0, 0], [0, 0]])
    }

    @Test func keyTimesSetTheSegmentLengths() throws {
        // D15: keyTimes [0, 0.5, 0.75, 1] give segments of 4 s, 2 s and 2 s.
        let got = try samples(extra: #","keyTimes":[0,0.5,0.75,1]"#, times: [4, 6, 7, 8, 9])
        expectClose(got, [[65, 185], [80, 220], [62.5, 260], [45, 300], [50, 350]])
    }

    @Test func discreteHoldsEachValueWithoutTweening() throws {
        // D15: with kCAAnimationDiscrete each frame holds for 8/3 s.
        let got = try samples(extra: #","calculationMode":"discrete""#, times: [2, 4.6, 4.7, 7.3, 7.4, 9.99])
        expectClose(got, [[50, 150], [50, 150], [80, 220], [80, 220], [45, 300], [45, 300]])
    }

    @Test func pacedMovesAtConstantSpeedAndIgnoresKeyTimes() throws {
        let d = zip(Self.points, Self.points.dropFirst()).map { (($1.0 - $0.0) * ($1.0 - $0.0) + ($1.1 - $0.1) * ($1.1 - $0.1)).squareRoot() }
        let total = d.reduce(0, +)
        // Reaching the second point takes d0/total of the 8 s; half of that is the first segment's midpoint.
        let t1 = 2 + 8 * d[0] / total, tHalf = 2 + 4 * d[0] / total
        let got = try samples(extra: #","calculationMode":"paced","keyTimes":[0,0.9,0.95,1]"#, times: [tHalf, t1, 6])
        // At 4 s (half the time) half the total distance is covered: inside segment 1.
        let rest = total / 2 - d[0], u = rest / d[1]
        expectClose(got, [[65, 185], [80, 220], [80 + (45 - 80) * u, 220 + (300 - 220) * u]])
    }

    @Test func perSegmentTimingFunctionsShapeEachSegment() throws {
        let got = try samples(extra: #","timingFunctions":["easeIn","linear","linear"]"#, times: [2 + 4.0 / 3])
        let p = ReferenceBezier.progress(0.5, 0.42, 0, 1, 1)
        expectClose(got, [[50 + 30 * p, 150 + 70 * p]], 1e-6)
    }

    @Test func cubicPassesThroughTheValuesOnACatmullRomSpline() throws {
        // Tension, continuity and bias 0: Catmull-Rom, whose segment midpoint is (−p0 + 9p1 + 9p2 − p3)/16,
        // with the first and last value repeated beyond the ends.
        let p = [Self.points[0]] + Self.points + [Self.points[3]]
        func mid(_ i: Int) -> [Double] {
            [(-p[i].0 + 9 * p[i + 1].0 + 9 * p[i + 2].0 - p[i + 3].0) / 16, (-p[i].1 + 9 * p[i + 1].1 + 9 * p[i + 2].1 - p[i + 3].1) / 16]
        }
        let third = 8.0 / 3
        let got = try samples(extra: #","calculationMode":"cubic""#,
                              times: [2, 2 + third / 2, 2 + third, 2 + third * 1.5, 2 + third * 2.5, 9.999999])
        expectClose(got, [[50, 150], mid(0), [80, 220], mid(1), mid(2), [55, 400]], 1e-4)
    }

    @Test func cubicPacedCoversEqualArcLengthInEqualTime() throws {
        // Independent check: measure the cubic spline (same values, cubic mode) with a dense polyline and find
        // the point at half its length; cubicPaced must be there at half the duration.
        let dense = try samples(extra: #","calculationMode":"cubic""#, times: (0..<3000).map { 2 + 8 * Double($0) / 3000 } + [9.9999999])
        var lengths = [0.0]
        for (a, b) in zip(dense, dense.dropFirst()) {
            lengths.append((lengths.last ?? 0) + ((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1])).squareRoot())
        }
        let total = try #require(lengths.last)
        let half = total / 2
        let j = try #require(lengths.firstIndex { $0 >= half })
        let w = (half - lengths[j - 1]) / (lengths[j] - lengths[j - 1])
        let expected = [dense[j - 1][0] + (dense[j][0] - dense[j - 1][0]) * w, dense[j - 1][1] + (dense[j][1] - dense[j - 1][1]) * w]
        let got = try samples(extra: #","calculationMode":"cubicPaced""#, times: [2, 6])
        #expect(got.first == [50, 150])
        let m = try #require(got.last)
        #expect(abs(m[0] - expected[0]) < 0.01 && abs(m[1] - expected[1]) < 0.01, "\(m) vs \(expected)")
    }

    @Test func badKeyframesAreRejectedByName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-kfbad-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases = [
            (#""keyPath":"opacity","values":[0,1],"keyTimes":[0]"#, "invalid value for opacity.keyTimes: expected 2 key times for 2 values"),
            (#""keyPath":"transform","values":[[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]],"calculationMode":"cubic""#,
             "unsupported: cubic calculation mode for transform values"),
            (#""keyPath":"opacity","values":[0,[1,2]]"#, #""values"[1] must be a number for opacity"#),
        ]
        for (i, (body, message)) in cases.enumerated() {
            let scene = dir.appendingPathComponent("b\(i).json")
            try Data(#"{"strata":1,"layers":[{"id":"k","animations":{"a":{"type":"keyframe",\#(body)}}}]}"#.utf8).write(to: scene)
            let (status, out) = try ServerProcess.cli(["sample", scene.path, "--layer", "k", "--key", "opacity", "--times", "0"])
            #expect(status != 0)
            #expect(out.contains(message), "\(out)")
        }
    }
}

extension ClientProcessSuite {
@Suite struct KeyframeClientTests {
    @Test func keyframeAnimationsEvaluateLocallyAndRoundTrip() throws {
        let l = CALayer()
        let zig = CAKeyframeAnimation(keyPath: "position")
        zig.values = KeyframeSampleTests.points.map { CGPoint(x: $0.0, y: $0.1) }
        zig.keyTimes = [0, 0.5, 0.75, 1]
        zig.duration = 8
        zig.beginTime = 100
        l.add(zig, forKey: "zig")
        CATransaction.flush()
        #expect(try #require(l.presentation(at: 105)).position == CGPoint(x: 62.5, y: 260))

        let spec = AnimationSpec(keyPath: try LayerKeyPath(parsing: "position"), kind: .keyframe(Keyframes(
            values: [.point(.zero), .point(CGPoint(x: 1, y: 2)), .point(CGPoint(x: 3, y: 1))], keyTimes: [0, 0.25, 1],
            timingFunctions: [.easeIn, .default], mode: .cubic, tension: [0, 0.5, 1], continuity: nil, bias: [0, -1, 1])))
        let frame = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "k", spec)])))
        var assembler = FrameAssembler()
        assembler.append(frame)
        let f = try #require(try assembler.next())
        #expect(try MessageCoding.decodeClient(type: f.type, body: f.body) == .commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "k", spec)])))
    }
}
}
