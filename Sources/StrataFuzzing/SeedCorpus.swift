import Foundation
import StrataCore
import StrataProtocol

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

    public static func serverFrames() -> [[UInt8]] {
        let messages: [ServerMessage] = [
            .welcome(version: 2, clientID: 7), .animationStarted(3, key: "position"), .animationStopped(3, key: "k", finished: true),
            .transactionCompleted(42), .snapshot(requestID: 1, width: 160, height: 120), .snapshotUnavailable(requestID: 2, reason: "no output X to read"),
            .tree(requestID: 3, json: #"{"clients":[]}"#), .stats(requestID: 4, json: #"{"frames_rendered":1}"#), .error("unknown layer id 9"),
            .frameTick(timestamp: 12.5, duration: 1.0 / 60), .outputs([OutputInfo(name: "headless", width: 640, height: 480, refreshHz: 60)]),
            .input(InputEvent(kind: .touchDown, timestamp: 3, layer: 2, hitLayer: 5, location: CGPoint(x: 4, y: 5), touchID: 1)),
            .injectResult(""), .bufferReleased(3), .transactionPresented(transactionID: 42, presentedAt: 12.5),
            .layerError(7, reason: "text layout failed"),
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
