import Foundation
import Strata
import StrataCore
import StrataProtocol
import Testing

/// CAValueFunction through `strata sample`.
@Suite struct ValueFunctionSampleTests {
    func sample(_ animation: String, model: String = "", key: String, times: [Double]) throws -> (Int32, String, [[String: Any]]) {
        let r = try SceneSample.run(#"{"strata":1,"layers":[{"id":"v"\#(model),"animations":{"a":\#(animation)}}]}"#, layer: "v", key: key, times: times)
        return (r.status, r.output, r.samples)
    }

    func matrix(_ s: [String: Any]) -> Transform3D? { (s["value"] as? [Double]).map { Transform3D(elements: $0.map { CGFloat($0) }) } }

    func close(_ a: Transform3D?, _ b: Transform3D) -> Bool {
        guard let a else { return false }
        return zip(a.elements, b.elements).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func rotateZTurnsAFullCircle() throws {
        let (status, out, samples) = try sample(#"{"type":"basic","keyPath":"transform","valueFunction":"rotateZ","fromValue":0,"toValue":6.283185307179586,"duration":4}"#,
                                               key: "transform", times: [1, 2, 3])
        #expect(status == 0, "\(out)")
        for (s, angle) in zip(samples, [Double.pi / 2, .pi, 3 * .pi / 2]) {
            #expect(close(matrix(s), .rotation(CGFloat(angle), 0, 0, 1)), "\(s)")
        }
    }

    @Test func scaleTakesThreeInputs() throws {
        let (status, out, samples) = try sample(#"{"type":"basic","keyPath":"transform","valueFunction":"scale","fromValue":[1,1,1],"toValue":[3,2,1],"duration":2}"#,
                                               key: "transform", times: [1])
        #expect(status == 0, "\(out)")
        #expect(close(samples.first.flatMap(matrix), .scale(2, 1.5, 1)))
    }

    @Test func aToOnlyAnimationStartsFromTheTransformBeneath() throws {
        // The model transform translates x by 10; translateX to 50 starts there and replaces the whole transform.
        let (status, out, samples) = try sample(#"{"type":"basic","keyPath":"transform","valueFunction":"translateX","toValue":50,"duration":2}"#,
                                               model: #","transform.translation.x":10"#, key: "transform", times: [1])
        #expect(status == 0, "\(out)")
        #expect(close(samples.first.flatMap(matrix), .translation(30, 0, 0)))
    }

    @Test func valueFunctionsNeedAWholeTransform() throws {
        let (status, out, _) = try sample(#"{"type":"basic","keyPath":"opacity","valueFunction":"rotateZ","toValue":1}"#, key: "opacity", times: [0])
        #expect(status != 0)
        #expect(out.contains("invalid value for opacity.valueFunction: expected a transform key path for rotateZ"), "\(out)")
        let (status2, out2, _) = try sample(#"{"type":"basic","keyPath":"transform","valueFunction":"scale","toValue":2}"#, key: "opacity", times: [0])
        #expect(status2 != 0)
        #expect(out2.contains(#""toValue" must be [x, y, z] for transform"#), "\(out2)")
    }
}

extension ClientProcessSuite {
@Suite struct ValueFunctionClientTests {
    @Test func valueFunctionsWorkInTheClientAndOnTheWire() throws {
        let l = CALayer()
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0.0
        spin.toValue = Double.pi
        spin.duration = 2
        spin.beginTime = 10
        l.add(spin, forKey: "spin")
        CATransaction.flush()
        let p = try #require(l.presentation(at: 11))
        #expect(zip(p.transform.elements, CATransform3DMakeRotation(.pi / 2, 0, 0, 1).elements).allSatisfy { abs($0 - $1) < 1e-12 })

        let spec = AnimationSpec(keyPath: try LayerKeyPath(parsing: "transform"), kind: .basic(from: .vector3(1, 1, 1), to: .vector3(2, 3, 4), by: nil),
                                 valueFunction: .scale)
        let frame = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "s", spec)])))
        var assembler = FrameAssembler()
        assembler.append(frame)
        let f = try #require(try assembler.next())
        #expect(try MessageCoding.decodeClient(type: f.type, body: f.body) == .commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "s", spec)])))
    }
}
}
