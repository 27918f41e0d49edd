import Testing
@testable import StrataText

@Suite struct TextStackTests {
    @Test func linksTheTextLibraries() {
        let v = TextStack.versions
        #expect(v.contains("FreeType 2."))
        #expect(v.contains("HarfBuzz "))
    }
}
