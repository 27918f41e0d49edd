import Testing
@testable import StrataText

@Suite struct TextStackTests {
    @Test func linksTheTextLibraries() {
        let v = TextStack.versions
        #expect(v.contains("FreeType 2."))
        #expect(v.contains("HarfBuzz "))
        #expect(v.contains("ICU 72.1 (Unicode 15.0), libthai dictionary loaded"))
    }
}
