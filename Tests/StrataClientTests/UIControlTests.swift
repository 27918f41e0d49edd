import Foundation
import Strata
import StrataUIKit
import Testing

/// A control that records the events it sends, with its highlight at each.
@MainActor
final class RecordingControl: UIControl {
    var log: [String] = []
    static let names: [(UIControl.Event, String)] = [
        (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragIn"), (.touchDragOutside, "dragOut"),
        (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "upIn"), (.touchUpOutside, "upOut"),
        (.touchCancel, "cancel"),
    ]
    override init(frame: CGRect) {
        super.init(frame: frame)
        for (event, name) in Self.names {
            addAction(UIAction(identifier: UIAction.Identifier(name)) { [unowned self] _ in
                log.append(name + (isHighlighted ? "+" : "-"))
            }, for: event)
        }
    }
    required init?(coder: NSCoder) { nil }
}

/// A controller that takes nil-targeted actions and touches passed up from disabled controls.
@MainActor
final class ControlHost: UIViewController {
    var received: [String] = []
    func save(_ sender: UIControl) { received.append("save \(sender.tag)") }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { received.append("controller began") }
}

extension ClientProcessSuite {
/// UIControl's tracking and target–action under synthetic touches on a real server (320 × 240; the control at
/// 20,20 100 × 60, so the tracking margin reaches x 190 and y 150).
@MainActor
@Suite struct UIControlTests {
    private func stage() throws -> (ExampleSession, ControlHost, RecordingControl) {
        let host = ControlHost()
        let control = RecordingControl(frame: CGRect(x: 20, y: 20, width: 100, height: 60))
        let session = try ExampleSession(controller: host, size: "320x240") { $0.view.addSubview(control) }
        return (session, host, control)
    }

    private func touch(_ session: ExampleSession, _ phase: String, _ x: Int, _ y: Int) throws {
        try session.input("touch", phase, "\(x)", "\(y)", "--id", "1")
    }

    @Test func aTapSendsDownThenUpInsideWithTheHighlightFollowing() async throws {
        let (session, _, control) = try stage()
        defer { session.close() }
        try touch(session, "down", 50, 40)
        #expect(await session.run(until: { control.log == ["down+"] }))
        #expect(control.isTracking && control.isTouchInside && control.state == .highlighted)
        try touch(session, "up", 50, 40)
        #expect(await session.run(until: { control.log.count == 2 }))
        #expect(control.log == ["down+", "upIn-"] && !control.isTracking && control.state == .normal)
    }

    @Test func aTouchThatLeavesAndComesBackDragsOutsideAndInside() async throws {
        let (session, _, control) = try stage()
        defer { session.close() }
        try touch(session, "down", 50, 40)
        try touch(session, "move", 150, 40)     // outside the bounds, inside the 70-point margin
        try touch(session, "move", 250, 40)     // past the margin: exit
        try touch(session, "move", 260, 200)
        try touch(session, "move", 100, 60)     // back: enter
        try touch(session, "up", 100, 60)
        #expect(await session.run(until: { control.log.count == 8 }))
        #expect(control.log == ["down+", "dragIn+", "exit-", "dragOut-", "dragOut-", "enter+", "dragIn+", "upIn-"])
        control.log = []
        try touch(session, "down", 50, 40)
        try touch(session, "move", 300, 230)
        try touch(session, "up", 300, 230)
        #expect(await session.run(until: { control.log.count == 4 }))
        #expect(control.log == ["down+", "exit-", "dragOut-", "upOut-"])
    }

    @Test func aDisabledControlSendsNothingAndItsTouchesGoUpTheChain() async throws {
        let (session, host, control) = try stage()
        defer { session.close() }
        control.isEnabled = false
        #expect(control.state == .disabled)
        try session.input("tap", "50", "40")
        #expect(await session.run(until: { host.received == ["controller began"] }))
        #expect(control.log.isEmpty && !control.isHighlighted)
    }

    @Test func targetsActionsAndNilTargetedActionsRunInOrder() async throws {
        let (session, host, control) = try stage()
        defer { session.close() }
        control.tag = 7
        var order: [String] = []
        control.addTarget(host, action: ControlHost.save, for: .touchUpInside)
        control.addAction(UIAction { action in order.append("action from \((action.sender as? UIControl)?.tag ?? -1)") },
                          for: .touchUpInside)
        control.addTarget(nil, action: Selector(ControlHost.save), for: [.touchUpInside, .valueChanged])
        #expect(control.allControlEvents.contains([.touchUpInside, .valueChanged, .touchDown]))
        #expect(control.allTargets.contains(host) && control.allTargets.contains { $0.base is NSNull })
        try session.input("tap", "50", "40")
        #expect(await session.run(until: { host.received.count == 2 }))
        #expect(host.received == ["save 7", "save 7"] && order == ["action from 7"])
        // Removing the target leaves the nil-targeted registration; sendActions sends it from code.
        control.removeTarget(host, action: nil, for: .allEvents)
        host.received = []
        control.sendActions(for: .valueChanged)
        #expect(host.received == ["save 7"])
        // An action with an identifier already registered replaces it.
        control.addAction(UIAction(identifier: UIAction.Identifier("upIn")) { _ in order.append("replaced") }, for: .touchUpInside)
        control.log = []
        control.sendActions(for: .touchUpInside)
        #expect(order.last == "replaced" && !control.log.contains("upIn-"))
    }
}
}
