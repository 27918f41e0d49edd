import Foundation
import StrataCore
import StrataProtocol
import StrataPNG

/// What the in-process decoder fuzzer does with one input. The first byte picks the decoder, the rest is
/// fed to it; a decoder may accept or reject (throw `ProtocolError`) but must never crash, and whatever it
/// accepts must decode again from its own encoding, to the same encoding (compared as bytes, so a NaN a
/// server message carries compares equal to itself).
public enum DecoderHarness {
    /// The decoders an input can target (its first byte modulo the count).
    public enum Mode: UInt8, CaseIterable, Sendable {
        /// A byte stream split into frames by `FrameAssembler`, fed in chunks (byte 1 sets their size),
        /// each frame decoded as a client and as a server message.
        case frameStream = 0
        /// `MessageCoding.decodeClient`: u16 type, then the body.
        case clientMessage
        /// `MessageCoding.decodeServer`: u16 type, then the body.
        case serverMessage
        /// `ByteReader.value`.
        case value
        /// `ByteReader.animation` (validation included).
        case animation
        /// `JPEGCodec.decode`: libjpeg-turbo on the bytes of an image an app or a scene file names.
        case jpeg
        /// `PNGCodec.decode`: libpng on bytes in memory (`UIImage(data:)`: a download, a cache).
        case png
    }

    /// The largest JPEG side the harness decodes (a bigger one is refused before decoding, as the real limit
    /// refuses 16384+): keeps each input's memory and time small.
    static let jpegSide = 1024

    /// An oracle failure: the input decoded but broke a property every decoder must keep.
    public struct Violation: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs one input; throws `Violation` when a property breaks (a rejected input is not a violation).
    public static func run(_ data: [UInt8]) throws {
        guard let first = data.first else { return }
        let mode = Mode(rawValue: first % UInt8(Mode.allCases.count)) ?? .frameStream
        let rest = Array(data.dropFirst())
        switch mode {
        case .frameStream: try frameStream(rest)
        case .clientMessage, .serverMessage:
            guard rest.count >= 2 else { return }
            let type = UInt16(rest[0]) | UInt16(rest[1]) << 8
            let body = Array(rest.dropFirst(2))
            if mode == .clientMessage { try client(type: type, body: body) } else { try server(type: type, body: body) }
        case .value:
            var r = ByteReader(rest)
            guard let v = try rejecting({ try r.value("value") }) else { return }
            var w = ByteWriter(); w.value(v)
            var again = ByteReader(w.bytes)
            let v2 = try expectDecodes("value", { try again.value("value") })
            var w2 = ByteWriter(); w2.value(v2)
            guard w2.bytes == w.bytes else { throw Violation(description: "value \(v) re-decoded as \(v2)") }
        case .jpeg:
            try jpeg(rest)
        case .png:
            try png(rest)
        case .animation:
            var r = ByteReader(rest)
            guard let a = try rejecting({ try r.animation() }) else { return }
            var w = ByteWriter(); w.animation(a)
            var again = ByteReader(w.bytes)
            let a2 = try expectDecodes("animation", { try again.animation() })
            var w2 = ByteWriter(); w2.animation(a2)
            guard w2.bytes == w.bytes else { throw Violation(description: "animation \(a) re-decoded as \(a2)") }
        }
    }

    /// Decodes JPEG bytes: a rejection is fine; what decodes is an image `decoded` accepts, and opaque.
    static func jpeg(_ bytes: [UInt8]) throws {
        guard let image = try decoded("JPEG", { try? JPEGCodec.decode(Data(bytes), maxSide: jpegSide) }) else { return }
        guard stride(from: 3, to: image.pixels.count, by: 4).allSatisfy({ image.pixels[$0] == 255 }) else {
            throw Violation(description: "JPEG decoded with alpha below 255")
        }
    }

    /// Decodes PNG bytes: a rejection is fine; what decodes is an image `decoded` accepts. A header naming
    /// more than `jpegSide` a side is refused before libpng allocates for it (the real limit, 16384, would take
    /// a gigabyte an input).
    static func png(_ bytes: [UInt8]) throws {
        guard bytes.count >= 24 else { return }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard be32(16) <= jpegSide, be32(20) <= jpegSide else { return }
        _ = try decoded("PNG", { try? PNGCodec.decode(Data(bytes)) })
    }

    /// What an image decoder made of an input (nil: rejected), checked: within the size limit, every pixel
    /// there, and the same when decoded again.
    private static func decoded(_ format: String, _ decode: () -> RGBAImage?) throws -> RGBAImage? {
        guard let image = decode() else { return nil }
        guard (1...jpegSide).contains(image.width), (1...jpegSide).contains(image.height), image.pixels.count == image.width * image.height * 4 else {
            throw Violation(description: "\(format) decoded as \(image.width)x\(image.height) with \(image.pixels.count) bytes")
        }
        guard decode() == image else { throw Violation(description: "\(format) decoded differently twice") }
        return image
    }

    /// Decodes a client message; whatever decodes must survive encode → decode unchanged.
    static func client(type: UInt16, body: [UInt8]) throws {
        guard let m = try rejecting({ try MessageCoding.decodeClient(type: type, body: body) }) else { return }
        let frame = MessageCoding.encode(m)
        let m2 = try expectDecodes("client message", { try MessageCoding.decodeClient(type: m.typeCode, body: Array(frame.dropFirst(6))) })
        guard MessageCoding.encode(m2) == frame else { throw Violation(description: "client message \(m) re-decoded as \(m2)") }
        guard m.typeCode == type else { throw Violation(description: "type \(type) decoded as \(m.typeCode)") }
    }

    static func server(type: UInt16, body: [UInt8]) throws {
        guard let m = try rejecting({ try MessageCoding.decodeServer(type: type, body: body) }) else { return }
        let frame = MessageCoding.encode(m)
        let m2 = try expectDecodes("server message", { try MessageCoding.decodeServer(type: m.typeCode, body: Array(frame.dropFirst(6))) })
        guard MessageCoding.encode(m2) == frame else { throw Violation(description: "server message \(m) re-decoded as \(m2)") }
    }

    /// Feeds the stream in chunks and checks the frames against a direct split of the same bytes.
    static func frameStream(_ data: [UInt8]) throws {
        guard let chunkByte = data.first else { return }
        let stream = Array(data.dropFirst())
        let chunk = Int(chunkByte % 64) + 1
        var assembler = FrameAssembler()
        var frames: [(type: UInt16, body: [UInt8])] = []
        var tooLarge = false
        var offset = 0
        feeding: while offset < stream.count {
            let end = min(stream.count, offset + chunk)
            assembler.append(Array(stream[offset..<end]))
            offset = end
            do {
                while let f = try assembler.next() { frames.append(f) }
            } catch {
                guard error is ProtocolError else { throw Violation(description: "FrameAssembler threw \(error)") }
                tooLarge = true
                break feeding
            }
        }
        let expected = split(stream)
        guard frames.count == expected.frames.count, zip(frames, expected.frames).allSatisfy({ $0.type == $1.type && $0.body == $1.body }) else {
            throw Violation(description: "FrameAssembler gave \(frames.count) frames, a direct split \(expected.frames.count)")
        }
        guard tooLarge == expected.tooLarge else { throw Violation(description: "FrameAssembler's size check disagrees with the split") }
        if !tooLarge, assembler.pendingByteCount != expected.leftover {
            throw Violation(description: "FrameAssembler holds \(assembler.pendingByteCount) bytes, \(expected.leftover) expected")
        }
        for f in frames {
            try client(type: f.type, body: f.body)
            try server(type: f.type, body: f.body)
        }
    }

    /// The frames of a stream by the definition in docs/protocol.md section 3.
    static func split(_ s: [UInt8]) -> (frames: [(type: UInt16, body: [UInt8])], tooLarge: Bool, leftover: Int) {
        var frames: [(UInt16, [UInt8])] = []
        var i = 0
        while s.count - i >= WireFormat.headerSize {
            let length = (0..<4).reduce(0) { $0 | Int(s[i + $1]) << (8 * $1) }
            if length > WireFormat.maxMessageSize { return (frames, true, s.count - i) }
            guard s.count - i - WireFormat.headerSize >= length else { break }
            frames.append((UInt16(s[i + 4]) | UInt16(s[i + 5]) << 8, Array(s[(i + 6)..<(i + 6 + length)])))
            i += WireFormat.headerSize + length
        }
        return (frames, false, s.count - i)
    }

    /// The decoded value, or nil when the decoder rejected the input with a `ProtocolError` (anything
    /// else thrown is a violation: decoders report bad input only as `ProtocolError`).
    private static func rejecting<T>(_ decode: () throws -> T) throws -> T? {
        do { return try decode() } catch let error as ProtocolError {
            _ = error.description // the reason text is built for every rejection: exercise it
            return nil
        } catch {
            throw Violation(description: "a decoder threw \(type(of: error)), not ProtocolError: \(error)")
        }
    }

    private static func expectDecodes<T>(_ what: String, _ decode: () throws -> T) throws -> T {
        do { return try decode() } catch {
            throw Violation(description: "\(what) encoded by the codec was rejected on decoding: \(error)")
        }
    }
}
