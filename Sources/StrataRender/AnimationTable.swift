import CStrataGL
import Foundation
import StrataCore

/// The animations the GPU path evaluates, resident on the GPU: one `GPUAnimationRecord` per row of an
/// RGBA32F texture that `animation.glsl` reads (`u_records`). Rows are given out when an animation is
/// added and reused when it goes; only changed rows are uploaded. Times are stored relative to `epoch`
/// (single precision would lose milliseconds against the monotonic clock's hours since boot), which moves
/// forward when frame times drift more than `epochSpan` seconds past it: every record is packed again
/// then. GL thread only.
public final class AnimationTable {
    /// Seconds frame times may run past the epoch before it moves (float time resolution at 1024 s is
    /// 0.12 ms, well under a frame).
    public static let epochSpan = 1024.0

    public private(set) var epoch: Double
    public private(set) var texture: GLuint = 0
    /// Records the texture holds now (it grows by doubling).
    public private(set) var capacity = 0
    /// Each row's animation (with its group, for a group's child) and the epoch its times are packed
    /// against (nil: the table's, whatever it is when packed).
    private var specs: [(spec: AnimationSpec, group: AnimationSpec?, epoch: Double?)?] = []
    /// Each row's epoch (`specs[row].epoch`), apart: read at every build, where reading it through `specs`
    /// would copy the row's specs.
    private var rowEpochs: [Double?] = []
    private var freeRows: [Int32] = []
    private var dirty = IndexSet()
    private var reallocate = true
    /// Times the epoch moved (every record repacked).
    public private(set) var rebaseCount = 0

    public init(epoch: Double) {
        self.epoch = epoch
        glGenTextures(1, &texture)
    }

    deinit { glDeleteTextures(1, &texture) }

    /// Rows in use.
    public var count: Int { specs.count - freeRows.count }

    /// Adds `spec` (with `group`: one of that group's `groupChildren`) and returns its row, or nil when
    /// the GPU path does not evaluate it (the CPU does). Its times are packed relative to `epoch` (its
    /// layer's local time at the table's epoch, so that they stay small in single precision), or to the
    /// table's own epoch when nil.
    public func insert(_ spec: AnimationSpec, in group: AnimationSpec? = nil, epoch rowEpoch: Double? = nil) -> Int32? {
        // Whether the GPU evaluates this kind of animation at all (how far it begins from an epoch is the
        // caller's to check: `GPUAnimationRecord.begin`).
        guard GPUAnimationRecord(spec, in: group, epoch: (group ?? spec).timing.beginTime) != nil else { return nil }
        let row: Int32
        if let reused = freeRows.popLast() {
            row = reused
            specs[Int(row)] = (spec, group, rowEpoch)
            rowEpochs[Int(row)] = rowEpoch
        } else {
            row = Int32(specs.count)
            specs.append((spec, group, rowEpoch))
            rowEpochs.append(rowEpoch)
        }
        dirty.insert(Int(row))
        return row
    }

    /// The epoch `row` is packed against (nil: the table's).
    public func epoch(of row: Int32) -> Double? {
        guard row >= 0, Int(row) < rowEpochs.count else { return nil }
        return rowEpochs[Int(row)]
    }

    /// Packs `row` against `rowEpoch` from the next upload on.
    public func setEpoch(_ rowEpoch: Double, of row: Int32) {
        guard row >= 0, Int(row) < specs.count, specs[Int(row)] != nil else { return }
        specs[Int(row)]?.epoch = rowEpoch
        rowEpochs[Int(row)] = rowEpoch
        dirty.insert(Int(row))
    }

    /// Whether a frame at `time` lies too far from the epoch: `prepare` would move it (and every time
    /// measured from the old one would be stale).
    public func needsNewEpoch(for time: Double) -> Bool { time - epoch > Self.epochSpan || time < epoch }

    /// Moves the epoch to `time` when `needsNewEpoch`, repacking every record.
    public func moveEpochIfNeeded(for time: Double) {
        guard needsNewEpoch(for: time) else { return }
        epoch = time
        rebaseCount += 1
        dirty = IndexSet(integersIn: 0..<specs.count)
    }

    /// Frees `row` for a later animation.
    public func remove(_ row: Int32) {
        guard row >= 0, Int(row) < specs.count, specs[Int(row)] != nil else { return }
        specs[Int(row)] = nil
        rowEpochs[Int(row)] = nil
        freeRows.append(row)
    }

    /// Brings the texture up to date for a frame at `time`: moves the epoch first when `time` has run
    /// `epochSpan` past it, grows the texture when rows outgrew it, and uploads the rows that changed.
    /// Returns the time to give the shader (`time − epoch`).
    public func prepare(forTime time: Double) throws -> Float {
        moveEpochIfNeeded(for: time)
        let perLine = GPUAnimationRecord.recordsPerLine
        let width = GLsizei(GPUAnimationRecord.texelsPerRecord * perLine)
        if specs.count > capacity {
            var maxSize: GLint = 0
            glGetIntegerv(e(GL_MAX_TEXTURE_SIZE), &maxSize)
            let most = Int(maxSize) * perLine
            guard specs.count <= most else { throw GLError("\(specs.count) GPU animations exceed the texture's \(most) records") }
            capacity = min(most, max(64, capacity * 2, specs.count))
            capacity = (capacity + perLine - 1) / perLine * perLine
            reallocate = true
        }
        glBindTexture(e(GL_TEXTURE_2D), texture)
        if reallocate {
            glTexImage2D(e(GL_TEXTURE_2D), 0, GL_RGBA32F, width, GLsizei(capacity / perLine), 0, e(GL_RGBA), e(GL_FLOAT), nil)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(e(GL_TEXTURE_2D), e(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            dirty = IndexSet(integersIn: 0..<specs.count)
            reallocate = false
        }
        // Whole lines of records: a changed record's neighbours on its line are packed again with it.
        var lines = IndexSet()
        for range in dirty.rangeView { lines.insert(integersIn: range.lowerBound / perLine...(range.upperBound - 1) / perLine) }
        let blank = [Float](repeating: 0, count: GPUAnimationRecord.texelsPerRecord * 4)
        for range in lines.rangeView {
            let rows = range.lowerBound * perLine..<range.upperBound * perLine
            let floats = rows.flatMap { row in
                row < specs.count ? specs[row].flatMap { GPUAnimationRecord($0.spec, in: $0.group, epoch: $0.epoch ?? epoch)?.floats } ?? blank : blank
            }
            floats.withUnsafeBytes {
                glTexSubImage2D(e(GL_TEXTURE_2D), 0, 0, GLint(range.lowerBound), width, GLsizei(range.count), e(GL_RGBA), e(GL_FLOAT), $0.baseAddress)
            }
        }
        dirty = IndexSet()
        return Float(time - epoch)
    }
}
