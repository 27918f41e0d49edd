import Foundation
import StrataCore
import StrataFuzzing
import StrataPNG
import StrataProtocol
import Testing

@Suite("Fuzz generators")
struct GeneratorTests {
    @Test("every commit family encodes to frames the decoder takes back unchanged")
    func commitsRoundTrip() throws {
        var r = FuzzRandom(seed: 7)
        var generator = CommitGenerator()
        var model = SessionModel()
        let families: [Family] = [.tree, .properties, .animations, .images, .masks, .invalid, .maskCycles, .deepChains, .wideParents, .shrunkMemfds]
        for i in 0..<120 {
            let g = generator.next(families[i % families.count], model: &model, now: 100, &r)
            let frame = MessageCoding.encode(ClientMessage.commit(g.commit))
            let decoded = try MessageCoding.decodeClient(type: 2, body: Array(frame.dropFirst(6)))
            #expect(decoded == .commit(g.commit))
            #expect(Int(g.commit.fdCount) == g.fds.count)
            if model.layerCount > 5000 { model = SessionModel(); generator.reset() }
        }
    }

    @Test("filter values come in every type, valid and hostile (a long chain, a huge radius, a bad name)")
    func filterValues() {
        var r = FuzzRandom(seed: 11)
        let values = ValueGenerator()
        var types: Set<FilterType> = [], valid = 0, refused = 0, longChains = 0
        for _ in 0..<400 {
            guard case let .filters(list) = values.value(.filters, &r) else { continue }
            types.formUnion(list.map(\.type))
            if list.count > FilterModel.maxCount { longChains += 1 }
            if LayerProperty.filters.rangeError(.filters(list)) == nil { valid += 1 } else { refused += 1 }
        }
        #expect(types.count == FilterType.allCases.count && valid > 20 && refused > 20 && longChains > 0,
                "\(types.count) types, \(valid) valid, \(refused) refused, \(longChains) long chains")
        // The properties family sends only values the rule takes.
        for _ in 0..<50 { #expect(LayerProperty.filters.rangeError(values.value(for: .filters, &r)) == nil) }
    }

    @Test("safe families only make commits the session model accepts, and no cycles through masks")
    func safeFamiliesStayValid() {
        var r = FuzzRandom(seed: 3)
        var generator = CommitGenerator()
        var model = SessionModel()
        for i in 0..<600 {
            let family = [Family.tree, .properties, .animations, .images, .masks][i % 5]
            let before = model
            let g = generator.next(family, model: &model, now: 100, &r)
            #expect(!g.breaksSession, "\(family) made a commit the server must refuse: \(g.commit.operations)")
            var check = before
            for op in g.commit.operations {
                #expect(check.accepts(op), "\(family): \(op)")
                check.apply(op)
            }
            for id in model.layerIDs { #expect(model.depth(id) <= model.layerCount) }
        }
    }

    @Test("the invalid family always breaks the session; the same seed gives the same inputs")
    func invalidAndDeterministic() {
        var a = FuzzRandom(seed: 9), b = FuzzRandom(seed: 9)
        var ga = CommitGenerator(), gb = CommitGenerator()
        var ma = SessionModel(), mb = SessionModel()
        for _ in 0..<50 {
            let x = ga.next(.invalid, model: &ma, now: 1, &a), y = gb.next(.invalid, model: &mb, now: 1, &b)
            #expect(x.breaksSession)
            #expect(x.commit == y.commit)
        }
    }

    @Test("mutated frames and every seed never break a decoder property")
    func harnessOverMutations() throws {
        var r = FuzzRandom(seed: 5)
        let seeds = SeedCorpus.decoderSeeds()
        for s in seeds { try DecoderHarness.run(s.bytes) }
        for i in 0..<5000 {
            let base = seeds[i % seeds.count].bytes
            let mutated = [base[0]] + ByteMutator.mutate(Array(base.dropFirst()), splice: seeds[(i * 7) % seeds.count].bytes, &r)
            try DecoderHarness.run(mutated)
        }
    }

    /// The JPEG seeds are JPEGs of each coding (they decode), so mutations start from every path libjpeg takes;
    /// the EXIF ones turn the image (12x6 stored, 6x12 upright for orientation 6).
    @Test func jpegSeedsDecodeInEveryCoding() throws {
        let seeds = SeedCorpus.jpegSeeds()
        #expect(seeds.count >= 30)
        for s in seeds { #expect((try? JPEGCodec.decode(Data(s.bytes))) != nil, "\(s.name) does not decode") }
        let turned = try JPEGCodec.decode(Data(try #require(seeds.first { $0.name == "jpeg-exif-II-6" }).bytes))
        #expect(turned.width == 6 && turned.height == 12)
        let upsideDown = try JPEGCodec.decode(Data(try #require(seeds.first { $0.name == "jpeg-exif-MM-3" }).bytes))
        #expect(upsideDown.width == 12 && upsideDown.height == 6)
    }

    /// The PNG seeds are PNGs of every colour type and bit depth, plain and interlaced, with a palette and with
    /// transparency where the type takes it: libpng decodes each, to 5x3 RGBA.
    @Test func pngSeedsDecodeInEveryKind() throws {
        let seeds = PNGSeeds.all()
        #expect(seeds.count == 30)
        for (name, bytes) in seeds {
            let image = try? PNGCodec.decode(Data(bytes))
            #expect(image?.width == 5 && image?.height == 3, "\(name) does not decode")
        }
        for (_, bytes) in seeds { try DecoderHarness.run([DecoderHarness.Mode.png.rawValue] + bytes) }
    }

    @Test("family lists parse names, known-crashers and all, and refuse unknown names")
    func familyLists() throws {
        #expect(try Family.parseList("tree, masks") == [.tree, .masks])
        #expect(try Family.parseList("known-crashers") == Family.knownCrashers)
        #expect(try Family.parseList("all").count == Family.allCases.count)
        #expect(throws: FamilyError.self) { try Family.parseList("trees") }
    }
}
