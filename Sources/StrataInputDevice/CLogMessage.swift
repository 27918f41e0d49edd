import Glibc

/// libinput's and xkbcommon's log callbacks hand over a printf format and a va_list (not C varargs, so
/// Swift can take them): this formats one into a line without its trailing newline.
enum CLogMessage {
    static func format(_ format: UnsafePointer<CChar>?, _ args: CVaListPointer?) -> String {
        guard let format, let args else { return "" }
        var buffer = [CChar](repeating: 0, count: 512)
        let n = vsnprintf(&buffer, buffer.count, format, args)
        guard n > 0 else { return "" }
        let length = min(Int(n), buffer.count - 1)
        let line = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return line.hasSuffix("\n") ? String(line.dropLast()) : line
    }
}
