import Foundation
import Strata
import Testing

/// Records every run of an action: "event@layerName".
final class RecordingAction: CAAction, @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    let name: String
    init(_ name: String) { self.name = name }
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        lock.lock(); list.append("\(name):\(event)"); lock.unlock()
    }
    var runs: [String] { lock.lock(); defer { lock.unlock() }; return list }
}

final class ActionDelegate: CALayerDelegate, @unchecked Sendable {
    var answers: [String: CAAction] = [:]
    func action(for layer: CALayer, forKey event: String) -> CAAction? { answers[event] }
}

final class SubclassWithDefault: CALayer, @unchecked Sendable {
    static let fundamental = RecordingAction("class")
    override class func defaultAction(forKey event: String) -> CAAction? { event == "zPosition" ? fundamental : nil }
}

extension ClientProcessSuite {
/// Actions (spec core-animation-model.md §8; seed 000 ch.6).
@Suite struct ActionTests {
    @Test func actionSearchOrderAndExplicitNoAction() throws {
        let layer = SubclassWithDefault()
        let delegate = ActionDelegate()
        let fromDelegate = RecordingAction("delegate"), fromActions = RecordingAction("actions"), fromStyle = RecordingAction("style")
        // §8.3 step 1: the delegate's answer wins.
        delegate.answers["opacity"] = fromDelegate
        layer.delegate = delegate
        layer.actions = ["opacity": fromActions, "position": fromActions, "bounds": NSNull()]
        layer.style = ["actions": ["position": fromStyle, "anchorPoint": fromStyle] as [String: CAAction]]
        #expect((layer.action(forKey: "opacity") as? RecordingAction) === fromDelegate)
        // Step 2: the actions dictionary, before the style.
        #expect((layer.action(forKey: "position") as? RecordingAction) === fromActions)
        // Step 3: the style's "actions".
        #expect((layer.action(forKey: "anchorPoint") as? RecordingAction) === fromStyle)
        // Step 4: the class's defaultAction(forKey:).
        #expect((layer.action(forKey: "zPosition") as? RecordingAction) === SubclassWithDefault.fundamental)
        // NSNull ends the search: no built-in animation for bounds.
        #expect(layer.action(forKey: "bounds") == nil)
        // Step 5: the built-in implicit animation.
        #expect((layer.action(forKey: "backgroundColor") as? CABasicAnimation)?.keyPath == "backgroundColor")
        // The delegate returning NSNull also ends it.
        delegate.answers["backgroundColor"] = NSNull()
        #expect(layer.action(forKey: "backgroundColor") == nil)
        #expect(layer.action(forKey: "hidden") == nil) // hidden has no built-in animation
    }

    @Test func changesRunTheirActionsInAnAttachedTree() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let root = CALayer(), child = CALayer(), newcomer = CALayer()
        let recorder = RecordingAction("r")
        for l in [child, newcomer] {
            l.actions = ["opacity": recorder, "contents": recorder, kCAOnOrderIn: recorder, kCAOnOrderOut: recorder,
                         kCATransition: recorder, "hidden": recorder, "speed": recorder]
        }
        root.actions = [kCATransition: recorder] // a replaced sublayer runs the superlayer's transition
        root.addSublayer(child)
        connection.attach(root)
        CATransaction.flush()

        child.opacity = 0.5                                   // a property change: its key
        child.contents = CGImage(width: 1, height: 1, rgba: [1, 2, 3, 255]) // seed listing 6-1's key
        child.speed = 2                                       // every property, not only animatable ones
        child.isHidden = true                                 // "hidden", then ordered out
        child.isHidden = false                                // "hidden", then ordered in
        root.replaceSublayer(child, with: newcomer)           // child ordered out; newcomer in, then "transition"
        CATransaction.flush()
        #expect(recorder.runs == ["r:opacity", "r:contents", "r:speed", "r:hidden", "r:onOrderOut", "r:hidden", "r:onOrderIn",
                                  "r:onOrderOut", "r:onOrderIn", "r:transition"])
        // The opacity action replaced the built-in animation, so none was added.
        #expect(child.animation(forKey: "opacity") == nil)
        // Seed listing 6-2: with actions disabled nothing runs.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        newcomer.removeFromSuperlayer()
        CATransaction.commit()
        #expect(recorder.runs.count == 10)
        #expect(errors.reasons.isEmpty)
    }
}
}
