import Foundation
import Logging
import StrataCore
import StrataDisplay
import StrataInput
import StrataProtocol

/// Turns device events and injected events into what the router takes: touches mapped from the panel
/// onto their output's layer space (turned as the output is mounted), devices remembered by id, times
/// kept. The router then sends them to clients.
final class InputDispatch {
    let router: InputRouter
    private let compositor: Compositor
    private let logger: Logger
    var settings = InputSettings()
    /// The devices the input source reported, by its id.
    private(set) var devices: [UInt32: InputDevice] = [:]

    init(compositor: Compositor, logger: Logger) {
        self.compositor = compositor
        self.logger = logger
        router = InputRouter(screen: compositor)
    }

    func handle(_ event: DeviceEvent) {
        switch event {
        case .added(let device):
            // The source logs devices coming and going; where a touch device's touches land is the router's.
            devices[device.id] = device
            if device.capabilities.contains(.touch) {
                logger.info("touch device mapped", metadata: ["name": "\(device.name)", "output": "\(settings.output(for: device) ?? "(primary)")"])
            }
        case .removed(let id):
            devices[id] = nil
            router.deviceRemoved(id, time: MonotonicClock.now())
        case let .touch(device, slot, phase, x, y, time):
            let output = devices[device].flatMap { settings.output(for: $0) } ?? settings.touchOutput
            var point = CGPoint.zero
            if phase == .down || phase == .motion {
                guard let display = compositor.output(output) else {
                    router.note("touch for output \(output ?? "(primary)"), which is not lit: dropped")
                    return
                }
                point = PanelMapping.layerPoint(x: x, y: y, width: Double(display.width), height: Double(display.height),
                                                rotation: display.mountRotation)
            }
            router.touch(.init(device: device, slot: slot), phase, at: point, output: output, time: time)
        case let .pointerMotion(_, dx, dy, time):
            router.pointerMoved(dx: dx, dy: dy, time: time)
        case let .pointerPosition(_, x, y, time):
            let output = compositor.output(router.pointerOutput) == nil ? nil : router.pointerOutput
            guard let display = compositor.output(output) else { return }
            router.pointerMoved(to: CGPoint(x: x * Double(display.width), y: y * Double(display.height)), output: output, time: time)
        case let .button(device, code, pressed, time):
            router.button(device: device, code: code, pressed: pressed, time: time)
        case let .axis(_, dx, dy, time):
            router.axis(dx: dx, dy: dy, time: time)
        case let .key(_, keysym, text, pressed, time):
            router.key(keysym: keysym, text: text, pressed: pressed, time: time)
        }
    }

    /// Routes injected events as if a device had produced them at `time` (touch ids in their own
    /// namespace: device 0). Returns why they were refused (nothing is routed then), or nil.
    func inject(_ events: [InjectedInput], time: Double) -> String? {
        if let missing = events.first(where: { !$0.output.isEmpty && compositor.output($0.output) == nil }) {
            return "no lit output is named \"\(missing.output)\""
        }
        for e in events {
            let output = e.output.isEmpty ? nil : e.output
            let touch = InputRouter.TouchKey(device: 0, slot: e.touchID)
            switch e.kind {
            case .touchDown: router.touch(touch, .down, at: e.position, output: output, time: time)
            case .touchMotion: router.touch(touch, .motion, at: e.position, output: output, time: time)
            case .touchUp: router.touch(touch, .up, at: e.position, output: output, time: time)
            case .touchCancel: router.touch(touch, .cancel, at: e.position, output: output, time: time)
            case .pointerMotion: router.pointerMoved(to: e.position, output: output, time: time)
            case .pointerButton: router.button(device: 0, code: e.button, pressed: e.pressed, time: time)
            case .pointerAxis: router.axis(dx: e.scrollX, dy: e.scrollY, time: time)
            case .key: router.key(keysym: e.keysym, text: e.text, pressed: e.pressed, time: time)
            }
        }
        return nil
    }
}
