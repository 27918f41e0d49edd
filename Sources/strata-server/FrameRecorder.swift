import Foundation
import StrataServer
import Logging
import StrataDisplay
import StrataPNG
import StrataProtocol

/// `record-frames`: writes each presented frame, read back from its output, to a PNG in a directory, and
/// a line naming it, its target time and when it was drawn to `frames.jsonl` there. Runs on the frame thread (the frame's GL
/// context is current), so it costs frame time: for tests and for looking at an animation frame by frame.
final class FrameRecorder: FrameRecording {
    private let directory: URL
    private let limit: Int
    private let logger: Logger
    private let index: FileHandle
    private var written = 0
    private var stopped = false

    init(directory path: String, limit: Int, logger: Logger) throws {
        directory = URL(fileURLWithPath: path, isDirectory: true)
        self.limit = limit
        self.logger = logger
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let indexURL = directory.appendingPathComponent("frames.jsonl")
            // An empty index to append to; a file that cannot be made makes the FileHandle below throw.
            _ = FileManager.default.createFile(atPath: indexURL.path, contents: nil)
            index = try FileHandle(forWritingTo: indexURL)
        } catch {
            throw RecorderError(message: "record-frames: cannot write to \(path): \(error.localizedDescription)")
        }
        logger.info("recording frames", metadata: ["directory": "\(directory.path)", "limit": "\(limit)"])
    }

    struct RecorderError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Writes the frame `display` shows for `targetTime`. A failure is logged once and stops recording;
    /// the server goes on.
    func record(_ display: DisplayBackend, at targetTime: Double) {
        guard !stopped else { return }
        guard written < limit else {
            stopped = true
            logger.notice("record-frames: limit reached, no more frames recorded", metadata: ["limit": "\(limit)"])
            return
        }
        written += 1
        let name = String(format: "frame-%06d.png", written)
        do {
            let shot = try display.readPixels()
            try PNGCodec.write(RGBAImage(width: shot.width, height: shot.height, pixels: shot.pixels, isPremultiplied: true),
                               path: directory.appendingPathComponent(name).path)
            // When it was drawn on the monotonic clock: on a loaded machine later than its vblank, and what a
            // client that waits for the server to take a frame can be judged against.
            let line: [String: Any] = ["frame": written, "output": display.name, "target_time": targetTime, "drawn_at": MonotonicClock.now(),
                                       "file": name]
            var data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
            data.append(0x0A)
            try index.write(contentsOf: data)
        } catch {
            stopped = true
            logger.error("record-frames: cannot record a frame; recording stops", metadata: ["error": "\(error)"])
        }
    }
}
