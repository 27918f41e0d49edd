import Foundation
import StrataCore
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A connected AF_UNIX stream pair wrapped as two message sockets.
private func socketPair() throws -> (MessageSocket, MessageSocket) {
    var sv: [Int32] = [-1, -1]
    let rc = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sv)
    try #require(rc == 0, "socketpair failed: errno \(errno)")
    return (MessageSocket(adopting: sv[0]), MessageSocket(adopting: sv[1]))
}

/// A sealed memfd holding `bytes`.
private func pixelBuffer(_ bytes: [UInt8]) throws -> SharedPixelBuffer {
    let b = try SharedPixelBuffer(byteCount: bytes.count)
    b.write(bytes)
    b.seal()
    return b
}

private func inode(_ fd: Int32) -> UInt64 {
    var st = stat()
    return fstat(fd, &st) == 0 ? UInt64(st.st_ino) : 0
}

private let F_GET_SEALS_CMD: Int32 = 1034   // F_LINUX_SPECIFIC_BASE + 10
private let allSeals: Int32 = 0x1 | 0x2 | 0x4 | 0x8 // SEAL, SHRINK, GROW, WRITE

@Suite("Unix socket transport with SCM_RIGHTS", .serialized)
struct SocketTests {
    @Test("a commit carrying a memfd arrives with its descriptor and pixels")
    func commitWithMemfd() throws {
        let (client, server) = try socketPair()
        // 2×2 premultiplied RGBA8, rows top to bottom.
        let pixels: [UInt8] = [255, 0, 0, 255,   0, 255, 0, 255,
                               0, 0, 128, 128,   10, 20, 30, 40]
        let buffer = try pixelBuffer(pixels)
        let commit = Commit(transactionID: 11, operations: [
            .createLayer(1), .defineImage(5, width: 2, height: 2, fdIndex: 0), .setContents(1, 5), .attachRoot(1),
        ], fdCount: 1)
        try withExtendedLifetime(buffer) {
            try client.send(MessageCoding.encode(ClientMessage.commit(commit)), fds: [buffer.fd])
        }

        let frame = try #require(try server.receiveFrame())
        #expect(frame.type == 2)
        let message = try MessageCoding.decodeClient(type: frame.type, body: frame.body)
        #expect(message == .commit(commit))
        guard case .commit(let received) = message, case let .defineImage(_, w, h, index, _) = received.operations[1] else {
            Issue.record("unexpected message \(message)"); return
        }
        let fds = try server.takeFDs(Int(received.fdCount))
        #expect(fds.count == 1)
        let fd = fds[Int(index)]
        #expect(fd >= 0)
        #expect(fd != buffer.fd)
        #expect(inode(fd) == inode(buffer.fd))
        #expect(fcntl(fd, F_GET_SEALS_CMD) == allSeals)
        let mapped = try SharedPixelBuffer(mapping: fd, byteCount: Int(w) * Int(h) * 4)
        #expect(mapped.byteCount == 16)
        #expect(mapped.bytes() == pixels)
        // Everything was claimed.
        #expect(protocolError { try server.takeFDs(1) } == .missingFileDescriptors(expected: 1, available: 0))
    }

    @Test("sealed memfd refuses writes and resizing")
    func sealing() throws {
        let buffer = try pixelBuffer([1, 2, 3, 4])
        #expect(fcntl(buffer.fd, F_GET_SEALS_CMD) == allSeals)
        #expect(ftruncate(buffer.fd, 8) == -1)
        var byte: UInt8 = 9
        #expect(pwrite(buffer.fd, &byte, 1, 0) == -1)
        #expect(buffer.bytes() == [1, 2, 3, 4])
    }

    @Test("takeFDs with too few descriptors throws missingFileDescriptors and keeps what arrived")
    func tooFewFDs() throws {
        let (client, server) = try socketPair()
        let buffer = try pixelBuffer([7, 7, 7, 7])
        let commit = Commit(transactionID: 1, operations: [
            .defineImage(1, width: 1, height: 1, fdIndex: 0), .defineImage(2, width: 1, height: 1, fdIndex: 1),
        ], fdCount: 2)
        try withExtendedLifetime(buffer) {
            try client.send(MessageCoding.encode(ClientMessage.commit(commit)), fds: [buffer.fd])
        }
        let frame = try #require(try server.receiveFrame())
        #expect(try MessageCoding.decodeClient(type: frame.type, body: frame.body) == .commit(commit))
        #expect(protocolError { try server.takeFDs(2) } == .missingFileDescriptors(expected: 2, available: 1))
        #expect(ProtocolError.missingFileDescriptors(expected: 2, available: 1).description
                == "message needs 2 file descriptors but 1 arrived")
        let left = try server.takeFDs(1)
        #expect(left.count == 1)
        #expect(inode(left[0]) == inode(buffer.fd))
        close(left[0])
    }

    @Test("takeFDs on a socket that received none")
    func noFDs() throws {
        let (client, server) = try socketPair()
        try client.send(MessageCoding.encode(ClientMessage.statsRequest(requestID: 1)))
        _ = try #require(try server.receiveFrame())
        #expect(try server.takeFDs(0) == [])
        #expect(protocolError { try server.takeFDs(1) } == .missingFileDescriptors(expected: 1, available: 0))
    }

    @Test("descriptors of back-to-back commits are claimed in arrival order")
    func fdOrder() throws {
        let (client, server) = try socketPair()
        let a = try pixelBuffer([1, 1, 1, 1])
        let b = try pixelBuffer([2, 2, 2, 2, 2, 2, 2, 2])
        let c = try pixelBuffer([3, 3, 3, 3])
        let first = Commit(transactionID: 1, operations: [
            .defineImage(1, width: 1, height: 1, fdIndex: 0), .defineImage(2, width: 2, height: 1, fdIndex: 1),
        ], fdCount: 2)
        let second = Commit(transactionID: 2, operations: [.defineImage(3, width: 1, height: 1, fdIndex: 0)], fdCount: 1)
        try withExtendedLifetime((a, b, c)) {
            try client.send(MessageCoding.encode(ClientMessage.commit(first)), fds: [a.fd, b.fd])
            try client.send(MessageCoding.encode(ClientMessage.commit(second)), fds: [c.fd])
        }
        var contents: [[UInt8]] = []
        for expected in [first, second] {
            let frame = try #require(try server.receiveFrame())
            let m = try MessageCoding.decodeClient(type: frame.type, body: frame.body)
            #expect(m == .commit(expected))
            for (i, fd) in try server.takeFDs(Int(expected.fdCount)).enumerated() {
                guard case let .defineImage(_, w, h, _, _) = expected.operations[i] else { continue }
                contents.append(try SharedPixelBuffer(mapping: fd, byteCount: Int(w * h * 4)).bytes())
            }
        }
        #expect(contents == [[1, 1, 1, 1], [2, 2, 2, 2, 2, 2, 2, 2], [3, 3, 3, 3]])
    }

    @Test("a snapshot reply carries one descriptor")
    func snapshotReply() throws {
        let (client, server) = try socketPair()
        let pixels = (0..<24).map { UInt8($0 * 10) }  // 3×2
        let buffer = try pixelBuffer(pixels)
        try withExtendedLifetime(buffer) {
            try server.send(MessageCoding.encode(ServerMessage.snapshot(requestID: 9, width: 3, height: 2)), fds: [buffer.fd])
        }
        let frame = try #require(try client.receiveFrame())
        let m = try MessageCoding.decodeServer(type: frame.type, body: frame.body)
        #expect(m == .snapshot(requestID: 9, width: 3, height: 2))
        let fd = try #require(try client.takeFDs(1).first)
        #expect(try SharedPixelBuffer(mapping: fd, byteCount: 24).bytes() == pixels)
    }

    @Test("mapping a memfd smaller than needed is rejected")
    func shortBuffer() throws {
        let buffer = try pixelBuffer([1, 2, 3, 4])
        let e = protocolError { try SharedPixelBuffer(mapping: dup(buffer.fd), byteCount: 8) }
        #expect(e == .invalid("shared buffer holds 4 bytes, needs 8"))
    }

    @Test("a frame larger than one read (64 KiB) is reassembled")
    func largeFrame() throws {
        let (client, server) = try socketPair()
        let ops = (0..<20_000).map { LayerOperation.createLayer(UInt64($0)) }  // 200 KB body
        let frame = MessageCoding.encode(ClientMessage.commit(Commit(transactionID: 3, operations: ops)))
        #expect(frame.count == 6 + 15 + 10 * 20_000)
        let sender = Thread { try? client.send(frame) }
        sender.start()
        let received = try #require(try server.receiveFrame())
        #expect(try MessageCoding.decodeClient(type: received.type, body: received.body)
                == .commit(Commit(transactionID: 3, operations: ops)))
    }

    @Test("several frames in one write, then end of stream")
    func endOfStream() throws {
        let (client, server) = try socketPair()
        let messages: [ClientMessage] = [.hello(version: 1), .treeRequest(requestID: 1), .statsRequest(requestID: 2)]
        try client.send(messages.flatMap { MessageCoding.encode($0) })
        client.close()
        var got: [ClientMessage] = []
        while let f = try server.receiveFrame() { got.append(try MessageCoding.decodeClient(type: f.type, body: f.body)) }
        #expect(got == messages)
        #expect(!server.hasPartialFrame)
    }

    @Test("a connection closed mid-frame leaves a partial frame")
    func partialAtEnd() throws {
        let (client, server) = try socketPair()
        try client.send(Array(MessageCoding.encode(ClientMessage.hello(version: 1)).prefix(8)))
        client.close()
        #expect(try server.receiveFrame() == nil)
        #expect(server.hasPartialFrame)
    }

    @Test("more than 32 descriptors in one send is refused")
    func tooManyFDs() throws {
        let (client, _) = try socketPair()
        let buffer = try pixelBuffer([0, 0, 0, 0])
        let fds = [Int32](repeating: buffer.fd, count: 33)
        do {
            try client.send(MessageCoding.encode(ClientMessage.statsRequest(requestID: 1)), fds: fds)
            Issue.record("send with 33 descriptors succeeded")
        } catch let e as SocketError {
            #expect(e.errno == EINVAL)
        }
    }
}
