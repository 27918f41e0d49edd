import CStrataInput
import StrataInput

/// Turns libinput's events into `DeviceEvent`s: gives each admitted device an id, keeps the keyboard
/// state, and drops what the server has no use for (frames, gestures, tablets, switches, the legacy
/// axis event).
final class LibinputEventReader {
    let filter: DeviceFilter
    let keyboard: XKBKeyboard
    /// Admitted devices by libinput's pointer (forgotten at removal, before libinput frees it).
    private var ids: [OpaquePointer: UInt32] = [:]
    private var nextID: UInt32 = 1
    private let note: (String) -> Void

    init(filter: DeviceFilter, keyboard: XKBKeyboard, note: @escaping (String) -> Void) {
        self.filter = filter; self.keyboard = keyboard; self.note = note
    }

    func translate(_ event: OpaquePointer) -> DeviceEvent? {
        guard let device = libinput_event_get_device(event) else { return nil }
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED: return added(device)
        case LIBINPUT_EVENT_DEVICE_REMOVED: return ids.removeValue(forKey: device).map { .removed(deviceID: $0) }
        default: break
        }
        // A device outside the filter has no id: its events go nowhere.
        guard let id = ids[device] else { return nil }
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            return touch(libinput_event_get_touch_event(event), type, id)
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
             LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER, LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            return pointer(libinput_event_get_pointer_event(event), type, id)
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            return key(libinput_event_get_keyboard_event(event), id)
        default:
            // LIBINPUT_EVENT_POINTER_AXIS repeats the scroll events above (libinput ≥ 1.19 sends both).
            return nil
        }
    }

    private func added(_ device: OpaquePointer) -> DeviceEvent? {
        let name = String(cString: libinput_device_get_name(device))
        let sysname = String(cString: libinput_device_get_sysname(device))
        guard filter.admits(name: name, sysname: sysname) else {
            // Stop it waking the server where libinput can; its events are dropped either way.
            let disabled = LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue
            if libinput_device_config_send_events_get_modes(device) & disabled != 0 {
                _ = libinput_device_config_send_events_set_mode(device, disabled)
            }
            note("ignoring input device \"\(name)\" (\(sysname)): not in input-devices")
            return nil
        }
        var capabilities: InputCapabilities = []
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { capabilities.insert(.touch) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { capabilities.insert(.pointer) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 { capabilities.insert(.keyboard) }
        let id = nextID
        nextID &+= 1
        ids[device] = id
        return .added(InputDevice(id: id, name: name, sysname: sysname, capabilities: capabilities, output: Self.udevOutput(device)))
    }

    /// The udev property WL_OUTPUT (set by a rule, as for Weston): the output a touchscreen belongs to.
    private static func udevOutput(_ device: OpaquePointer) -> String? {
        guard let udevDevice = libinput_device_get_udev_device(device) else { return nil }
        defer { udev_device_unref(udevDevice) }
        guard let value = udev_device_get_property_value(udevDevice, "WL_OUTPUT") else { return nil }
        let output = String(cString: value)
        return output.isEmpty ? nil : output
    }

    private func touch(_ event: OpaquePointer?, _ type: libinput_event_type, _ id: UInt32) -> DeviceEvent? {
        guard let event else { return nil }
        let slot = libinput_event_touch_get_seat_slot(event)
        let time = Self.seconds(libinput_event_touch_get_time_usec(event))
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            // Transformed to 1 × 1: 0…1 across the panel, after udev's LIBINPUT_CALIBRATION_MATRIX.
            let x = libinput_event_touch_get_x_transformed(event, 1), y = libinput_event_touch_get_y_transformed(event, 1)
            return .touch(device: id, slot: slot, phase: type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .motion, x: x, y: y, time: time)
        case LIBINPUT_EVENT_TOUCH_UP:
            return .touch(device: id, slot: slot, phase: .up, x: 0, y: 0, time: time)
        default:
            return .touch(device: id, slot: slot, phase: .cancel, x: 0, y: 0, time: time)
        }
    }

    private func pointer(_ event: OpaquePointer?, _ type: libinput_event_type, _ id: UInt32) -> DeviceEvent? {
        guard let event else { return nil }
        let time = Self.seconds(libinput_event_pointer_get_time_usec(event))
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION:
            return .pointerMotion(device: id, dx: libinput_event_pointer_get_dx(event), dy: libinput_event_pointer_get_dy(event), time: time)
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            return .pointerPosition(device: id, x: libinput_event_pointer_get_absolute_x_transformed(event, 1),
                                    y: libinput_event_pointer_get_absolute_y_transformed(event, 1), time: time)
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pressed = libinput_event_pointer_get_button_state(event) == LIBINPUT_BUTTON_STATE_PRESSED
            return .button(device: id, code: libinput_event_pointer_get_button(event), pressed: pressed, time: time)
        default:
            // Wheel, finger and continuous scrolling: the same pixel-like units (a wheel click is 15).
            let dx = Self.scroll(event, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL)
            let dy = Self.scroll(event, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL)
            guard dx != nil || dy != nil else { return nil }
            return .axis(device: id, dx: dx ?? 0, dy: dy ?? 0, time: time)
        }
    }

    /// The value along `axis`, when the event has that axis (asking for one it lacks is a libinput bug).
    private static func scroll(_ event: OpaquePointer, _ axis: libinput_pointer_axis) -> Double? {
        libinput_event_pointer_has_axis(event, axis) != 0 ? libinput_event_pointer_get_scroll_value(event, axis) : nil
    }

    private func key(_ event: OpaquePointer?, _ id: UInt32) -> DeviceEvent? {
        guard let event else { return nil }
        let pressed = libinput_event_keyboard_get_key_state(event) == LIBINPUT_KEY_STATE_PRESSED
        let key = keyboard.key(libinput_event_keyboard_get_key(event), pressed: pressed)
        return .key(device: id, keysym: key.keysym, text: key.text, pressed: pressed,
                    time: Self.seconds(libinput_event_keyboard_get_time_usec(event)))
    }

    /// libinput's times are CLOCK_MONOTONIC microseconds.
    private static func seconds(_ usec: UInt64) -> Double { Double(usec) / 1e6 }
}
