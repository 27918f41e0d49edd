import Foundation
import StrataCore

/// Content scrolled by whole pixels inside a clip, moved on the framebuffer instead of drawn again: the
/// pixels of `source` (target pixels, +y down) are copied `dx`, `dy` further, and only what the copy cannot
/// make right is repainted (the strip the scroll uncovers, what changed or moved otherwise). Compositors
/// did this before they composited layers (X11's CopyArea, GTK's pixel cache); on a software rasteriser a
/// list of settings flung at 1280×800 repaints a strip a frame instead of the whole list.
public struct ScrollCopy: Equatable, Sendable {
    public let source: PixelRect
    public let dx: Int, dy: Int
    public var destination: PixelRect { PixelRect(x: source.x + dx, y: source.y + dy, width: source.width, height: source.height) }
}

/// What `ScrollCopy.find` compares: one frame's list as the damage tracker keeps it.
struct DamageFrame {
    var commands: [DrawCommand] = []
    var keys: [Int] = []
    var effects: [PixelRect] = []
    var groupEnd: [Int] = []
    var clipOrigins: [Int: ClipOrigin] = [:]
}

extension ScrollCopy {
    /// A copy worth making: the repaint it leaves is at most this fraction of the clip.
    static let worthwhile = 0.6

    /// The scroll between `old` (what the framebuffer holds) and `new`: a scissor clip of the same layer at
    /// the same place whose space moved by whole pixels, everything beneath it inside the clip one colour
    /// (fills covering it), and nothing around it but clips that hold it. Returns the copy, the region to
    /// repaint after it, and the region that changed (the whole clip, and what changed elsewhere). nil when
    /// there is no such clip, or when the copy would save little.
    static func find(old: DamageFrame, new: DamageFrame) -> (copy: ScrollCopy, repaint: DamageRegion, changed: DamageRegion)? {
        for i in new.clipOrigins.keys.sorted() {
            guard let origin = new.clipOrigins[i], i < new.commands.count, case .beginClip(let clip) = new.commands[i],
                  new.groupEnd[i] > i, !clip.isEmpty,
                  let j = old.clipOrigins.first(where: { $0.value.layer == origin.layer })?.key, j < old.commands.count,
                  case .beginClip(clip) = old.commands[j], old.groupEnd[j] > j,
                  let (dx, dy) = wholeShift(origin, old.clipOrigins[j]), dx != 0 || dy != 0,
                  abs(dx) < clip.width, abs(dy) < clip.height,
                  isOpenToScroll(old, clip: clip, at: j), isOpenToScroll(new, clip: clip, at: i),
                  let found = plan(old: old, new: new, clip: clip, at: (j, i), dx: dx, dy: dy)
            else { continue }
            return found
        }
        return nil
    }

    /// The whole-pixel move from `before` to `now`; nil when it is not whole.
    private static func wholeShift(_ now: ClipOrigin, _ before: ClipOrigin?) -> (Int, Int)? {
        guard let before else { return nil }
        let fx = now.x - before.x, fy = now.y - before.y
        guard fx.isFinite, fy.isFinite, abs(fx) < 1e6, abs(fy) < 1e6,
              abs(fx - fx.rounded()) < 1e-6, abs(fy - fy.rounded()) < 1e-6 else { return nil }
        return (Int(fx.rounded()), Int(fy.rounded()))
    }

    /// Whether the pixels inside `clip` before its `beginClip` at `at` are moved by a copy unchanged: every
    /// scope open there is a clip holding it (no offscreen group), and every drawing beneath that reaches
    /// into it is a fill covering all of it (one colour there, whatever moves).
    private static func isOpenToScroll(_ f: DamageFrame, clip: PixelRect, at: Int) -> Bool {
        for k in 0..<at {
            let reaches = f.effects[k].intersects(clip)
            switch f.commands[k] {
            case .beginClip(let outer):
                if f.groupEnd[k] > at, outer.intersection(clip) != clip { return false }
            case .endClip:
                break
            case .beginGroup:
                if f.groupEnd[k] > at { return false }
                if reaches { return false }
            case let .fill(m, rect, _, _, _):
                if reaches, !covers(m, rect, clip) { return false }
            default:
                if reaches { return false }
            }
        }
        return true
    }

    /// Whether `rect` under `m` (scale and translation only) covers `clip`: every pixel centre of the clip
    /// lies half a pixel or more inside it, where its coverage is whole (the edges fade outside them).
    private static func covers(_ m: Transform3D, _ rect: CGRect, _ clip: PixelRect) -> Bool {
        guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return false }
        let xs = [rect.minX * m.m11 + m.m41, rect.maxX * m.m11 + m.m41], ys = [rect.minY * m.m22 + m.m42, rect.maxY * m.m22 + m.m42]
        return min(xs[0], xs[1]) <= CGFloat(clip.x) && max(xs[0], xs[1]) >= CGFloat(clip.maxX)
            && min(ys[0], ys[1]) <= CGFloat(clip.y) && max(ys[0], ys[1]) >= CGFloat(clip.maxY)
    }

    /// The commands inside the clip that are drawn the same in both frames, the new ones moved back by `dx`,
    /// `dy`: a match in painter's order (each matched pair after the last), as long as it can be made. A
    /// command drawn at a place is looked for further on in the old list (rows out of the clip are not built,
    /// so the lists may start and end with different rows, and a row at the clip's edge may lack what lies
    /// outside it); one that only begins or ends a scope is the same wherever it is, and matches only the old
    /// command next in line. A scope counts as matched only with both its ends matched to one old scope's:
    /// what lies in an unmatched scope is repainted with its box.
    private static func match(old: DamageFrame, _ oldInside: Range<Int>, new: DamageFrame, _ newInside: Range<Int>,
                              dx: Int, dy: Int) -> (old: Set<Int>, new: Set<Int>) {
        func ownKey(_ command: DrawCommand) -> Int {
            var h = Hasher()
            DrawListAnalysis.combine(command, into: &h)
            return h.finalize()
        }
        var oldKeys: [Int] = []
        var oldPlaces: [Int: [Int]] = [:]
        for k in oldInside {
            let key = ownKey(old.commands[k])
            oldKeys.append(key)
            oldPlaces[key, default: []].append(k)
        }
        var pairs: [Int: Int] = [:] // new index → old index
        var next = oldInside.lowerBound
        for k in newInside where next < oldInside.upperBound {
            guard let key = RelativeGroupKey.shifted(new.commands[k], dx: CGFloat(-dx), dy: CGFloat(-dy)).map(ownKey) else { continue }
            if isPlaced(new.commands[k]) {
                guard let j = oldPlaces[key]?.first(where: { $0 >= next }) else { continue }
                pairs[k] = j
                next = j + 1
            } else if oldKeys[next - oldInside.lowerBound] == key {
                pairs[k] = next
                next += 1
            }
        }
        for k in newInside {
            guard new.groupEnd[k] > k, let j = pairs[k] else { continue }
            let end = new.groupEnd[k]
            if pairs[end] != old.groupEnd[j] || old.groupEnd[j] <= j {
                pairs[k] = nil
                pairs[end] = nil
            }
        }
        // An end whose begin is unmatched (or lies before the clip's content) is unmatched too.
        var ends = Set<Int>()
        for k in newInside where new.groupEnd[k] > k { ends.insert(new.groupEnd[k]) }
        for (k, _) in pairs where isScopeEnd(new.commands[k]) && !ends.contains(k) { pairs[k] = nil }
        for k in newInside where new.groupEnd[k] > k && pairs[k] == nil { pairs[new.groupEnd[k]] = nil }
        return (Set(pairs.values), Set(pairs.keys))
    }

    /// Whether the command ends a scope (a group of any kind, or a clip).
    private static func isScopeEnd(_ c: DrawCommand) -> Bool {
        switch c {
        case .endGroup, .endShadowGroup, .endClipGroup, .endMaskedGroups, .endTransitionGroups, .endClip, .endFilterGroup: return true
        default: return false
        }
    }

    /// Whether the command draws at a place of its own (not one that only begins or ends a scope).
    private static func isPlaced(_ c: DrawCommand) -> Bool {
        switch c {
        case .fill, .shape, .image, .raster, .path, .content, .beginClip: return true
        default: return false
        }
    }

    private static func isClipEnd(_ c: DrawCommand) -> Bool {
        if case .endClip = c { return true }
        return false
    }

    /// The copy and its repaint for the clip at `at` (old, new) scrolled by `dx`, `dy`.
    private static func plan(old: DamageFrame, new: DamageFrame, clip: PixelRect, at: (old: Int, new: Int), dx: Int, dy: Int)
        -> (copy: ScrollCopy, repaint: DamageRegion, changed: DamageRegion)? {
        let oldEnd = old.groupEnd[at.old], newEnd = new.groupEnd[at.new]
        // Outside the clip: the usual comparison, the clip's content standing as one equal entry.
        let outside = DamageTracker.damage(
            oldKeys: Array(old.keys[...at.old]) + [0] + Array(old.keys[oldEnd...]),
            oldEffects: Array(old.effects[...at.old]) + [.empty] + Array(old.effects[oldEnd...]),
            newKeys: Array(new.keys[...at.new]) + [0] + Array(new.keys[newEnd...]),
            newEffects: Array(new.effects[...at.new]) + [.empty] + Array(new.effects[newEnd...]))
        var repaint = outside
        func moved(_ r: PixelRect) -> PixelRect { PixelRect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height) }
        // Inside: the new drawing moved back should match the old one.
        let oldInside = (at.old + 1)..<oldEnd, newInside = (at.new + 1)..<newEnd
        let (matchedOld, matchedNew) = match(old: old, oldInside, new: new, newInside, dx: dx, dy: dy)
        for k in oldInside where !matchedOld.contains(k) { repaint.add(moved(old.effects[k]).intersection(clip)) }
        for k in newInside where !matchedNew.contains(k) { repaint.add(new.effects[k].intersection(clip)) }
        // Drawing over the clip was moved with it: repainted where it was moved to and where it is. (The ends of
        // clips around it draw nothing.)
        for k in oldEnd..<old.commands.count where old.effects[k].intersects(clip) && !isClipEnd(old.commands[k]) {
            repaint.add(moved(old.effects[k]).intersection(clip))
        }
        for k in newEnd..<new.commands.count where new.effects[k].intersects(clip) && !isClipEnd(new.commands[k]) {
            repaint.add(new.effects[k].intersection(clip))
        }
        // The strips the copy uncovers: what comes into view.
        let source = clip.intersection(PixelRect(x: clip.x - dx, y: clip.y - dy, width: clip.width, height: clip.height))
        let landed = moved(source)
        if dy > 0 { repaint.add(PixelRect(x: clip.x, y: clip.y, width: clip.width, height: dy)) }
        if dy < 0 { repaint.add(PixelRect(x: clip.x, y: landed.maxY, width: clip.width, height: clip.maxY - landed.maxY)) }
        if dx > 0 { repaint.add(PixelRect(x: clip.x, y: clip.y, width: dx, height: clip.height)) }
        if dx < 0 { repaint.add(PixelRect(x: landed.maxX, y: clip.y, width: clip.maxX - landed.maxX, height: clip.height)) }
        guard Double(repaint.area) <= Self.worthwhile * Double(clip.area) else { return nil }
        var changed = outside
        changed.add(clip)
        return (ScrollCopy(source: source, dx: dx, dy: dy), repaint, changed)
    }
}
