import Foundation
import StrataCore
import StrataProtocol
import Testing

/// Exact bytes on the wire, written out by hand (docs/protocol.md describes the same layout).
@Suite("Exact wire bytes")
struct WireBytesTests {
    @Test("hello: STRA magic + u16 version")
    func hello() {
        #expect(MessageCoding.encode(ClientMessage.hello(version: 3)) ==
                [6, 0, 0, 0, 1, 0, 0x53, 0x54, 0x52, 0x41, 3, 0])
        #expect(WireFormat.magic == [0x53, 0x54, 0x52, 0x41])
        #expect(WireFormat.version == 3)
        #expect(WireFormat.headerSize == 6)
        #expect(WireFormat.maxMessageSize == 16_777_216)
    }

    @Test("welcome: u16 version, u32 client id")
    func welcome() {
        #expect(MessageCoding.encode(ServerMessage.welcome(version: 1, clientID: 0x0A0B_0C0D)) ==
                [6, 0, 0, 0, 101, 0, 1, 0, 0x0D, 0x0C, 0x0B, 0x0A])
    }

    @Test("outputs: u16 count, then name (u32 length + UTF-8), u32 width, u32 height, f64 refresh, f64 scale, f64 safe-area top, left, bottom, right per output")
    func outputs() throws {
        let info = OutputInfo(name: "DP-1", width: 800, height: 480, refreshHz: 60, scale: 2,
                              safeAreaInsets: SafeAreaInsets(top: 44, left: 0, bottom: 34, right: 0.5))
        let bytes = MessageCoding.encode(ServerMessage.outputs([info]))
        let insets: [UInt8] = [0, 0, 0, 0, 0, 0, 0x46, 0x40] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0x41, 0x40] + [0, 0, 0, 0, 0, 0, 0xE0, 0x3F]
        #expect(bytes == [66, 0, 0, 0, 111, 0, 1, 0, 4, 0, 0, 0] + Array("DP-1".utf8)
                + [0x20, 0x03, 0, 0, 0xE0, 0x01, 0, 0] + [0, 0, 0, 0, 0, 0, 0x4E, 0x40] + [0, 0, 0, 0, 0, 0, 0, 0x40] + insets)
        #expect(try MessageCoding.decodeServer(type: 111, body: Array(bytes.dropFirst(6))) == .outputs([info]))
        // A negative inset is refused as invalid (−1: 0xBFF0000000000000).
        var negative = Array(bytes.dropFirst(6))
        negative.replaceSubrange(negative.count - 8..<negative.count, with: [0, 0, 0, 0, 0, 0, 0xF0, 0xBF])
        #expect(throws: ProtocolError.self) { try MessageCoding.decodeServer(type: 111, body: negative) }
    }

    @Test("setRootOutput: op 17, u64 layer, output name")
    func setRootOutput() {
        let bytes = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [.setRootOutput(5, output: "HDMI-A-1")])))
        // The commit's header (frame header, transaction id, flags, fd count, operation count) then the operation.
        #expect(bytes.suffix(21) == ArraySlice([17, 5, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0] + Array("HDMI-A-1".utf8)))
    }

    @Test("requests: u32 request id")
    func requests() {
        #expect(MessageCoding.encode(ClientMessage.snapshotRequest(requestID: 0x0102_0304)) == [8, 0, 0, 0, 3, 0, 4, 3, 2, 1, 0, 0, 0, 0])
        #expect(MessageCoding.encode(ClientMessage.snapshotRequest(requestID: 1, output: "DP-1"))
                == [12, 0, 0, 0, 3, 0, 1, 0, 0, 0, 4, 0, 0, 0] + Array("DP-1".utf8))
        #expect(MessageCoding.encode(ClientMessage.treeRequest(requestID: 1)) == [4, 0, 0, 0, 4, 0, 1, 0, 0, 0])
        #expect(MessageCoding.encode(ClientMessage.statsRequest(requestID: 2)) == [4, 0, 0, 0, 5, 0, 2, 0, 0, 0])
    }

    @Test("commit header and simple operations")
    func commit() {
        let m = ClientMessage.commit(Commit(
            transactionID: 0x1122_3344_5566_7788, wantsCompletion: true,
            operations: [
                .createLayer(9),
                .setProperty(9, .opacity, .scalar(0.5)),
                .insertSublayer(parent: 1, child: 9, index: 2),
                .defineImage(3, width: 2, height: 1, fdIndex: 1),
                .setContents(9, 3),
                .setProperty(9, .backgroundColor, .color(nil)),
                .setProperty(9, .hidden, .bool(true)),
            ],
            fdCount: 2))
        var b = LE()
        b.u64(0x1122_3344_5566_7788); b.u8(1); b.u16(2); b.u32(7)
        b.u8(1); b.u64(9); b.u8(0) // createLayer: id, kind 0 (CALayer)
        b.u8(3); b.u64(9); b.u16(5); b.u8(1); b.f64(0.5)
        b.u8(4); b.u64(1); b.u64(9); b.u32(2)
        b.u8(6); b.u64(3); b.u32(2); b.u32(1); b.u16(1)
        b.u8(8); b.u64(9); b.u64(3)
        b.u8(3); b.u64(9); b.u16(6); b.u8(6); b.u8(0)
        b.u8(3); b.u64(9); b.u16(7); b.u8(7); b.u8(1)
        #expect(MessageCoding.encode(m) == b.frame(type: 2))
        // Spot-check the header literally.
        #expect(Array(MessageCoding.encode(m).prefix(6)) == [UInt8(b.bytes.count), 0, 0, 0, 2, 0])
    }

    @Test("value payloads: point, rect, transform, colour")
    func values() {
        var w = ByteWriter()
        w.value(.point(CGPoint(x: 1, y: -2)))
        w.value(.rect(CGRect(x: 1, y: 2, width: 3, height: 4)))
        w.value(.transform(Samples.transform))
        w.value(.color(Samples.color))
        var e = LE()
        e.u8(2); e.f64(1); e.f64(-2)
        e.u8(4); e.f64(1); e.f64(2); e.f64(3); e.f64(4)
        e.u8(5); for i in 1...16 { e.f64(Double(i) * 0.5 - 3) }
        e.u8(6); e.u8(1); e.f64(0.125); e.f64(0.25); e.f64(0.5); e.f64(0.75)
        #expect(w.bytes == e.bytes)
    }

    @Test("transform elements travel in m11, m12, …, m44 order")
    func transformOrder() {
        var t = Transform3D.identity
        t.m41 = 10; t.m42 = 20; t.m43 = 30
        var w = ByteWriter()
        w.value(.transform(t))
        var e = LE()
        e.u8(5)
        for x in [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1] { e.f64(x) }
        #expect(w.bytes == e.bytes)
    }

    @Test("addAnimation: field order of the animation encoding")
    func animation() {
        var timing = MediaTiming()
        timing.beginTime = 2; timing.duration = 3; timing.speed = 1.5; timing.timeOffset = 0.25
        timing.repeatCount = 4; timing.repeatDuration = 6; timing.autoreverses = true; timing.fillMode = .backwards
        let spec = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: nil, to: .scalar(1), by: nil),
                                 timing: timing, timingFunction: TimingFunction(0.42, 0, 0.58, 1),
                                 isRemovedOnCompletion: false, isAdditive: true, isCumulative: false)
        let m = ClientMessage.commit(Commit(transactionID: 1, operations: [.addAnimation(7, key: "k", spec)]))
        var b = LE()
        b.u64(1); b.u8(0); b.u16(0); b.u32(1)
        b.u8(9); b.u64(7); b.string("k")
        b.string("opacity")
        b.u8(1)                        // kind: basic
        b.u8(0)                        // fromValue absent
        b.u8(1); b.u8(1); b.f64(1)     // toValue present: scalar 1
        b.u8(0)                        // byValue absent
        for x in [2.0, 3, 1.5, 0.25, 4, 6] { b.f64(x) } // begin, duration, speed, offset, repeatCount, repeatDuration
        b.u8(1)                        // autoreverses
        b.u8(2)                        // fillMode backwards
        b.u8(1); for x in [0.42, 0, 0.58, 1] { b.f64(x) } // timing function
        b.u8(0); b.u8(1); b.u8(0)      // removedOnCompletion, additive, cumulative
        b.u8(0)                        // no value function
        b.f64(0)                       // no value step
        #expect(MessageCoding.encode(m) == b.frame(type: 2))
    }

    @Test("animation without timing function and with a component key path")
    func animationNoFunction() {
        let spec = AnimationSpec(keyPath: LayerKeyPath(property: .bounds, component: .sizeWidth),
                                 kind: .basic(from: nil, to: nil, by: .scalar(-5)))
        var w = ByteWriter()
        w.animation(spec)
        var e = LE()
        e.string("bounds.size.width"); e.u8(1); e.u8(0); e.u8(0); e.u8(1); e.u8(1); e.f64(-5)
        for x in [0.0, 0, 1, 0, 0, 0] { e.f64(x) }
        e.u8(0); e.u8(0)               // autoreverses false, fillMode removed
        e.u8(0)                        // no timing function
        e.u8(1); e.u8(0); e.u8(0)
        e.u8(0)                        // no value function
        e.f64(0)                       // no value step
        #expect(w.bytes == e.bytes)
    }

    @Test("server events")
    func events() {
        var s = LE(); s.u64(5); s.string("spin")
        #expect(MessageCoding.encode(ServerMessage.animationStarted(5, key: "spin")) == s.frame(type: 102))
        var t = LE(); t.u64(5); t.string("spin"); t.u8(1)
        #expect(MessageCoding.encode(ServerMessage.animationStopped(5, key: "spin", finished: true)) == t.frame(type: 103))
        var c = LE(); c.u64(99)
        #expect(MessageCoding.encode(ServerMessage.transactionCompleted(99)) == c.frame(type: 104))
        var p = LE(); p.u32(1); p.u32(640); p.u32(480)
        #expect(MessageCoding.encode(ServerMessage.snapshot(requestID: 1, width: 640, height: 480)) == p.frame(type: 105))
        var u = LE(); u.u32(2); u.string("busy")
        #expect(MessageCoding.encode(ServerMessage.snapshotUnavailable(requestID: 2, reason: "busy")) == u.frame(type: 106))
        var tr = LE(); tr.u32(3); tr.string("{}")
        #expect(MessageCoding.encode(ServerMessage.tree(requestID: 3, json: "{}")) == tr.frame(type: 107))
        var st = LE(); st.u32(4); st.string("[]")
        #expect(MessageCoding.encode(ServerMessage.stats(requestID: 4, json: "[]")) == st.frame(type: 108))
        #expect(MessageCoding.encode(ServerMessage.error("no")) == [6, 0, 0, 0, 109, 0, 2, 0, 0, 0, 0x6E, 0x6F])
    }

    @Test("transactionPresented: u64 transaction id, f64 presentation time")
    func transactionPresented() {
        // 99 and 2.5 s (0x4004000000000000), little-endian.
        #expect(MessageCoding.encode(ServerMessage.transactionPresented(transactionID: 99, presentedAt: 2.5)) ==
                [16, 0, 0, 0, 115, 0, 99, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x04, 0x40])
    }
}
