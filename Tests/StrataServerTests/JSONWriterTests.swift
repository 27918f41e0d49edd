import Foundation
@testable import StrataServer
import Testing

@Suite struct JSONWriterTests {
    @Test func nestedContainersGetTheirCommasAndParse() throws {
        var w = JSONWriter()
        w.beginObject()
        w.key("a"); w.numbers([1, 0.5, -2])
        w.key("b"); w.beginArray()
        w.beginObject(); w.key("x"); w.null(); w.endObject()
        w.beginObject(); w.endObject()
        w.beginArray(); w.endArray()
        w.endArray()
        w.key("c"); w.bool(true)
        w.key("d"); w.number(UInt64.max)
        w.key("e"); w.number(.nan)
        w.endObject()
        #expect(w.text == #"{"a":[1,0.5,-2],"b":[{"x":null},{},[]],"c":true,"d":18446744073709551615,"e":null}"#)
        #expect(try JSONSerialization.jsonObject(with: Data(w.text.utf8)) is [String: Any])
    }

    @Test func stringsAreEscaped() throws {
        var w = JSONWriter()
        let key = "q\"b\\n\nt\t\u{1}é🙂"
        w.beginArray(); w.string(key); w.endArray()
        #expect(w.text == "[\"q\\\"b\\\\n\\nt\\t\\u0001é🙂\"]")
        #expect(try JSONSerialization.jsonObject(with: Data(w.text.utf8)) as? [String] == [key])
    }
}
