import StrataInputDevice
import Testing

@Suite struct KeysymTests {
    @Test func namesAndTextComeFromXkbcommon() {
        #expect(Keysyms.named("Return") == 0xff0d)
        #expect(Keysyms.named("a") == 0x61)
        #expect(Keysyms.named("return") == 0xff0d)
        #expect(Keysyms.named("NoSuchKey") == nil)
        #expect(Keysyms.text(of: 0x61) == "a")
        #expect(Keysyms.text(of: 0xff0d) == "")
        #expect(Keysyms.typing("€").map(Keysyms.text(of:)) == "€")
        #expect(Keysyms.name(of: 0xff0d) == "Return")
    }
}
