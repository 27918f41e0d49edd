/// Why a peer's bytes were rejected. Each case names what was wrong; the server logs it and ends
/// that client's session.
public enum ProtocolError: Error, Equatable, CustomStringConvertible, Sendable {
    case truncated(String)
    case badMagic
    case unsupportedVersion(UInt16)
    case unknownMessageType(UInt16)
    case unknownOperation(UInt8)
    case unknownValueKind(UInt8)
    case unknownProperty(UInt16)
    case messageTooLarge(Int)
    case trailingBytes(Int)
    case missingFileDescriptors(expected: Int, available: Int)
    case invalid(String)
    case unexpectedMessage(String)

    public var description: String {
        switch self {
        case .truncated(let what): "truncated message while reading \(what)"
        case .badMagic: "bad handshake magic (expected \"STRA\")"
        case .unsupportedVersion(let v): "unsupported protocol version \(v) (server speaks \(WireFormat.version))"
        case .unknownMessageType(let t): "unknown message type \(t)"
        case .unknownOperation(let o): "unknown operation code \(o)"
        case .unknownValueKind(let k): "unknown value kind \(k)"
        case .unknownProperty(let p): "unknown property id \(p)"
        case .messageTooLarge(let n): "message of \(n) bytes exceeds the \(WireFormat.maxMessageSize)-byte limit"
        case .trailingBytes(let n): "\(n) unexpected trailing bytes in message"
        case let .missingFileDescriptors(expected, available):
            "message needs \(expected) file descriptors but \(available) arrived"
        case .invalid(let why): why
        case .unexpectedMessage(let what): "unexpected message: \(what)"
        }
    }
}

/// Constants of the wire format (see docs/protocol.md).
public enum WireFormat {
    public static let magic: [UInt8] = Array("STRA".utf8)
    public static let version: UInt16 = 3
    /// Longest output name in bytes (the kernel's connector names are short: "HDMI-A-1").
    public static let maxOutputName = 64
    /// Reusable pixel buffers one client may have defined at once (`defineBuffer`).
    public static let maxBuffers = 64
    /// Largest side of an image (`defineImage`): JPEG's and PNG's own limit. The renderer splits an image
    /// larger than its texture limit into tiles; `client-image-bytes` bounds what one client holds.
    public static let maxImageSide = 65535
    /// Largest frame body accepted (pixels travel in memfds, so commits stay small).
    public static let maxMessageSize = 16 << 20
    /// Most entries in one keyframe list, path or value list, so one message cannot make the server
    /// evaluate unbounded work (the properties' own rules bound some lists further).
    public static let maxListCount = 4096
    /// Frame header: u32 body length + u16 message type.
    public static let headerSize = 6
}
