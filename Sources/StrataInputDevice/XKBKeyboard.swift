import CStrataInput
import Foundation

/// A keyboard's keymap and state (xkbcommon): evdev key codes in, keysyms and text out. One per seat,
/// so modifiers held on one keyboard apply to keys of another, as on a desktop. No key repeat: a held key
/// gives one press and one release.
public final class XKBKeyboard {
    /// A key as the keymap reads it.
    public struct Key: Equatable, Sendable {
        public var keysym: UInt32
        /// What a press types ("" for releases, and for keys that type no text: Return, arrows, Shift).
        public var text: String
        public init(keysym: UInt32, text: String) { self.keysym = keysym; self.text = text }
    }

    public let names: KeymapNames
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// Compiles the keymap `names` gives (nil fields: xkbcommon's defaults). Throws naming the names and
    /// xkbcommon's own complaint when it cannot (an unknown layout, say).
    public init(names: KeymapNames = KeymapNames()) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw InputDeviceError("keymap: xkb_context_new failed (out of memory?)")
        }
        // xkbcommon explains a failed compile only in its log: catch it for the error.
        let log = XKBLog()
        xkb_context_set_user_data(context, Unmanaged.passUnretained(log).toOpaque())
        xkb_context_set_log_fn(context) { context, _, format, args in
            guard let data = xkb_context_get_user_data(context) else { return }
            Unmanaged<XKBLog>.fromOpaque(data).takeUnretainedValue().append(CLogMessage.format(format, args))
        }
        let keymap = Self.compile(context, names)
        xkb_context_set_log_fn(context, nil)
        xkb_context_set_user_data(context, nil)
        guard let keymap else {
            xkb_context_unref(context)
            let why = log.first.map { " (xkbcommon: \($0))" } ?? ""
            throw InputDeviceError("keymap: xkbcommon cannot compile a keymap for \(names)\(why)")
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap); xkb_context_unref(context)
            throw InputDeviceError("keymap: xkb_state_new failed (out of memory?)")
        }
        self.names = names; self.context = context; self.keymap = keymap; self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The evdev key `code` (KEY_A = 30) went down or up: its keysym and text under the modifiers held
    /// before it (xkbcommon's advice: read the key before updating the state with it), then the state.
    public func key(_ code: UInt32, pressed: Bool) -> Key {
        // xkbcommon's keycodes are evdev's plus 8 (the X11 offset).
        guard code <= UInt32.max - 8 else { return Key(keysym: 0, text: "") }
        let keycode = code + 8
        let keysym = xkb_state_key_get_one_sym(state, keycode)
        var text = ""
        if pressed {
            var buffer = [CChar](repeating: 0, count: 64)
            let n = xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count)
            text = KeyText.typed(KeyText.decode(buffer, length: Int(n)))
        }
        xkb_state_update_key(state, keycode, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return Key(keysym: keysym, text: text)
    }

    private static func compile(_ context: OpaquePointer, _ names: KeymapNames) -> OpaquePointer? {
        let fields = [names.rules, names.model, names.layout, names.variant, names.options].map { $0.flatMap { strdup($0) } }
        defer { fields.forEach { free($0) } }
        var rmlvo = xkb_rule_names(rules: fields[0], model: fields[1], layout: fields[2], variant: fields[3], options: fields[4])
        return xkb_keymap_new_from_names(context, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }
}

/// xkbcommon's first error line during one compile: the cause (the lines after it list include paths).
private final class XKBLog {
    private(set) var first: String?
    func append(_ line: String) {
        let line = line.trimmingCharacters(in: .whitespaces)
        if first == nil, !line.isEmpty { first = line }
    }
}
