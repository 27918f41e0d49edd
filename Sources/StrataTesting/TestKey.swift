/// A key to press, by its X keysym (what the app's key events carry) and the text it types.
///
/// StrataTesting names its keysyms itself rather than through xkbcommon, so a test links no input stack.
public struct TestKey: Equatable, Sendable {
    public var keysym: UInt32
    /// The text the key types ("" for keys that type none: Return, arrows).
    public var text: String

    public init(keysym: UInt32, text: String = "") {
        self.keysym = keysym; self.text = text
    }

    /// The key that types `character`: Latin-1 characters are their own keysyms, others Unicode keysyms
    /// (0x01000000 + the scalar), as xkbcommon maps them; nil for a character of several scalars or a
    /// control character (press `.return`, `.tab` and the like instead).
    public init?(typing character: Character) {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
              scalar.value >= 0x20, scalar.value != 0x7f, !(0x80..<0xa0).contains(scalar.value) else { return nil }
        self.init(keysym: scalar.value <= 0xff ? scalar.value : 0x0100_0000 + scalar.value, text: String(character))
    }

    public static let `return` = TestKey(keysym: 0xff0d)
    public static let enter = TestKey(keysym: 0xff8d) // the keypad's
    public static let tab = TestKey(keysym: 0xff09)
    public static let backspace = TestKey(keysym: 0xff08)
    public static let delete = TestKey(keysym: 0xffff)
    public static let escape = TestKey(keysym: 0xff1b)
    public static let space = TestKey(keysym: 0x20, text: " ")
    public static let home = TestKey(keysym: 0xff50)
    public static let end = TestKey(keysym: 0xff57)
    public static let left = TestKey(keysym: 0xff51)
    public static let up = TestKey(keysym: 0xff52)
    public static let right = TestKey(keysym: 0xff53)
    public static let down = TestKey(keysym: 0xff54)
}
