import Foundation

/// The frames `strata-server --record-frames DIR` wrote: `DIR/frames.jsonl` names each PNG and the
/// time (media time, the clients' `CACurrentMediaTime()` clock) the frame was drawn for.
struct RecordedFrame {
    let path: String
    let targetTime: Double
}

enum RecordedFrames {
    static func read(directory: String) throws -> [RecordedFrame] {
        let index = URL(fileURLWithPath: directory).appendingPathComponent("frames.jsonl")
        guard let data = FileManager.default.contents(atPath: index.path) else { throw DemoError("cannot read \(index.path)") }
        var frames: [RecordedFrame] = []
        for line in data.split(separator: 0x0A) where !line.isEmpty {
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let file = object["file"] as? String, !file.contains("/"),
                  let time = (object["target_time"] as? NSNumber)?.doubleValue, time.isFinite else {
                throw DemoError("\(index.path): a line without a file and a target time")
            }
            frames.append(RecordedFrame(path: URL(fileURLWithPath: directory).appendingPathComponent(file).path, targetTime: time))
        }
        return frames.sorted { $0.targetTime < $1.targetTime }
    }
}
