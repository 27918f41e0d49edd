import StrataServer
import Testing

@Suite struct UnixGroupTests {
    @Test func namesAndNumbers() {
        #expect(UnixGroup.id(of: "root") == 0)
        #expect(UnixGroup.id(of: "0") == 0)
        #expect(UnixGroup.id(of: "4242") == 4242, "numbers are taken as they are")
        #expect(UnixGroup.id(of: "no-such-strata-group") == nil)
        #expect(UnixGroup.id(of: "") == nil)
    }
}
