/// The text a key types, as an app should insert it.
enum KeyText {
    /// Control characters (Return types "\r", BackSpace "\b", Delete 0x7f) are keys, not text.
    static func typed(_ text: String) -> String {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f } ? text : ""
    }

    /// A NUL-terminated UTF-8 buffer's first `length` bytes as a string.
    static func decode(_ buffer: [CChar], length: Int) -> String {
        String(decoding: buffer.prefix(max(0, min(length, buffer.count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
