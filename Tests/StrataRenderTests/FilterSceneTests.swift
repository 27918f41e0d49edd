import Foundation
import StrataScene
import Testing

/// Filters in scene files: a broken one is an error naming the layer, the filter and the key.
@Suite struct FilterSceneTests {
    func error(_ filters: String, key: String = "filters") -> String {
        let text = """
            {"strata":1,"layers":[{"id":"a","bounds":[0,0,10,10],"\(key)":\(filters)}]}
            """
        do {
            _ = try SceneParser.parse(data: Data(text.utf8), baseDirectory: Golden.directory)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func eachBrokenFilterIsNamed() {
        #expect(error("[\"CIBloom\"]").contains("layer \"a\": \"filters\"[0]: unsupported: filter CIBloom"))
        #expect(error("[{\"type\":\"CIGaussianBlur\",\"inputFoo\":1}]").contains("unsupported: filter CIGaussianBlur key \"inputFoo\""))
        #expect(error("[{\"type\":\"CIGaussianBlur\",\"name\":\"b\",\"inputRadius\":1e300}]").contains("filter b: inputRadius"))
        #expect(error("[{\"type\":\"CIColorMatrix\",\"inputRVector\":[1,0]}]").contains("\"inputRVector\" must be 4 numbers"))
        let chain = "[" + Array(repeating: "\"CIColorInvert\"", count: 10_000).joined(separator: ",") + "]"
        #expect(error(chain).contains("filters takes at most 16 filters, not 10000"))
        #expect(error("\"CIColorInvert\"", key: "compositingFilter").contains("compositingFilter takes only a blend mode"))
        #expect(error("\"screenBlendMode\"", key: "compositingFilter") == "accepted")
    }
}
