import Foundation
import StrataCore
import StrataProtocol
import Testing

@Suite("FrameAssembler")
struct FrameAssemblerTests {
    @Test("bytes fed one at a time yield every frame exactly when its last byte arrives")
    func oneByteAtATime() throws {
        let messages = Samples.clientMessages
        let frames = messages.map { MessageCoding.encode($0) }
        let stream = frames.flatMap { $0 }
        var ends: [Int] = []
        var total = 0
        for f in frames { total += f.count; ends.append(total) }

        var a = FrameAssembler()
        var decoded: [ClientMessage] = []
        var completedAt: [Int] = []
        for (i, byte) in stream.enumerated() {
            a.append([byte])
            while let f = try a.next() {
                decoded.append(try MessageCoding.decodeClient(type: f.type, body: f.body))
                completedAt.append(i + 1)
            }
        }
        #expect(decoded == messages)
        #expect(completedAt == ends)
        #expect(a.pendingByteCount == 0)
    }

    @Test("server messages fed one byte at a time")
    func serverOneByteAtATime() throws {
        let stream = Samples.serverMessages.flatMap { MessageCoding.encode($0) }
        var a = FrameAssembler()
        var decoded: [ServerMessage] = []
        for byte in stream {
            a.append([byte])
            if let f = try a.next() { decoded.append(try MessageCoding.decodeServer(type: f.type, body: f.body)) }
        }
        #expect(decoded == Samples.serverMessages)
    }

    @Test("several frames in one chunk, then a partial one")
    func chunks() throws {
        let one = MessageCoding.encode(ClientMessage.statsRequest(requestID: 1))
        let two = MessageCoding.encode(ClientMessage.treeRequest(requestID: 2))
        let three = MessageCoding.encode(ClientMessage.hello(version: 1))
        var a = FrameAssembler()
        a.append(one + two + Array(three.prefix(7)))
        let f1 = try #require(try a.next())
        #expect(f1.type == 5 && f1.body == [1, 0, 0, 0])
        let f2 = try #require(try a.next())
        #expect(f2.type == 4 && f2.body == [2, 0, 0, 0])
        #expect(try a.next() == nil)
        #expect(a.pendingByteCount == 7)
        a.append(Array(three.dropFirst(7)))
        let f3 = try #require(try a.next())
        #expect(f3.type == 1 && f3.body == Array("STRA".utf8) + [1, 0])
        #expect(a.pendingByteCount == 0)
    }

    @Test("an empty body is a complete frame; the type is not interpreted")
    func emptyBody() throws {
        var a = FrameAssembler()
        a.append([0, 0, 0, 0, 0x34, 0x12])
        let f = try #require(try a.next())
        #expect(f.type == 0x1234)
        #expect(f.body.isEmpty)
    }

    @Test("a frame whose body is cut short is not returned")
    func truncatedFrame() throws {
        var bytes = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 1, operations: Samples.operations)))
        bytes.removeLast()
        var a = FrameAssembler()
        a.append(bytes)
        #expect(try a.next() == nil)
        #expect(a.pendingByteCount == bytes.count)
    }
}
