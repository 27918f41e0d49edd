import Foundation

/// `strata-demo animate`: recorded frames → an APNG (and a still). A frame becomes the rectangle of
/// pixels that changed since the one before, with the unchanged pixels inside it transparent, so the
/// file holds little more than what moves.
struct AnimateCommand {
    var directory: String
    var from: Double
    var duration: Double
    var out: String
    var still: String?
    var stillAt: Double = 0
    /// The screen's speed while it was recorded: the recording spans `duration / speed` seconds.
    var speed: Double = 1
    /// The most frames a second the animation shows (recorded frames closer together are skipped).
    var fps: Double = 25

    init(_ arguments: [String]) throws {
        let options = try OptionReader(arguments, flags: ["--from", "--duration", "--out", "--still", "--still-at", "--speed", "--fps"])
        guard options.positional.count == 1, let out = options.string("--out"),
              let from = try options.seconds("--from"), let duration = try options.seconds("--duration", minimum: 0.05) else {
            throw DemoError("usage: strata-demo animate FRAMES_DIR --from T --duration S --out FILE.png [--still FILE.png --still-at S]")
        }
        directory = options.positional[0]
        self.from = from
        self.duration = duration
        self.out = out
        still = options.string("--still")
        stillAt = try options.seconds("--still-at") ?? 0
        speed = try options.seconds("--speed", minimum: 0.01) ?? 1
        fps = try options.seconds("--fps", minimum: 1) ?? 25
    }

    /// The recorded frames to show, each with its time in the animation (seconds from `from`, at
    /// `speed` 1): for each step of 1/`fps` in [0, duration), the frame drawn for the nearest time (a
    /// frame nearest to two steps shows once, for both).
    func pick(_ recorded: [RecordedFrame]) -> [(frame: RecordedFrame, time: Double)] {
        let timed = recorded.map { (frame: $0, time: ($0.targetTime - from) * speed) }.filter { $0.time >= -0.001 && $0.time < duration - 0.001 }
        var picked: [(frame: RecordedFrame, time: Double)] = []
        for step in 0..<Int((duration * fps).rounded(.up)) {
            let t = Double(step) / fps
            guard let nearest = timed.min(by: { abs($0.time - t) < abs($1.time - t) }) else { break }
            if let last = picked.last, last.time >= nearest.time { continue }
            picked.append(nearest)
        }
        return picked
    }

    func run() throws {
        let all = try RecordedFrames.read(directory: directory)
        let frames = pick(all)
        guard let first = frames.first?.frame else {
            throw DemoError("no recorded frame from \(from) on (\(all.count) recorded, \(all.first?.targetTime ?? 0) to \(all.last?.targetTime ?? 0))")
        }
        var canvas = try PNGPixels(path: first.path)
        var writer = APNGWriter(width: canvas.width, height: canvas.height)
        // Each frame shows until the next one's time, the last until the first comes round again; times are
        // rounded to milliseconds first, so the rounding errors do not add up.
        for (index, (frame, time)) in frames.enumerated() {
            let next = index + 1 < frames.count ? frames[index + 1].time : frames[0].time + duration
            let milliseconds = Int((next * 1000).rounded()) - Int((time * 1000).rounded())
            if index == 0 {
                writer.add(.init(x: 0, y: 0, width: canvas.width, height: canvas.height, rgba: canvas.rgba, over: false, milliseconds: milliseconds))
                continue
            }
            let pixels = try PNGPixels(path: frame.path)
            guard pixels.width == canvas.width, pixels.height == canvas.height else { throw DemoError("\(frame.path): another size") }
            if let change = Self.change(from: canvas, to: pixels, milliseconds: milliseconds) {
                writer.add(change)
            } else {
                writer.extendLast(by: milliseconds)
            }
            canvas = pixels
        }
        try writer.write(to: out)
        let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        print("wrote \(out): \(writer.frames.count) frames over \(String(format: "%.2f", duration)) s (\(all.count) recorded at speed \(speed)), \(canvas.width)x\(canvas.height), \(size) bytes")
        if let still {
            // The recorded frame nearest the still's time, as it was written.
            guard let shot = frames.min(by: { abs($0.time - stillAt) < abs($1.time - stillAt) }) else { return }
            if FileManager.default.fileExists(atPath: still) { try FileManager.default.removeItem(atPath: still) }
            try FileManager.default.copyItem(atPath: shot.frame.path, toPath: still)
            print("wrote \(still): the frame at \(String(format: "%.2f", shot.time)) s")
        }
    }

    /// The rectangle of pixels that differ between two frames, unchanged ones transparent; nil if none do.
    static func change(from old: PNGPixels, to new: PNGPixels, milliseconds: Int) -> APNGWriter.Frame? {
        let w = old.width, h = old.height
        var minX = w, minY = h, maxX = -1, maxY = -1
        old.rgba.withUnsafeBytes { a in
            new.rgba.withUnsafeBytes { b in
                let pa = a.bindMemory(to: UInt32.self), pb = b.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w where pa[row + x] != pb[row + x] {
                        minX = min(minX, x); maxX = max(maxX, x)
                        minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        guard maxX >= 0 else { return nil }
        let rw = maxX - minX + 1, rh = maxY - minY + 1
        var rgba = [UInt8](repeating: 0, count: rw * rh * 4)
        var opaque = true
        for y in 0..<rh {
            for x in 0..<rw {
                let s = ((minY + y) * w + minX + x) * 4
                let changed = old.rgba[s] != new.rgba[s] || old.rgba[s + 1] != new.rgba[s + 1] || old.rgba[s + 2] != new.rgba[s + 2]
                    || old.rgba[s + 3] != new.rgba[s + 3]
                guard changed else { continue }
                let d = (y * rw + x) * 4
                for k in 0..<4 { rgba[d + k] = new.rgba[s + k] }
                if new.rgba[s + 3] != 255 { opaque = false }
            }
        }
        if !opaque {
            // A changed pixel that is not opaque cannot be drawn over the canvas: the whole rectangle is copied.
            for y in 0..<rh {
                let s = ((minY + y) * w + minX) * 4
                rgba.replaceSubrange((y * rw * 4)..<((y + 1) * rw * 4), with: new.rgba[s..<(s + rw * 4)])
            }
        }
        return .init(x: minX, y: minY, width: rw, height: rh, rgba: rgba, over: opaque, milliseconds: milliseconds)
    }
}
