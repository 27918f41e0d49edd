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

extension JSONWriterTests {
    @Test func anyValueIsWrittenAsJSONSerializationWouldWithSortedKeys() throws {
        let value: [String: Any] = ["b": 1, "a": [true, 2.5, "x\n", NSNull()] as [Any], "c": ["z": UInt64(3), "y": [Double.infinity]],
                                    "d": false, "e": 4.0, "f": UInt32(7), "g": Optional<Int>.none as Any]
        var w = JSONWriter()
        w.any(value)
        #expect(w.text == #"{"a":[true,2.5,"x\n",null],"b":1,"c":{"y":[null],"z":3},"d":false,"e":4,"f":7,"g":null}"#)
        // Read back by Foundation: the same values.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(w.text.utf8)) as? [String: Any])
        #expect(parsed["b"] as? Int == 1 && parsed["d"] as? Bool == false && (parsed["c"] as? [String: Any])?["z"] as? Int == 3)
    }
}
