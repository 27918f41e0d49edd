import Logging
import StrataConfig
import StrataDisplay
import StrataInput
import StrataInputDevice
import StrataServer

/// Where the server's input comes from: `off` → none; `libinput`, or `auto` on the kms backend →
/// libinput on the display's seat. Under `auto` a libinput that cannot start (no udev, no access to
/// /dev/input) is a warning and the server runs without input; under `libinput` it stops the server.
/// A keymap that does not compile stops it under both: that is the configuration's mistake.
enum InputChoice {
    static func make(_ settings: ServerConfig, display planned: DisplayChoice.Planned, logger: Logger) throws -> InputSource? {
        let kms = planned.isKMS
        let wanted = switch settings.input {
        case .off: false
        case .libinput: true
        case .auto: kms
        }
        guard wanted else {
            logger.info("input: none", metadata: ["input": "\(settings.input.rawValue)", "backend": "\(kms ? "kms" : "headless")"])
            return nil
        }
        let keyboard = try XKBKeyboard(names: keymap(settings))
        do {
            let source = try LibinputSource(seat: planned.seat, devices: settings.inputDevices, keyboard: keyboard)
            logger.info("input: libinput", metadata: [
                "seat": "\(source.seatName)",
                "devices": "\(settings.inputDevices.isEmpty ? "all" : settings.inputDevices.joined(separator: ", "))",
                "keymap": "\(keyboard.names)",
            ])
            let logged = LoggedInputSource(source, logger: logger)
            logged.logMessages()
            return logged
        } catch let error as InputDeviceError where settings.input == .auto {
            logger.warning("input: libinput did not start; running without input (set input = off to silence this)",
                           metadata: ["reason": "\(error)"])
            return nil
        }
    }

    static func keymap(_ settings: ServerConfig) -> KeymapNames {
        KeymapNames(rules: settings.keymapRules, model: settings.keymapModel, layout: settings.keymapLayout,
                    variant: settings.keymapVariant, options: settings.keymapOptions)
    }

    /// How the server routes input: injection (`auto`: on the headless backend only) and touch outputs.
    static func routing(_ settings: ServerConfig, display: DisplaySet) -> InputSettings {
        var routing = InputSettings()
        routing.allowsInjection = switch settings.inputInjection {
        case .on: true
        case .off: false
        case .auto: display is HeadlessDisplay
        }
        routing.touchOutputs = settings.touchOutput.devices
        routing.touchOutput = settings.touchOutput.output
        return routing
    }
}
