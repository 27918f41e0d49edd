import Foundation
import StrataCore
import StrataProtocol
import StrataPNG

/// Valid encoded messages, values and animations: seeds for both fuzzers. Decoder seeds carry the
/// harness's mode byte first (`DecoderHarness.Mode`); frame seeds are plain frames.
public enum SeedCorpus {
    /// Client message frames: a hello, requests, and commits of every commit family.
    public static func clientFrames(count: Int, seed: UInt64) -> [[UInt8]] {
        var r = FuzzRandom(seed: seed)
        var frames: [[UInt8]] = [
            MessageCoding.encode(ClientMessage.hello(version: WireFormat.version)),
            MessageCoding.encode(ClientMessage.snapshotRequest(requestID: 1, output: "")),
            MessageCoding.encode(ClientMessage.snapshotRequest(requestID: 2, output: "headless")),
            MessageCoding.encode(ClientMessage.treeRequest(requestID: 3)),
            MessageCoding.encode(ClientMessage.statsRequest(requestID: 4)),
            MessageCoding.encode(ClientMessage.frameTicks(enabled: true)),
            // A virtual clock step: refused by a server on the wall clock, answered either way.
            MessageCoding.encode(ClientMessage.advanceClock(requestID: 5, seconds: 1.0 / 60)),
            MessageCoding.encode(ClientMessage.injectInput([InjectedInput(kind: .touchDown, position: CGPoint(x: 10, y: 10), touchID: 1),
                                                            InjectedInput(kind: .touchUp, position: CGPoint(x: 10, y: 10), touchID: 1)])),
            // Drawables of every layout (a GL frame, video frames timed, a discard): the decoder's every branch.
            MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [
                .presentDrawable(1, buffer: 2, width: 64, height: 32, format: .rgba),
                .presentDrawable(1, buffer: 3, width: 64, height: 32, format: .bgra, presentAt: 5),
                .presentDrawable(1, buffer: 4, width: 65, height: 33, format: .nv12(YUVColorimetry(matrix: .bt709, fullRange: false)), presentAt: 5.5),
                .presentDrawable(1, buffer: 5, width: 7, height: 3, format: .i420(YUVColorimetry(matrix: .bt601, fullRange: true)), presentAt: 6),
                .discardDrawables(1),
            ]))),
            // Hosting: a context made and reclaimed, a layer given to it, a host layer bound, a revoke.
            MessageCoding.encode(ClientMessage.createContext(requestID: 6, hostUsers: [])),
            MessageCoding.encode(ClientMessage.createContext(requestID: 7, reclaim: ContextToken(hi: 1, lo: 2), hostUsers: [1000, 65534])),
            MessageCoding.encode(ClientMessage.rootContexts(requestID: 8, pid: 1)),
            MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 2, operations: [
                .createLayer(1), .createLayer(2, kind: .host), .insertSublayer(parent: 1, child: 2, index: 0),
                .setContextLayer(ContextToken(hi: 3, lo: 4), layer: 1), .hostContext(2, token: ContextToken(hi: 5, lo: 6)),
                .setProperty(2, .hostedInput, .scalar(2)), .revokeContext(ContextToken(hi: 3, lo: 4)),
            ]))),
        ]
        let families: [Family] = [.tree, .properties, .animations, .images, .masks, .invalid, .maskCycles, .text]
        var generator = CommitGenerator()
        var model = SessionModel()
        while frames.count < count {
            let family = families[frames.count % families.count]
            if model.layerCount > 200 { model = SessionModel(); generator.reset() }
            frames.append(MessageCoding.encode(ClientMessage.commit(generator.next(family, model: &model, now: 1000, &r).commit)))
        }
        return frames
    }

    /// JPEGs of every coding libjpeg-turbo tells apart that its encoder makes (baseline at high and low quality,
    /// progressive, grayscale, 4:4:4, restart markers, odd sizes), bare and with EXIF orientations in both
    /// byte orders, and with a malformed EXIF block.
    public static func jpegSeeds() -> [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        let variants: [(String, Int, JPEGCodec.Variant)] = [
            ("baseline", 90, .init()), ("low-quality", 5, .init()), ("progressive", 75, .init(progressive: true)),
            ("grayscale", 80, .init(grayscale: true)), ("full-chroma", 95, .init(fullChroma: true)), ("restarts", 60, .init(restartRows: 1)),
            ("progressive-grayscale", 50, .init(progressive: true, grayscale: true)),
        ]
        for (w, h) in [(16, 8), (17, 9), (1, 1), (40, 3)] {
            var px: [UInt8] = []
            for y in 0..<h { for x in 0..<w { px += [UInt8(x * 255 / max(w - 1, 1)), UInt8(y * 255 / max(h - 1, 1)), UInt8((x + y) % 256), 255] } }
            let image = RGBAImage(width: w, height: h, pixels: px, isPremultiplied: false)
            for (name, quality, variant) in variants {
                guard let data = try? JPEGCodec.encode(image, quality: quality, variant: variant) else { continue }
                out.append(("jpeg-\(name)-\(w)x\(h)", Array(data)))
            }
        }
        if let base = try? JPEGCodec.encode(RGBAImage(width: 12, height: 6, pixels: [UInt8](repeating: 200, count: 12 * 6 * 4), isPremultiplied: false)) {
            let bytes = Array(base)
            for (name, exif) in [("exif-II-6", exifBlock(orientation: 6, littleEndian: true)), ("exif-MM-3", exifBlock(orientation: 3, littleEndian: false)),
                                 ("exif-bad-offset", Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0, 0xFF, 0xFF, 0, 0])] {
                let segment: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
                out.append(("jpeg-\(name)", Array(bytes.prefix(2)) + segment + bytes.dropFirst(2)))
            }
        }
        return out
    }

    /// An APP1 "Exif" payload whose IFD0 holds the orientation tag.
    static func exifBlock(orientation: UInt16, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { littleEndian ? [0, 1, 2, 3].map { UInt8((v >> (8 * $0)) & 0xFF) } : [3, 2, 1, 0].map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let header: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        return Array("Exif".utf8) + [0, 0] + header + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0] + u32(0)
    }

    public static func serverFrames() -> [[UInt8]] {
        let messages: [ServerMessage] = [
            .welcome(version: WireFormat.version, clientID: 7), .animationStarted(3, key: "position"), .animationStopped(3, key: "k", finished: true),
            .transactionCompleted(42), .snapshot(requestID: 1, width: 160, height: 120), .snapshotUnavailable(requestID: 2, reason: "no output X to read"),
            .tree(requestID: 3, json: #"{"clients":[]}"#), .stats(requestID: 4, json: #"{"frames_rendered":1}"#), .error("unknown layer id 9"),
            .frameTick(timestamp: 12.5, duration: 1.0 / 60), .outputs([OutputInfo(name: "headless", width: 640, height: 480, refreshHz: 60)]),
            .input(InputEvent(kind: .touchDown, timestamp: 3, layer: 2, hitLayer: 5, location: CGPoint(x: 4, y: 5), touchID: 1)),
            .injectResult(""), .bufferReleased(3), .transactionPresented(transactionID: 42, presentedAt: 12.5),
            .layerError(7, reason: "text layout failed"),
            .contextCreated(requestID: 6, token: ContextToken(hi: 1, lo: 2), refusal: ""),
            .contextCreated(requestID: 7, token: .zero, refusal: "createContext: unknown context token"),
            .hostedContext(2, status: .refused, reason: "hosting cycle"), .contextHosts(ContextToken(hi: 1, lo: 2), hosted: true),
            .rootContexts(requestID: 8, tokens: [ContextToken(hi: 1, lo: 2)], refusal: ""),
            .observedInput(InputEvent(kind: .touchUp, timestamp: 4, layer: 2, hitLayer: 2, location: CGPoint(x: 1, y: 2), touchID: 1)),
        ]
        return messages.map { MessageCoding.encode($0) }
    }

    /// Seeds for the decoder harness, by name.
    public static func decoderSeeds(seed: UInt64 = 1) -> [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        let client = clientFrames(count: 60, seed: seed)
        let server = serverFrames()
        func typed(_ mode: DecoderHarness.Mode, _ frame: [UInt8]) -> [UInt8] { [mode.rawValue] + frame.dropFirst(4) }
        for (i, f) in client.enumerated() { out.append(("client-\(i)", typed(.clientMessage, f))) }
        for (i, f) in server.enumerated() { out.append(("server-\(i)", typed(.serverMessage, f))) }
        out.append(("stream-client", [DecoderHarness.Mode.frameStream.rawValue, 7] + client.prefix(8).flatMap { $0 }))
        out.append(("stream-server", [DecoderHarness.Mode.frameStream.rawValue, 3] + server.flatMap { $0 }))
        for (name, bytes) in jpegSeeds() { out.append((name, [DecoderHarness.Mode.jpeg.rawValue] + bytes)) }
        for (name, bytes) in PNGSeeds.all() { out.append((name, [DecoderHarness.Mode.png.rawValue] + bytes)) }
        var r = FuzzRandom(seed: seed)
        let values = ValueGenerator()
        for kind in (1...11).compactMap({ ValueKind(rawValue: $0) }) {
            var w = ByteWriter(); w.value(values.value(kind, &r))
            out.append(("value-\(kind)", [DecoderHarness.Mode.value.rawValue] + w.bytes))
        }
        let animations = AnimationGenerator()
        var made = 0
        while made < 24 {
            let spec = animations.animation(for: LayerKind.allCases[made % LayerKind.allCases.count], now: 1000, &r)
            guard (try? spec.validate()) != nil else { continue }
            var w = ByteWriter(); w.animation(spec)
            out.append(("animation-\(made)", [DecoderHarness.Mode.animation.rawValue] + w.bytes))
            made += 1
        }
        return out
    }

    /// Writes the decoder seeds into `directory` (created if needed), one file each.
    public static func writeDecoderSeeds(to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let seeds = decoderSeeds()
        for s in seeds { try Data(s.bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent(s.name)) }
        return seeds.count
    }
}
