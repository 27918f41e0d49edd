import Foundation
import StrataCore
@testable import StrataProtocol
import Testing

/// Filters on the wire are hostile input like any other (issue 53, acceptance 4): a chain too long, a
/// radius or matrix out of range, a name the key paths cannot use, a type no build knows, a blend mode in
/// `filters`: each refused, naming the filter and key.
@Suite struct FilterWireTests {
    func refusal(_ property: LayerProperty, _ filters: [FilterModel]) -> String? {
        protocolError { try decodeCommit(try commitBody([.setProperty(1, property, .filters(filters))])) }.map { "\($0)" }
    }

    func blur(_ radius: CGFloat, name: String = "blur") -> FilterModel {
        var f = FilterModel(type: .gaussianBlur, name: name)
        f.setValues([radius], at: 0)
        return f
    }

    @Test func aChainOfTenThousandFiltersIsRefusedBeforeItIsRead() {
        let why = refusal(.filters, Array(repeating: blur(1), count: 10_000))
        #expect(why?.contains("a chain of 10000 filters exceeds 16") == true, "\(why ?? "accepted")")
    }

    @Test func anInfiniteOrHugeRadiusIsRefusedNamingTheFilterAndKey() {
        let infinite = refusal(.filters, [blur(.infinity)])
        #expect(infinite?.contains("inputRadius") == true, "\(infinite ?? "accepted")")
        let huge = refusal(.backgroundFilters, [blur(1e9, name: "frost")])
        #expect(huge?.contains("filter frost: inputRadius 1000000000.0 is outside 0.0…1000.0") == true, "\(huge ?? "accepted")")
    }

    @Test func aHugeColourMatrixIsRefused() {
        var m = FilterModel(type: .colorMatrix, name: "tint")
        m.setValues([1e12, 0, 0, 0], at: 0)
        let why = refusal(.filters, [m])
        #expect(why?.contains("filter tint: inputRVector") == true, "\(why ?? "accepted")")
    }

    @Test func blendModesBelongToCompositingFilterOnly() {
        let inFilters = refusal(.filters, [FilterModel(type: .multiplyBlendMode)])
        #expect(inFilters?.contains("filters takes no blend mode: unsupported: filter CIMultiplyBlendMode") == true, "\(inFilters ?? "accepted")")
        let invert = refusal(.compositingFilter, [FilterModel(type: .colorInvert)])
        #expect(invert?.contains("compositingFilter takes only a blend mode: unsupported: filter CIColorInvert") == true, "\(invert ?? "accepted")")
        let two = refusal(.compositingFilter, [FilterModel(type: .screenBlendMode), FilterModel(type: .multiplyBlendMode)])
        #expect(two?.contains("compositingFilter takes at most 1 filter, not 2") == true, "\(two ?? "accepted")")
    }

    @Test func aNameWithADotOrTooLongIsRefused() {
        #expect(refusal(.filters, [blur(1, name: "a.b")])?.contains("without \".\"") == true)
        #expect(refusal(.filters, [blur(1, name: String(repeating: "n", count: 300))]) != nil)
    }

    @Test func anUnknownFilterTypeIsRefused() throws {
        var body = try commitBody([.setProperty(1, .filters, .filters([blur(1)]))])
        // The type byte follows the value's kind (15) and the u16 count.
        let kindAt = try #require(body.indices.first { body[$0] == 15 && body[$0 + 1] == 1 && body[$0 + 2] == 0 })
        body[kindAt + 3] = 200
        let why = protocolError { try decodeCommit(body) }.map { "\($0)" }
        #expect(why?.contains("unsupported: filter type 200") == true, "\(why ?? "accepted")")
    }
}
