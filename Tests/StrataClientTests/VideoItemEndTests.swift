import Foundation
import Strata
@testable import StrataAVFoundation
import StrataCore
import StrataProtocol
import Testing

/// Counts `AVPlayerItemDidPlayToEndTime` for one item, with what the player said at each (on the main queue,
/// where AVFoundation posts it).
final class EndLog: @unchecked Sendable {
    struct End { let at: Double; let currentTime: Double; let rate: Float }
    private let lock = NSLock()
    private var list: [End] = []
    private var token: NSObjectProtocol?

    init(_ player: AVPlayer, onEnd: (@Sendable (Int) -> Void)? = nil) {
        token = NotificationCenter.default.addObserver(forName: AVPlayerItem.didPlayToEndTimeNotification, object: player.currentItem, queue: nil) { [weak self] _ in
            guard let self else { return }
            let end = End(at: MonotonicClock.now(), currentTime: player.currentTime().seconds, rate: player.rate)
            let count = self.lock.withLock { self.list.append(end); return self.list.count }
            onEnd?(count)
        }
    }

    deinit { token.map(NotificationCenter.default.removeObserver) }

    var ends: [End] { lock.withLock { list } }
}

extension ClientProcessSuite {
/// Issue 48, part 2: an item's end (its notification and end action) comes when its last frame is on screen,
/// not when GStreamer has decoded it, a fifth of a second earlier.
@Suite struct VideoItemEndTests {
    init() { setenv("STRATA_AUDIO_SINK", "fakesink sync=true", 1) }

    /// A player of `clip` in a layer filling `server`'s screen, its first frame on show (the caller closes the
    /// connection).
    static func showing(_ clip: URL, on server: ServerProcess) throws -> (AVPlayer, StrataConnection, SessionErrors) {
        let (connection, errors) = try SessionErrors.connect(server)
        let player = AVPlayer(url: clip)
        _ = VideoPlayerTests.playerLayer(connection, player)
        #expect(eventually { VideoPlayerTests.shownCode(server) == 0 })
        return (player, connection, errors)
    }

    /// The recorded frames with their codes, consecutive repeats (a frame held over vblanks) kept.
    static func shown(_ dir: URL) throws -> [(code: Int, time: Double, drawnAt: Double)] { try VideoPlayerTests.recorded(dir) }

    /// A 2.0 s clip at 30 fps: the notification comes after frame 59 is on screen, and the end was due within
    /// one refresh of the server taking it (while drawing that vblank's frame); the player reads the last
    /// frame's time and has paused (`.pause`).
    @Test func theEndComesOnceTheLastFrameIsShown() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let recording = try FrameRecordingServer(size: "128x64", frameLimit: 400)
        defer { recording.finish() }
        let (server, dir) = (recording.server, recording.directory)
        let (player, connection, errors) = try Self.showing(clip, on: server)
        defer { connection.close() }
        let log = EndLog(player)
        player.play()
        #expect(eventually(20) { !log.ends.isEmpty })
        Thread.sleep(forTimeInterval: 0.3)
        _ = server.stop()
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        let end = try #require(log.ends.first)
        #expect(log.ends.count == 1)
        #expect(abs(end.currentTime - 59.0 / 30) < 0.002, "current time at the end: \(end.currentTime)")
        #expect(end.rate == 0)
        let shown = try Self.shown(dir)
        let last = try #require(shown.first { $0.code == 59 }, "frame 59 never shown: \(shown.map(\.code))")
        let scheduled = try #require(player.state.withLock { $0.lastItemEnd })
        #expect(end.at >= last.time, "notified \((last.time - end.at) * 1000) ms before frame 59 was shown")
        // One refresh after the look that saw the server take the frame, which it does while drawing that
        // vblank's frame: on an idle machine at the vblank, on a loaded one later (judged by the server's own
        // record of when it drew it). The look ran at most one interval after the release reached the player,
        // but for how late a loaded machine ran it; `releaseLag` bounds the release message's way to a loaded
        // client, and is far below `endReleaseWait`, after which a watch that never saw the release decides.
        let releaseLag = 0.25
        let decided = scheduled.due - 1.0 / 60 - scheduled.late
        #expect(scheduled.due >= last.time && decided <= last.drawnAt + AVPlayer.endPollInterval + releaseLag,
                "end decided \((decided - last.drawnAt) * 1000) ms after frame 59 was drawn, \((last.drawnAt - last.time) * 1000) ms after its vblank (its look \(scheduled.late * 1000) ms late)")
    }

    /// The common loop: seek to zero and play on the notification. Three passes of a 20-frame clip each show
    /// every frame in order (a frame the server passed over on a stalled vblank is counted as dropped).
    @Test func aLoopSeekingOnTheEndShowsEveryFrameOfEveryPass() throws {
        let clip = try VideoFixtures.clip(frames: 20)
        let recording = try FrameRecordingServer(size: "128x64", frameLimit: 600)
        defer { recording.finish() }
        let (server, dir) = (recording.server, recording.directory)
        let (player, connection, errors) = try Self.showing(clip, on: server)
        defer { connection.close() }
        let log = EndLog(player) { passes in
            guard passes < 3 else { return }
            player.seek(to: .zero)
            player.play()
        }
        player.play()
        #expect(eventually(30) { log.ends.count == 3 })
        Thread.sleep(forTimeInterval: 0.2)
        let dropped = (try server.stats()["drawables"] as? [String: Any])?["frames_dropped"] as? Int ?? 0
        _ = server.stop()
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        #expect(log.ends.allSatisfy { abs($0.currentTime - 19.0 / 30) < 0.002 }, "\(log.ends.map(\.currentTime))")
        var passes: [[Int]] = [[]]
        for frame in try Self.shown(dir) {
            if let previous = passes[passes.count - 1].last {
                if frame.code == previous { continue }
                if frame.code < previous { passes.append([]) }
            }
            passes[passes.count - 1].append(frame.code)
        }
        #expect(passes.count == 3, "\(passes)")
        for (i, pass) in passes.enumerated() {
            #expect(pass == pass.sorted(), "pass \(i) out of order: \(pass)")
            let missing = Set(0..<20).subtracting(pass)
            #expect(missing.count <= dropped, "pass \(i) never showed \(missing.sorted()) (\(dropped) frames counted as dropped)")
        }
    }

    /// A pause in the last fifth of a second (decoding has finished, the screen has not) holds the frame on
    /// screen and ends nothing; playing on ends the item at its last frame. At a quarter speed, so that the
    /// test's thread pauses in that window on a loaded machine too.
    @Test func aPauseBeforeTheLastFrameEndsNothing() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let server = try ServerProcess(size: "128x64")
        defer { _ = server.stop() }
        let (player, connection, errors) = try Self.showing(clip, on: server)
        defer { connection.close() }
        let log = EndLog(player)
        player.rate = 0.25
        let started = Date()
        #expect(eventually(30) { player.currentTime().seconds >= 1.85 })
        // 1.85 s of the clip at a quarter speed takes 7.4 s; a machine can only make it longer. (The rate set
        // before the pipeline had prerolled used to be dropped: it played at 1.)
        #expect(Date().timeIntervalSince(started) >= 6, "reached 1.85 s of the clip after \(Date().timeIntervalSince(started)) s")
        player.pause()
        let held = player.currentTime().seconds
        #expect(held >= 1.85 && held < 59.0 / 30, "paused at \(held)")
        Thread.sleep(forTimeInterval: 1)
        #expect(log.ends.isEmpty, "ended while paused at \(held)")
        #expect(abs(player.currentTime().seconds - held) < 0.002)
        player.play()
        #expect(eventually(10) { log.ends.count == 1 })
        #expect(abs((log.ends.first?.currentTime ?? 0) - 59.0 / 30) < 0.002, "\(log.ends.map(\.currentTime))")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }
}
}
