import Foundation
import StrataCore

/// Finds what changed on screen between frames by comparing draw lists, so a frame repaints only that.
///
/// Each command has a key that covers its values and every group around it (`DrawListAnalysis`). The
/// two lists are aligned: their common start and common end match, and when what lies between has the
/// same length in both, it is matched position by position. A pixel that no unmatched command (old or
/// new) can change sees the same commands in the same order in both frames, so it is unchanged. The
/// damage is the region the unmatched commands' effects cover (`DamageRegion`: a few rectangles, so two
/// changes far apart do not repaint everything between them).
///
/// Framebuffers that are reused (KMS swaps two or three) hold older frames: a buffer `age` frames old
/// needs the damage of the last `age` frames. Age 0 means its contents are unknown: repaint everything.
public struct DamageTracker {
    private var previous = DamageFrame()
    private var previousClear: Color?
    private var previousTarget: PixelRect?
    /// Damage of the most recent frames, oldest first.
    private var history: [DamageRegion] = []
    static let historyLength = 8

    public init() {}

    /// Forgets the previous frames: the next plan repaints everything (after a failed frame, say).
    public mutating func invalidate() {
        previousTarget = nil
        history.removeAll()
    }

    /// The plan for drawing `list` into a framebuffer that holds the frame drawn `bufferAge` frames ago.
    /// `copies`: whether the frame may move content scrolled by whole pixels on the framebuffer instead of
    /// drawing it again (`ScrollCopy`): the renderer draws it unturned, into a buffer holding the last frame.
    /// `keptBackdrop`: whether the renderer keeps the filtered backdrop of a key (`BackdropCache`): such a
    /// backdrop reads nothing this frame, so a repaint touching it need not take all it reads.
    public mutating func plan(_ list: DrawList, width: Int, height: Int, bufferAge: Int, copies: Bool = false,
                              keptBackdrop: (Int) -> Bool = { _ in false }) -> FramePlan {
        let target = PixelRect(x: 0, y: 0, width: width, height: height)
        let analysis = DrawListAnalysis(list, target: target)
        // The commands are kept only where a later frame may look for a scroll in them: holding them makes the
        // builder's next `removeAll` allocate a new array rather than reuse this one.
        let scrollable = copies && !list.clipOrigins.isEmpty
        let current = DamageFrame(commands: scrollable ? list.commands : [], keys: analysis.keys, effects: analysis.effects,
                                  groupEnd: analysis.groupEnd, clipOrigins: list.clipOrigins)
        var damage: DamageRegion
        var scroll: (copy: ScrollCopy, repaint: DamageRegion, changed: DamageRegion)?
        if previousTarget != target || previousClear != list.clearColor || !analysis.balanced {
            damage = DamageRegion(target)
        } else {
            damage = Self.damage(oldKeys: previous.keys, oldEffects: previous.effects, newKeys: analysis.keys, newEffects: analysis.effects)
            if copies, bufferAge == 1, !list.clipOrigins.isEmpty, damage.area * 4 > target.area {
                scroll = ScrollCopy.find(old: previous, new: current)
                if let scroll { damage = scroll.changed }
            }
        }
        previous = current
        previousClear = list.clearColor
        previousTarget = target
        // The same picture again: no buffer is drawn or swapped, so the history (by buffer age) stays.
        if damage.isEmpty { return FramePlan(region: DamageRegion(), analysis: analysis, unchanged: true) }
        history.append(damage)
        if history.count > Self.historyLength { history.removeFirst() }
        if let scroll {
            return FramePlan(region: Self.coveringBackdrops(scroll.repaint.intersection(target), analysis, kept: keptBackdrop), analysis: analysis,
                             copy: scroll.copy)
        }
        var repaint = DamageRegion()
        if bufferAge < 1 || bufferAge > history.count {
            repaint = DamageRegion(target)
        } else {
            for d in history.suffix(bufferAge) { repaint.add(d) }
        }
        return FramePlan(region: Self.coveringBackdrops(repaint.intersection(target), analysis, kept: keptBackdrop), analysis: analysis)
    }

    /// `region`, or, where it touches what a backdrop (`backgroundFilters`) reads, one rectangle holding it and
    /// all that backdrop reads (and so on for the backdrops that takes in): a backdrop filters what was drawn beneath
    /// it this frame, and what the framebuffer holds around a repaint is the last frame's final picture,
    /// the frosted panel itself.
    /// A backdrop kept by the renderer for its key (`kept`) reads nothing and takes no part.
    static func coveringBackdrops(_ region: DamageRegion, _ a: DrawListAnalysis, kept: (Int) -> Bool = { _ in false }) -> DamageRegion {
        let reading = a.backdrops.filter { b in b.key.map { !kept($0) } ?? true }
        guard reading.contains(where: { b in region.rects.contains { $0.intersects(b.reads) } }) else { return region }
        var bounds = region.bounds
        var grew = true
        while grew {
            grew = false
            for b in reading where b.reads.intersects(bounds) && b.reads.union(bounds) != bounds {
                bounds = bounds.union(b.reads)
                grew = true
            }
        }
        return DamageRegion(bounds)
    }

    /// The region the effects of the commands not matched between the two lists cover.
    static func damage(oldKeys: [Int], oldEffects: [PixelRect], newKeys: [Int], newEffects: [PixelRect]) -> DamageRegion {
        var start = 0
        while start < oldKeys.count, start < newKeys.count, oldKeys[start] == newKeys[start] { start += 1 }
        var oldEnd = oldKeys.count, newEnd = newKeys.count
        while oldEnd > start, newEnd > start, oldKeys[oldEnd - 1] == newKeys[newEnd - 1] { oldEnd -= 1; newEnd -= 1 }
        // Between them, the commands are matched in painter's order: each new one with the next old one of its
        // key within `matchWindow` (skipped old ones are unmatched). A row placed among the others (a table's
        // new cell in its subviews' order) then damages its own box, not everything after it up to a scroll
        // indicator that moved at the end. A pixel no unmatched command touches is drawn by the same commands
        // in the same order in both lists.
        var region = DamageRegion()
        var next = start
        for i in start..<newEnd {
            let limit = min(oldEnd, next + Self.matchWindow)
            guard let j = (next..<limit).first(where: { oldKeys[$0] == newKeys[i] }) else {
                region.add(newEffects[i])
                continue
            }
            for skipped in next..<j { region.add(oldEffects[skipped]) }
            next = j + 1
        }
        for k in next..<oldEnd { region.add(oldEffects[k]) }
        return region
    }

    /// How far ahead in the old list a new command's key is looked for (a bound on the comparison's cost).
    static let matchWindow = 64
}
