import Foundation
import StrataCore
import StrataInput
import StrataProtocol
@testable import StrataServer
import Testing

/// A screen of axis-aligned interactive rectangles, frontmost last, each a client's layer at an origin.
final class FakeScreen: InputScreen {
    struct Area {
        var client: UInt32
        var layer: LayerID
        var frame: CGRect
        var captures = false
    }

    var areas: [Area] = []
    var size = CGSize(width: 200, height: 100)

    func inputTarget(at point: CGPoint, output: String?) -> InputTarget? {
        guard let a = areas.last(where: { $0.frame.contains(point) }) else { return nil }
        return InputTarget(client: a.client, layer: a.layer, hitLayer: a.layer,
                           local: CGPoint(x: point.x - a.frame.minX, y: point.y - a.frame.minY), captures: a.captures)
    }

    func locate(_ point: CGPoint, output: String?, client: UInt32, layer: LayerID) -> CGPoint? {
        guard let a = areas.first(where: { $0.client == client && $0.layer == layer }) else { return nil }
        return CGPoint(x: point.x - a.frame.minX, y: point.y - a.frame.minY)
    }

    func outputSize(_ output: String?) -> CGSize? { output == nil ? size : nil }
    var frontmostClient: UInt32? { areas.last?.client }
    func hasLayer(client: UInt32, layer: LayerID) -> Bool { areas.contains { $0.client == client && $0.layer == layer } }
}

/// The router's rules (docs/input.md), event by event, against a fake screen.
@Suite struct InputRouterTests {
    final class Rig {
        let screen = FakeScreen()
        let router: InputRouter
        var sent: [(client: UInt32, event: InputEvent)] = []
        var notes: [String] = []

        init(_ areas: [FakeScreen.Area]) {
            screen.areas = areas
            router = InputRouter(screen: screen)
            router.send = { [unowned self] c, e in self.sent.append((c, e)) }
            router.note = { [unowned self] in self.notes.append($0) }
        }

        func touch(_ slot: Int32, _ phase: TouchPhase, _ x: CGFloat = 0, _ y: CGFloat = 0, device: UInt32 = 1) {
            router.touch(.init(device: device, slot: slot), phase, at: CGPoint(x: x, y: y), output: nil, time: 1)
        }

        /// What was sent since the last call, as "client:kind:layer@x,y#id".
        func take() -> [String] {
            defer { sent.removeAll() }
            return sent.map { "\($0.client):\($0.event.kind):\($0.event.layer)@\(Int($0.event.location.x)),\(Int($0.event.location.y))#\($0.event.touchID)" }
        }
    }

    static let left = FakeScreen.Area(client: 1, layer: 10, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    static let right = FakeScreen.Area(client: 2, layer: 20, frame: CGRect(x: 100, y: 0, width: 100, height: 100))

    @Test func aTouchGoesToTheLayerUnderItsDownAndEndsThere() {
        let rig = Rig([Self.left, Self.right])
        rig.touch(0, .down, 30, 40)
        rig.touch(0, .motion, 35, 45)
        rig.touch(0, .up)
        #expect(rig.take() == ["1:touchDown:10@30,40#0", "1:touchMotion:10@35,45#0", "1:touchUp:10@35,45#0"])
    }

    @Test func touchesKeepTheirIdsAndTheirOwnTargets() {
        let rig = Rig([Self.left, Self.right])
        rig.touch(3, .down, 10, 10)
        rig.touch(7, .down, 150, 20)
        rig.touch(3, .motion, 20, 10)
        rig.touch(7, .motion, 160, 30)
        rig.touch(7, .up)
        rig.touch(3, .up)
        #expect(rig.take() == ["1:touchDown:10@10,10#3", "2:touchDown:20@50,20#7", "1:touchMotion:10@20,10#3",
                               "2:touchMotion:20@60,30#7", "2:touchUp:20@60,30#7", "1:touchUp:10@20,10#3"])
        #expect(rig.router.activeTouchCount == 0)
    }

    @Test func aTouchLeavingAnUncapturingLayerIsCancelledThereAndGoesNowhereAfter() {
        let rig = Rig([Self.left, Self.right])
        rig.touch(0, .down, 90, 50)
        rig.touch(0, .motion, 120, 50)
        rig.touch(0, .motion, 130, 50)
        rig.touch(0, .up)
        #expect(rig.take() == ["1:touchDown:10@90,50#0", "1:touchCancel:10@90,50#0"])
    }

    @Test func aCapturingLayerKeepsItsTouchWhereverItGoes() {
        var captor = Self.left
        captor.captures = true
        let rig = Rig([captor, Self.right])
        rig.touch(0, .down, 90, 50)
        rig.touch(0, .motion, 150, 60)
        rig.touch(0, .motion, 250, -20)
        rig.touch(0, .up)
        #expect(rig.take() == ["1:touchDown:10@90,50#0", "1:touchMotion:10@150,60#0", "1:touchMotion:10@250,-20#0",
                               "1:touchUp:10@250,-20#0"])
    }

    @Test func aTouchOnNothingOrOutsideTheOutputGoesNowhere() {
        let rig = Rig([FakeScreen.Area(client: 1, layer: 10, frame: CGRect(x: 0, y: 0, width: 50, height: 50))])
        rig.touch(0, .down, 150, 50)
        rig.touch(0, .motion, 10, 10)
        rig.touch(0, .up)
        rig.touch(1, .down, 10, 300)
        #expect(rig.take().isEmpty)
        #expect(rig.notes.count == 1 && rig.notes[0].contains("outside output"))
    }

    @Test func unpluggingCancelsThatDevicesTouchesOnly() {
        let rig = Rig([Self.left, Self.right])
        rig.touch(0, .down, 10, 10, device: 1)
        rig.touch(1, .down, 150, 10, device: 2)
        rig.router.deviceRemoved(1, time: 2)
        rig.touch(1, .motion, 151, 10, device: 2)
        rig.touch(0, .up, device: 1)
        #expect(rig.take() == ["1:touchDown:10@10,10#0", "2:touchDown:20@50,10#1", "1:touchCancel:10@10,10#0", "2:touchMotion:20@51,10#1"])
    }

    @Test func aDepartedClientHearsNothingMoreAndLosesTheFocus() {
        let rig = Rig([Self.left, Self.right])
        rig.touch(0, .down, 10, 10)
        rig.router.clientRemoved(1)
        rig.touch(0, .motion, 12, 10)
        rig.touch(0, .up)
        rig.router.key(keysym: 0x61, text: "a", pressed: true, time: 1)
        #expect(rig.take() == ["1:touchDown:10@10,10#0", "2:key:0@0,0#0"])
    }

    @Test func keysGoToTheLastTouchedLayerElseTheFrontmostClientWithNoLayer() {
        let rig = Rig([Self.left, Self.right])
        rig.router.key(keysym: 0x61, text: "a", pressed: true, time: 1)
        rig.touch(0, .down, 10, 10)
        rig.touch(0, .up)
        _ = rig.take()
        rig.router.key(keysym: 0x62, text: "b", pressed: true, time: 1)
        rig.router.key(keysym: 0x62, text: "b", pressed: false, time: 1)
        #expect(rig.sent.map(\.client) == [1, 1])
        #expect(rig.sent.map(\.event.layer) == [10, 10])
        #expect(rig.sent.map(\.event.text) == ["b", ""])
        #expect(rig.sent.map(\.event.pressed) == [true, false])
    }

    @Test func thePointerHoversClicksAndACapturingPressKeepsItsMotionAndRelease() {
        var captor = Self.left
        captor.captures = true
        let rig = Rig([captor, Self.right])
        rig.router.pointerMoved(to: CGPoint(x: 150, y: 10), output: nil, time: 1)
        rig.router.pointerMoved(dx: -100, dy: 5, time: 1)
        rig.router.button(device: 1, code: 0x110, pressed: true, time: 1)
        rig.router.pointerMoved(dx: 120, dy: 0, time: 1)
        rig.router.button(device: 1, code: 0x110, pressed: false, time: 1)
        rig.router.pointerMoved(dx: 500, dy: 500, time: 1)
        rig.router.axis(dx: 0, dy: 15, time: 1)
        #expect(rig.take() == ["2:pointerMotion:20@50,10#0", "1:pointerMotion:10@50,15#0", "1:pointerButton:10@50,15#0",
                               "1:pointerMotion:10@170,15#0", "1:pointerButton:10@170,15#0",
                               "2:pointerMotion:20@99,99#0", "2:pointerAxis:20@99,99#0"])
    }

    @Test func aPanelTouchTurnsBackWithTheOutput() {
        // A 200 × 100 layer space; the panel's top-left corner region at (0.1, 0.2).
        #expect(PanelMapping.layerPoint(x: 0.1, y: 0.2, width: 200, height: 100, rotation: 0) == CGPoint(x: 20, y: 20))
        #expect(PanelMapping.layerPoint(x: 0.1, y: 0.2, width: 200, height: 100, rotation: 90) == CGPoint(x: 40, y: 90))
        #expect(PanelMapping.layerPoint(x: 0.1, y: 0.2, width: 200, height: 100, rotation: 180) == CGPoint(x: 180, y: 80))
        #expect(PanelMapping.layerPoint(x: 0.1, y: 0.2, width: 200, height: 100, rotation: 270) == CGPoint(x: 160, y: 10))
    }
}
