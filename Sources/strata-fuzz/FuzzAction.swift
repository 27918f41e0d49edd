import StrataFuzzing

/// One thing a fuzz session does to the server, recorded so a reproducer can do it again in order.
/// Every `send*` and `shrink` is one input in the counts.
enum FuzzAction {
    case connect
    /// Bytes (one frame, mutated or not, or part of one) with descriptors on its first byte, or, with
    /// `fdsOnSecondPart`, on the bytes after `splitAt`.
    case send(bytes: [UInt8], fds: [FDSpec], splitAt: Int?, fdsOnSecondPart: Bool)
    /// Bytes with `count` descriptors in one control message: more than the server's 32 when count > 32.
    case sendManyFDs(bytes: [UInt8], count: Int)
    /// Truncates the session's `kept`-th unsealed memfd to `size` bytes after the server mapped it.
    case shrink(kept: Int, size: Int)
    case shutdownWrite
    case close

    var name: String {
        switch self {
        case .connect: "connect"
        case .send: "send"
        case .sendManyFDs: "sendManyFDs"
        case .shrink: "shrink"
        case .shutdownWrite: "shutdownWrite"
        case .close: "close"
        }
    }

    var countsAsInput: Bool {
        switch self {
        case .send, .sendManyFDs, .shrink: true
        case .connect, .shutdownWrite, .close: false
        }
    }
}
