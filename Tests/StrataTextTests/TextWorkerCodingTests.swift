import StrataTestSupport
import Foundation
import StrataCore
import StrataProtocol
import Testing
@testable import StrataText
@testable import StrataTextWorker

/// The messages between the server and its text worker: a reply carries the layout exactly, and the
/// server refuses a reply a misbehaving worker could use to make it draw out of bounds or open files.
@Suite struct TextWorkerCodingTests {
    static let request: TextLayoutRequest = {
        var text = AttributedText("Gate 12 🇫🇷 مرحبا\nสวัสดีครับ", runs: [])
        var bold = TextAttributes()
        bold.font = "DejaVu Serif"
        bold.underline = .single
        bold.foregroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        text.runs = [TextRun(location: 0, length: 4, attributes: bold)]
        return TextLayoutRequest(text: text, style: TextStyle(font: "NoSuchFont", fontSize: 18, alignment: .center, isWrapped: true,
                                                              truncation: .end), size: CGSize(width: 120, height: 90))
    }()

    static func listed(_ path: String, _ index: Int) -> FontFace? { TestFonts.library.listedFace(path: path, index: index) }
    static func glyphs(_ face: FontFace) -> UInt32 { TestFonts.library.glyphCount(of: face) }

    static var reply: TextLayoutReply { TextWorkerLoop.answer(request, library: TestFonts.library) }

    @Test func requestsAndRepliesRoundTrip() throws {
        let (id, decoded) = try TextWorkerCoding.decodeRequest(TextWorkerCoding.encode(Self.request, id: 42))
        #expect(id == 42 && decoded == Self.request)
        let reply = TextWorkerLoop.answer(Self.request, library: TestFonts.library)
        #expect(!reply.layout.runs.isEmpty && !reply.layout.decorations.isEmpty)
        #expect(reply.missingFonts.map(\.name) == ["NoSuchFont"])
        let (rid, back) = try TextWorkerCoding.decodeReply(TextWorkerCoding.encode(reply, id: 42), units: Self.request.text.utf16Count,
                                                          face: Self.listed, glyphCount: Self.glyphs)
        #expect(rid == 42)
        #expect(back == reply)
    }

    /// A reply's bytes with one part changed, decoded as the server decodes it.
    func decodeAltered(_ change: (inout LaidOutText) -> Void) throws -> TextLayoutReply {
        var reply = TextWorkerLoop.answer(Self.request, library: TestFonts.library)
        change(&reply.layout)
        return try TextWorkerCoding.decodeReply(TextWorkerCoding.encode(reply, id: 1), units: Self.request.text.utf16Count, face: Self.listed, glyphCount: Self.glyphs).reply
    }

    @Test func repliesThatWouldMisleadTheServerAreRefused() throws {
        let units = Self.request.text.utf16Count
        #expect(throws: ProtocolError.invalid("reply: face /etc/passwd#0 is not a font fontconfig lists")) {
            try decodeAltered { $0.runs[0].face = FontFace(id: 999, path: "/etc/passwd", index: 0, family: "x", isColor: false) }
        }
        #expect(throws: ProtocolError.invalid("reply: cluster \(units + 1) past \(units) units")) {
            try decodeAltered { $0.runs[0].clusters[0] = units + 1 }
        }
        #expect(throws: ProtocolError.self) { try decodeAltered { $0.runs[0].line = 99 } }
        #expect(throws: ProtocolError.invalid("reply: line 0 range 0..<\(units + 5) outside \(units) units")) {
            try decodeAltered { $0.lines[0].range = 0..<(units + 5) }
        }
        let limit = units * TextWorkerCoding.glyphsPerUnit + TextWorkerCoding.glyphAllowance
        #expect(throws: ProtocolError.invalid("reply: more than \(limit) glyphs for \(units) units")) {
            try decodeAltered { $0.runs[0].glyphs = Array(repeating: 3, count: limit + 1); $0.runs[0].positions = Array(repeating: .zero, count: limit + 1)
                $0.runs[0].clusters = Array(repeating: 0, count: limit + 1) }
        }
        #expect(throws: ProtocolError.self) { try decodeAltered { $0.runs[0].positions[0].x = .nan } }
        #expect(throws: ProtocolError.self) { try decodeAltered { $0.size.width = -1 } }
        let count = Self.glyphs(Self.reply.layout.runs[0].face)
        #expect(throws: ProtocolError.invalid("reply: glyph \(count) of a face with \(count)")) { try decodeAltered { $0.runs[0].glyphs[0] = count } }
        // Cut short anywhere: refused, never read past.
        let bytes = TextWorkerCoding.encode(TextWorkerLoop.answer(Self.request, library: TestFonts.library), id: 1)
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: ProtocolError.self) { try TextWorkerCoding.decodeReply(Array(bytes.prefix(cut)), units: units, face: Self.listed, glyphCount: Self.glyphs) }
        }
    }

    @Test func theServerKnowsOnlyFacesFontconfigLists() {
        let face = TestFonts.library.face(named: "DejaVu Sans")
        #expect(TestFonts.library.listedFace(path: face.path, index: face.index) == face)
        #expect(TestFonts.library.listedFace(path: "/etc/passwd", index: 0) == nil)
        #expect(TestFonts.library.listedFace(path: face.path, index: 7) == nil)
    }
}
