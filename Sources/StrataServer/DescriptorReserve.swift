import Foundation
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the listening socket serviceable when the process runs out of file descriptors (EMFILE). A
/// connection that cannot be accepted stays pending and wakes poll() at once, for ever: the loop would
/// spin. One descriptor is held in reserve; when accept fails for lack of descriptors the reserve is
/// released, the pending connection is accepted, told why and closed, and the reserve is taken again.
/// If the reserve cannot be taken back, the listener rests for `restInterval`. The server logs one line
/// when an episode starts and one when it ends.
final class DescriptorReserve {
    private var reserve: Int32 = -1
    private var restingUntil: Double?
    private var inEpisode = false
    private var turnedAway = 0
    let restInterval = 0.25

    init() { reserve = Self.take() }

    deinit { if reserve >= 0 { close(reserve) } }

    private static func take() -> Int32 { open("/dev/null", O_RDONLY | O_CLOEXEC) }

    /// When the resting listener should be polled again (nil: it is not resting).
    var resumeTime: Double? { restingUntil }

    /// Accept failed for lack of descriptors at `now`. Returns true when this starts an episode.
    func exhausted(now: Double, listener: ListeningSocket) -> Bool {
        let starts = !inEpisode
        inEpisode = true
        if reserve >= 0 {
            close(reserve)
            reserve = -1
            if let socket = try? listener.accept() {
                _ = try? socket.enqueue(MessageCoding.encode(ServerMessage.error("server out of file descriptors: try again later")))
                socket.close()
                turnedAway += 1
            }
            reserve = Self.take()
        }
        restingUntil = reserve < 0 ? now + restInterval : nil
        return starts
    }

    /// Whether the listener may be polled at `now`.
    func listens(now: Double) -> Bool {
        guard let until = restingUntil else { return true }
        if now >= until { restingUntil = nil; return true }
        return false
    }

    /// A connection was accepted: the episode, if one was running, is over. Returns how many
    /// connections it turned away.
    func recovered() -> Int? {
        if reserve < 0 { reserve = Self.take() }
        guard inEpisode else { return nil }
        inEpisode = false
        restingUntil = nil
        defer { turnedAway = 0 }
        return turnedAway
    }
}
