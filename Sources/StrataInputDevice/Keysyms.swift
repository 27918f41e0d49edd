import CStrataInput
import Foundation

/// X keysyms by name and the text they type, from xkbcommon (no keymap needed).
public enum Keysyms {
    /// The keysym named `name` ("Return", "a", "KP_Enter", "U20AC"); case-sensitive first, as xkbcommon
    /// names them, then case-insensitive. nil when xkbcommon knows no such name.
    public static func named(_ name: String) -> UInt32? {
        let exact = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if exact != 0 { return exact }
        let loose = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
        return loose != 0 ? loose : nil
    }

    /// The keysym that types `character` (xkb_utf32_to_keysym: Latin-1 and the named ones directly,
    /// others as Unicode keysyms); nil for a character of several scalars.
    public static func typing(_ character: Character) -> UInt32? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        let sym = xkb_utf32_to_keysym(scalar.value)
        return sym != 0 ? sym : nil
    }

    /// The text `keysym` types ("" for keys that type none: arrows, Shift).
    public static func text(of keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        let n = xkb_keysym_to_utf8(keysym, &buffer, buffer.count)
        guard n > 1 else { return "" }
        return KeyText.typed(KeyText.decode(buffer, length: Int(n) - 1))
    }

    /// The keysym's name ("Return"), for logs and tools.
    public static func name(of keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard n > 0 else { return String(format: "0x%x", keysym) }
        return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
