import StrataInputDevice
import Testing

/// xkbcommon needs no device: these run the real keymaps (xkeyboard-config's files).
@Suite struct XKBKeyboardTests {
    // evdev codes (linux/input-event-codes.h).
    static let keyA: UInt32 = 30, keyY: UInt32 = 21, leftShift: UInt32 = 42, enter: UInt32 = 28, backspace: UInt32 = 14

    @Test func aPlainKeyTypesItsLetter() throws {
        let keyboard = try XKBKeyboard(names: KeymapNames(layout: "us"))
        #expect(keyboard.key(Self.keyA, pressed: true) == .init(keysym: 0x61, text: "a"))
        #expect(keyboard.key(Self.keyA, pressed: false) == .init(keysym: 0x61, text: ""), "a release types nothing")
    }

    @Test func shiftHeldTypesCapitals() throws {
        let keyboard = try XKBKeyboard(names: KeymapNames(layout: "us"))
        #expect(keyboard.key(Self.leftShift, pressed: true) == .init(keysym: 0xffe1, text: ""))
        #expect(keyboard.key(Self.keyA, pressed: true) == .init(keysym: 0x41, text: "A"))
        #expect(keyboard.key(Self.keyA, pressed: false).keysym == 0x41)
        _ = keyboard.key(Self.leftShift, pressed: false)
        #expect(keyboard.key(Self.keyA, pressed: true).text == "a", "shift released: lower case again")
    }

    @Test func theLayoutDecides() throws {
        let german = try XKBKeyboard(names: KeymapNames(layout: "de"))
        #expect(german.key(Self.keyY, pressed: true) == .init(keysym: 0x7a, text: "z"))
        let us = try XKBKeyboard(names: KeymapNames(layout: "us"))
        #expect(us.key(Self.keyY, pressed: true).text == "y")
    }

    @Test func controlKeysTypeNoText() throws {
        let keyboard = try XKBKeyboard(names: KeymapNames(layout: "us"))
        #expect(keyboard.key(Self.enter, pressed: true) == .init(keysym: 0xff0d, text: ""))
        #expect(keyboard.key(Self.backspace, pressed: true) == .init(keysym: 0xff08, text: ""))
        #expect(keyboard.key(UInt32.max, pressed: true) == .init(keysym: 0, text: ""), "a code past xkbcommon's range")
    }

    @Test func anUnknownLayoutIsAnErrorNamingIt() {
        #expect {
            _ = try XKBKeyboard(names: KeymapNames(layout: "zz", variant: "nope"))
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("keymap: xkbcommon cannot compile a keymap for layout zz, variant nope")
        }
    }

    @Test func namesDescribeThemselves() {
        #expect(KeymapNames().description == "xkbcommon defaults")
        #expect(KeymapNames(layout: "de", options: "ctrl:nocaps").description == "layout de, options ctrl:nocaps")
    }
}
