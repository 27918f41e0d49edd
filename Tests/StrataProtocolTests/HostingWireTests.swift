import Foundation
import StrataCore
import StrataProtocol
import Testing

/// Remote layer hosting on the wire (docs/protocol.md §13), byte for byte.
@Suite("Hosting wire bytes")
struct HostingWireTests {
    static let token = ContextToken(hi: 0x0102_0304_0506_0708, lo: 0x1112_1314_1516_1718)
    /// The token's 16 bytes: hi then lo, each little-endian.
    static let tokenBytes: [UInt8] = [8, 7, 6, 5, 4, 3, 2, 1, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11]

    @Test("createContext: type 9, u32 request id, reclaim token, u16 host user count, u32 uids")
    func createContext() throws {
        let bytes = MessageCoding.encode(ClientMessage.createContext(requestID: 7, reclaim: Self.token, hostUsers: [1000, 1001]))
        #expect(bytes == [30, 0, 0, 0, 9, 0, 7, 0, 0, 0] + Self.tokenBytes + [2, 0, 0xE8, 3, 0, 0, 0xE9, 3, 0, 0])
        #expect(try MessageCoding.decodeClient(type: 9, body: Array(bytes.dropFirst(6))) == .createContext(requestID: 7, reclaim: Self.token, hostUsers: [1000, 1001]))
        // 17 users are refused while decoding.
        let many = MessageCoding.encode(ClientMessage.createContext(requestID: 7, hostUsers: Array(0..<17)))
        #expect(throws: ProtocolError.invalid("createContext: 17 host users (at most 16)")) {
            try MessageCoding.decodeClient(type: 9, body: Array(many.dropFirst(6)))
        }
    }

    @Test("operations 26–28: setContextLayer (token, u64 layer), revokeContext (token), hostContext (u64 layer, token, bool replayed)")
    func operations() throws {
        let commit = Commit(transactionID: 1, operations: [.setContextLayer(Self.token, layer: 5), .revokeContext(Self.token), .hostContext(9, token: Self.token)])
        let bytes = MessageCoding.encode(ClientMessage.commit(commit))
        let ops: [UInt8] = [26] + Self.tokenBytes + [5, 0, 0, 0, 0, 0, 0, 0]
            + [27] + Self.tokenBytes
            + [28, 9, 0, 0, 0, 0, 0, 0, 0] + Self.tokenBytes + [0]
        #expect(Array(bytes.suffix(ops.count)) == ops)
        #expect(try MessageCoding.decodeClient(type: 2, body: Array(bytes.dropFirst(6))) == .commit(commit))
        // A token cut short is a truncated message.
        var cut = Array(bytes.dropFirst(6))
        cut.removeLast(3)
        #expect(throws: ProtocolError.truncated("operation 2 (context token)")) { try MessageCoding.decodeClient(type: 2, body: cut) }
    }

    @Test("operation 29: focusHosted (u64 layer)")
    func focusHosted() throws {
        let commit = Commit(transactionID: 1, operations: [.focusHosted(0x0102)])
        let bytes = MessageCoding.encode(ClientMessage.commit(commit))
        #expect(Array(bytes.suffix(9)) == [29, 2, 1, 0, 0, 0, 0, 0, 0])
        #expect(try MessageCoding.decodeClient(type: 2, body: Array(bytes.dropFirst(6))) == .commit(commit))
    }

    @Test("rootContexts: type 10 (u32 request id, u32 pid) and its answer, type 125 (u32 request id, u16 count, tokens, refusal)")
    func rootContexts() throws {
        let ask = MessageCoding.encode(ClientMessage.rootContexts(requestID: 3, pid: 0x1234))
        #expect(ask == [8, 0, 0, 0, 10, 0, 3, 0, 0, 0, 0x34, 0x12, 0, 0])
        let answer = ServerMessage.rootContexts(requestID: 3, tokens: [Self.token], refusal: "")
        let bytes = MessageCoding.encode(answer)
        #expect(bytes == [26, 0, 0, 0, 125, 0, 3, 0, 0, 0, 1, 0] + Self.tokenBytes + [0, 0, 0, 0])
        #expect(try MessageCoding.decodeServer(type: 125, body: Array(bytes.dropFirst(6))) == answer)
        var many = ByteWriter()
        many.u32(3); many.u16(65)
        #expect(throws: ProtocolError.invalid("rootContexts: 65 tokens (at most 64)")) { try MessageCoding.decodeServer(type: 125, body: many.bytes) }
    }

    @Test("createLayer of kind 9 is a host layer")
    func hostKind() throws {
        let bytes = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: [.createLayer(3, kind: .host)])))
        #expect(bytes.suffix(10) == ArraySlice([1, 3, 0, 0, 0, 0, 0, 0, 0, 9]))
        #expect(LayerKind.host.className == "StrataLayerHost")
    }

    @Test("server messages 121–123")
    func serverMessages() throws {
        let created = MessageCoding.encode(ServerMessage.contextCreated(requestID: 2, token: Self.token, refusal: ""))
        #expect(created == [24, 0, 0, 0, 121, 0, 2, 0, 0, 0] + Self.tokenBytes + [0, 0, 0, 0])
        let hosted = MessageCoding.encode(ServerMessage.hostedContext(4, status: .refused, reason: "no"))
        #expect(hosted == [15, 0, 0, 0, 122, 0, 4, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0] + Array("no".utf8))
        let hosts = MessageCoding.encode(ServerMessage.contextHosts(Self.token, hosted: true))
        #expect(hosts == [17, 0, 0, 0, 123, 0] + Self.tokenBytes + [1])
        for m: ServerMessage in [.contextCreated(requestID: 2, token: .zero, refusal: "full"), .hostedContext(4, status: .exporterGone, reason: "gone"),
                                 .contextHosts(Self.token, hosted: false)] {
            let b = MessageCoding.encode(m)
            #expect(try MessageCoding.decodeServer(type: m.typeCode, body: Array(b.dropFirst(6))) == m)
        }
        // A status past exporterGone (4) is refused.
        var bad = Array(hosted.dropFirst(6))
        bad[8] = 5
        #expect(throws: ProtocolError.invalid("unknown hosting status 5")) { try MessageCoding.decodeServer(type: 122, body: bad) }
    }

    @Test("tokens: 32 hex digits, never printed")
    func tokenText() {
        #expect(Self.token.hex == "01020304050607081112131415161718")
        #expect(ContextToken(hex: "01020304050607081112131415161718") == Self.token)
        #expect(ContextToken(hex: "0102030405060708111213141516171G") == nil)
        #expect(ContextToken(hex: "+102030405060708111213141516171") == nil)
        #expect(ContextToken(hex: "1") == nil)
        #expect("\(Self.token)" == "ContextToken(…)")
        let many = Set((0..<1000).map { _ in ContextToken.random() })
        #expect(many.count == 1000 && !many.contains(.zero))
    }
}
