import Foundation
import Strata
import StrataCore
import StrataProtocol
import Testing

/// CAAnimationGroup: children run in the group's time and are clipped to its duration.
@Suite struct GroupSampleTests {
    func sample(_ json: String, layer: String, key: String, times: [Double]) throws -> [Double] {
        let r = try SceneSample.run(json, layer: layer, key: key, times: times)
        #expect(r.status == 0, "\(r.output)")
        return r.values.compactMap { $0 as? Double }
    }

    static let scene = """
    {"strata":1,"layers":[{"id":"g","animations":{"both":{"type":"group","beginTime":1,"duration":2,"animations":[
        {"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":4},
        {"type":"basic","keyPath":"position.x","fromValue":0,"toValue":10,"beginTime":0.5,"duration":1,"fillMode":"both"}]}}}]}
    """

    @Test func childrenRunInTheGroupsTimeAndAreClippedToItsDuration() throws {
        // The 4 s fade is cut off when the 2 s group ends (at scene time 3); then the model shows again.
        let opacity = try sample(Self.scene, layer: "g", key: "opacity", times: [0.5, 1, 1.25, 2, 2.9, 3.5])
        #expect(opacity == [1, 0, 0.0625, 0.25, 0.475, 1])
        // The second child starts 0.5 s into the group, fills backwards before and forwards after.
        let x = try sample(Self.scene, layer: "g", key: "position.x", times: [0.5, 1.25, 2, 2.5, 2.9, 3.5])
        #expect(x == [0, 0, 5, 10, 10, 0])
    }

    @Test func anAutoreversingGroupRunsItsChildrenBackwards() throws {
        let values = try sample("""
        {"strata":1,"layers":[{"id":"g","animations":{"r":{"type":"group","duration":1,"autoreverses":true,"animations":[
            {"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":1}]}}}]}
        """, layer: "g", key: "opacity", times: [0.25, 1, 1.5, 1.75])
        #expect(values == [0.25, 1, 0.5, 0.25])
    }
}

extension ClientProcessSuite {
@Suite struct GroupClientTests {
    @Test func aGroupIsCopiedDeepAndEvaluatedLocally() throws {
        let l = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 10
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.fromValue = 0.0
        spring.toValue = 100.0
        spring.beginTime = 1
        spring.duration = 3
        let group = CAAnimationGroup()
        group.animations = [fade, spring]
        group.duration = 5
        group.beginTime = 50
        l.add(group, forKey: "g")
        fade.toValue = 9.0 // no effect on the added copy
        CATransaction.flush()
        #expect(try #require(l.presentation(at: 52)).opacity == 0.2) // 2 s into the group: 2/10 of the fade
        let y = Double(try #require(l.presentation(at: 52.5)).position.y)
        #expect(abs(y - 100 * Spring().progress(at: 1.5)) < 1e-9)
        #expect(try #require(l.presentation(at: 56)).opacity == 1) // after the group: the model value
    }
}
}

@Suite struct GroupWireTests {
    @Test func groupsRoundTripAndNestingIsBounded() throws {
        let leaf = AnimationSpec(keyPath: try LayerKeyPath(parsing: "opacity"), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil))
        var nested = AnimationSpec(keyPath: nil, kind: .group([leaf]))
        nested.timing.duration = 3
        let spec = AnimationSpec(keyPath: nil, kind: .group([leaf, nested]), timing: MediaTiming(), timingFunction: .easeIn)
        let frame = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "g", spec)])))
        var assembler = FrameAssembler()
        assembler.append(frame)
        let f = try #require(try assembler.next())
        #expect(try MessageCoding.decodeClient(type: f.type, body: f.body) == .commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "g", spec)])))

        var deep = leaf
        for _ in 0..<(AnimationSpec.maxGroupDepth + 1) { deep = AnimationSpec(keyPath: nil, kind: .group([deep])) }
        let tooDeep = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [.addAnimation(1, key: "g", deep)])))
        var a2 = FrameAssembler()
        a2.append(tooDeep)
        let f2 = try #require(try a2.next())
        #expect(throws: ProtocolError.invalid("animation groups nested more than 8 deep")) {
            _ = try MessageCoding.decodeClient(type: f2.type, body: f2.body)
        }
    }
}
