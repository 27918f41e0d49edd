import Foundation
@testable import Strata
import StrataAVFoundation
import StrataCore
import StrataPNG
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// Issue 33: video in a layer over a real server (docs/video.md), with clips the tests encode themselves
/// (`VideoFixtures`: each frame shows its index as a code).
@Suite struct VideoPlayerTests {
    init() { setenv("STRATA_AUDIO_SINK", "fakesink sync=true", 1) }

    /// A 128×64 screen with an AVPlayerLayer filling it, stretched (`.resize`: one video pixel a screen pixel).
    static func playerLayer(_ connection: StrataConnection, _ player: AVPlayer) -> AVPlayerLayer {
        let layer = AVPlayerLayer(player: player)
        layer.frame = CGRect(x: 0, y: 0, width: VideoFixtures.width, height: VideoFixtures.height)
        layer.videoGravity = .resize
        connection.attach(layer)
        CATransaction.flush()
        return layer
    }

    static func shownCode(_ server: ServerProcess) -> Int? {
        guard let shot = try? server.snapshot(), shot.width == VideoFixtures.width else { return nil }
        return VideoFixtures.code(in: shot.pixels, width: shot.width, x: 0, y: 0)
    }

    /// 10 s of a 30 fps clip on a 60 Hz output, while the app's thread sleeps: every frame the server
    /// presented shows the video frame its time calls for (within one frame), in order, each frame shown,
    /// none dropped, and each repeated once (the vblank between two frames), no other.
    /// On the wall clock: video decodes and is paced in real time (the virtual clock does not step it).
    @Test func eachFrameShowsAtTheVBlankItsTimeCallsFor() throws {
        let clip = try VideoFixtures.clip(frames: 300)
        let recording = try FrameRecordingServer(size: "128x64", frameLimit: 800)
        defer { recording.finish() }
        let (server, dir) = (recording.server, recording.directory)
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let player = AVPlayer(url: clip)
        let layer = Self.playerLayer(connection, player)
        #expect(eventually { player.currentItem?.status == .readyToPlay })
        #expect(eventually { Self.shownCode(server) == 0 })
        #expect(layer.isReadyForDisplay)
        player.play()
        Thread.sleep(forTimeInterval: 10.4) // the app's thread sleeps: playback goes on without it
        // The clip's end comes in real time; a loaded machine may reach it a little late (not a bound on speed).
        #expect(eventually(20) { player.currentTime().seconds > 9.9 })
        let drawables = try #require(try server.stats()["drawables"] as? [String: Any])
        _ = server.stop()
        let shownCount = try #require(drawables["frames_shown"] as? Int)
        // A frame may be passed over where the machine stalls the server past a vblank (a loaded CI machine):
        // at most 5 % of them, each counted. Measured: up to 4 (1.3 %) in a whole-suite run on 2 cores, with
        // other suites running beside this one (flake hunt, 2026-12-06).
        let dropped = drawables["frames_dropped"] as? Int ?? 0
        #expect(dropped <= 15, "\(drawables)")
        // The preroll and the first playing frame are not a stream's repeats; every later frame follows one
        // shown a vblank before it was due.
        #expect(abs((drawables["frames_repeated"] as? Int ?? 0) - (shownCount - 2)) <= 2 + 2 * dropped, "\(drawables)")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")

        let shown = try Self.recorded(dir)
        let playing = shown.filter { $0.code >= 1 }
        #expect(playing.count >= 290, "\(playing.count) frames presented while playing")
        #expect(playing.map(\.code) == playing.map(\.code).sorted(), "codes in order: \(playing.map(\.code))")
        // Each frame's offset from its nominal time (code / 30) is one constant within a frame: the clock.
        let offsets = playing.map { $0.time - Double($0.code) / 30 }.sorted()
        let base = offsets.isEmpty ? 0 : offsets[offsets.count / 2]
        for f in playing {
            let error = f.time - Double(f.code) / 30 - base
            #expect(abs(error) <= 1.0 / 30 + 0.002, "frame \(f.code) at \(f.time): \(error * 1000) ms off")
        }
        let codes = Set(playing.map(\.code))
        let missing = Set(1...298).subtracting(codes)
        #expect(missing.count <= dropped, "frames never shown: \(missing.sorted()), \(dropped) counted as dropped")
    }

    /// Reads `--record-frames`' output: each presented frame's code and target time.
    static func recorded(_ dir: URL) throws -> [(code: Int, time: Double, drawnAt: Double)] {
        let lines = try String(contentsOf: dir.appendingPathComponent("frames.jsonl"), encoding: .utf8).split(separator: "\n")
        var shown: [(code: Int, time: Double, drawnAt: Double)] = []
        for line in lines {
            guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let file = o["file"] as? String, let time = o["target_time"] as? Double, let drawnAt = o["drawn_at"] as? Double else { continue }
            let image = try PNGCodec.read(path: dir.appendingPathComponent(file).path)
            shown.append((VideoFixtures.code(in: image.pixels, width: image.width, x: 0, y: 0), time, drawnAt))
        }
        return shown
    }

    /// A 15-frame clip looped by AVPlayerLooper: frame 0 follows frame 14 one frame time later, loop after
    /// loop, on one timeline (no gap, no repeat beyond the display's own).
    @Test func aLoopShowsNoGap() throws {
        let clip = try VideoFixtures.clip(frames: 15)
        let recording = try FrameRecordingServer(size: "128x64", frameLimit: 400)
        defer { recording.finish() }
        let (server, dir) = (recording.server, recording.directory)
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let player = AVQueuePlayer()
        let looper = AVPlayerLooper(player: player, templateItem: AVPlayerItem(url: clip))
        _ = Self.playerLayer(connection, player)
        #expect(eventually { Self.shownCode(server) == 0 })
        player.play()
        Thread.sleep(forTimeInterval: 2.2)
        #expect(looper.loopCount >= 3, "\(looper.loopCount) loops")
        _ = server.stop()
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
        // Unwrapped: each time the code falls, a loop began.
        let shown = try Self.recorded(dir).drop { $0.code == 0 }
        var loops = 0, previous = -1
        var timeline: [(index: Int, time: Double)] = []
        for f in shown {
            if f.code < previous { loops += 1 }
            previous = f.code
            timeline.append((loops * 15 + f.code, f.time))
        }
        #expect(loops >= 3, "\(loops) loops shown")
        let offsets = timeline.map { $0.time - Double($0.index) / 30 }.sorted()
        let base = offsets.isEmpty ? 0 : offsets[offsets.count / 2]
        for f in timeline {
            let error = f.time - Double(f.index) / 30 - base
            #expect(abs(error) <= 1.0 / 30 + 0.002, "frame \(f.index) (\(f.index % 15) of loop \(f.index / 15)) at \(f.time): \(error * 1000) ms off")
        }
    }

    /// Seek 004's D21 (a movie in a layer filling its container) and D22 (the same layer in 3D perspective with
    /// rounded, clipped corners and a red border), paused at frame 30 by an accurate seek: golden images.
    @Test func d21AndD22ShowTheMovieAsTheSeedDraws() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let server = try ServerProcess(size: "160x120")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let containerView = CALayer()
        containerView.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        containerView.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        connection.attach(containerView)
        // D21: get video URL, create player and player layer, set its frame, add it, play.
        let player = AVPlayer(url: clip)
        let playerLayer = AVPlayerLayer(player: player)
        playerLayer.frame = containerView.bounds
        containerView.addSublayer(playerLayer)
        CATransaction.flush()
        player.seek(to: CMTime(value: 61, timescale: 60), toleranceBefore: .zero, toleranceAfter: .zero)
        var shot = try server.snapshot()
        // Aspect kept: 128x64 fills the width (160x80), centred: rows 20…99; the container's white above.
        #expect(eventually {
            shot = (try? server.snapshot()) ?? shot
            let band = pixel(shot.pixels, width: 160, 10, 90).channels
            return pixel(shot.pixels, width: 160, 80, 10) == [255, 255, 255, 255] && band[0] > 200 && band[1] < 60 && band[2] < 60
        })
        #expect(eventually { playerLayer.videoRect == CGRect(x: 0, y: 20, width: 160, height: 80) }, "\(playerLayer.videoRect)")
        Thread.sleep(forTimeInterval: 0.2)
        shot = try server.snapshot()
        try GLGolden.expectMatches(shot, "d21-frame30.png")

        // D22: transform with perspective, rotated about (1, 1, 0); rounded corners, clipped; red border.
        var transform = CATransform3DIdentity
        transform.m34 = -1.0 / 500.0
        transform = CATransform3DRotate(transform, .pi / 4, 1, 1, 0)
        playerLayer.transform = transform
        playerLayer.masksToBounds = true
        playerLayer.cornerRadius = 20.0
        playerLayer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        playerLayer.borderWidth = 5.0
        CATransaction.flush()
        Thread.sleep(forTimeInterval: 0.5)
        shot = try server.snapshot()
        try GLGolden.expectMatches(shot, "d22-frame30.png")
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    /// Paused, a seek with zero tolerance shows exactly the frame whose time span holds the time asked for.
    @Test func aSeekWithZeroToleranceLandsOnTheFrame() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let server = try ServerProcess(size: "128x64")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let player = AVPlayer(url: clip)
        _ = Self.playerLayer(connection, player)
        #expect(eventually { Self.shownCode(server) == 0 })
        for frame in [45, 10, 59, 23] {
            // Halfway into the frame's 1/30 s.
            player.seek(to: CMTime(value: Int64(frame * 2 + 1), timescale: 60), toleranceBefore: .zero, toleranceAfter: .zero)
            #expect(eventually { Self.shownCode(server) == frame }, "seeking to frame \(frame) shows \(Self.shownCode(server) ?? -1)")
            // The time is the one sought to (the shown frame's span holds it), as AVFoundation reports it.
            #expect(eventually { abs(player.currentTime().seconds - Double(frame * 2 + 1) / 60) < 0.002 }, "current time \(player.currentTime().seconds)")
        }
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }

    /// A missing file, a truncated one, a file that is not video and one in a codec no decoder is installed
    /// for each fail their item with the reason; the session and the server go on.
    @Test func badFilesFailTheirItemWithTheCauseNamed() throws {
        let clip = try VideoFixtures.clip(frames: 60)
        let truncated = VideoFixtures.directory.appendingPathComponent("truncated.mp4")
        let data = try Data(contentsOf: clip)
        try data.prefix(data.count / 3).write(to: truncated)
        let text = VideoFixtures.directory.appendingPathComponent("notes.mp4")
        try Data(String(repeating: "not a video at all\n", count: 200).utf8).write(to: text)
        let server = try ServerProcess(size: "128x64")
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let cases: [(URL, [String])] = [
            (URL(fileURLWithPath: "/nonexistent/film.mp4"), ["not found", "No such file"]),
            (truncated, ["no playable streams", "incomplete", "Internal data stream error", "could be decoded within"]),
            (text, ["Could not determine type of stream", "This appears to be a text file"]),
            (try VideoFixtures.unsupportedCodec(), ["Missing decoder: video/x-unknown"]),
        ]
        for (url, reasons) in cases {
            let player = AVPlayer(url: url)
            _ = Self.playerLayer(connection, player)
            player.play()
            #expect(eventually(10) { player.currentItem?.status == .failed }, "\(url.lastPathComponent): \(String(describing: player.currentItem?.status))")
            let message = player.currentItem?.error?.localizedDescription ?? ""
            #expect(reasons.contains { message.contains($0) }, "\(url.lastPathComponent): \(message)")
        }
        #expect(server.process.isRunning)
        #expect(errors.reasons.isEmpty, "\(errors.reasons)")
    }
}
}
