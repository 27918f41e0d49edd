import Foundation
import StrataCore

/// What the renderer and the damage tracker need to know about a draw list's structure: where each
/// command draws, which command ends each group, how far a shadow's blur reaches, and a key per command
/// that is equal in two frames only when the command and every group around it are equal.
struct DrawListAnalysis {
    /// Per command, the pixels it can change in the target it draws into: a draw command's quad (plus
    /// the anti-aliasing margin); a group's begin and end, what the group's composite can change in its
    /// parent's target.
    var boxes: [PixelRect]
    /// Per command, the pixels it can change in the final image (its box grown by the blur of every
    /// shadow group around it).
    var effects: [PixelRect]
    /// Per beginGroup and beginClip, the index of the command that ends it (−1 elsewhere, or when the list
    /// is unbalanced).
    var groupEnd: [Int]
    /// Per beginGroup, how far beyond its parent's repaint region the group's content must be drawn: the
    /// blur reach of a shadow group, 0 otherwise.
    var reach: [Int]
    /// Per beginGroup, whether the group is the mask half of a masked pair (or the new appearance's half
    /// of a transition's pair): it ends together with the group around it, so it can only be skipped with it.
    var isMaskHalf: [Bool]
    /// Per beginGroup of a transition's pair (`endTransitionGroups`), the pixels it is drawn over whatever
    /// the repaint region: all its content, which the warp may sample anywhere; empty for other groups.
    var warpSource: [PixelRect]
    var keys: [Int]
    /// Per backdrop command (`backgroundFilters`): what it changes, and the pixels of its target it reads (its
    /// shape grown by its blur's reach). A repaint that touches the first must redraw all of the second first
    /// (`DamageTracker.coveringBackdrops`); a change anywhere in the second changes what it shows.
    var backdrops: [(box: PixelRect, reads: PixelRect, key: Int?)] = []
    /// Per backdrop command drawn into the target itself (not inside a group), by its index: a key of it and of
    /// every command beneath it within what it reads, equal in two frames only when the filtered backdrop is
    /// (`BackdropCache`). Lists with motion slots have none: what a slot moves is not in its key.
    var backdropKeys: [Int: Int] = [:]
    /// Whether every group is ended, in order.
    var balanced = true

    /// Pixels of anti-aliasing fade drawn outside a quad's rectangle, and rounding.
    static let margin = 2

    init(_ list: DrawList, target: PixelRect) {
        let commands = list.commands
        let n = commands.count
        boxes = [PixelRect](repeating: .empty, count: n)
        effects = boxes
        groupEnd = [Int](repeating: -1, count: n)
        reach = [Int](repeating: 0, count: n)
        isMaskHalf = [Bool](repeating: false, count: n)
        warpSource = boxes
        keys = [Int](repeating: 0, count: n)
        measure(commands, target: target, motion: list.motion != nil ? list.commandMotion : [])
        key(commands, target: target)
        if list.motion == nil { keyBackdrops(commands) }
    }

    /// First pass: boxes, group ends and blur reaches, innermost groups first. A group ended by the
    /// wrong kind of end (or not at all) makes the list unbalanced.
    /// A command that moves with a motion slot is placed by the GPU: it may cover the whole target.
    private mutating func measure(_ commands: [DrawCommand], target: PixelRect, motion: [MotionRef]) {
        var open: [(begin: Int, union: PixelRect, clip: PixelRect?)] = []
        func add(_ box: PixelRect) {
            if !open.isEmpty { open[open.count - 1].union = open[open.count - 1].union.union(box) }
        }
        func close(_ begin: Int, at end: Int, box: PixelRect) {
            boxes[begin] = box
            boxes[end] = box
            groupEnd[begin] = end
            add(box)
        }
        /// The innermost open group when it is an offscreen group (not a scissor clip).
        func popGroup() -> (begin: Int, union: PixelRect)? {
            guard let g = open.last, g.clip == nil else { return nil }
            open.removeLast()
            return (g.begin, g.union)
        }
        for (i, command) in commands.enumerated() {
            switch command {
            case .fill, .shape, .image, .raster:
                // The `?? target`s never apply: `drawnBox` measures every one of these.
                boxes[i] = i < motion.count && motion[i].slot >= 0 ? target : Self.drawnBox(command, within: target) ?? target
                add(boxes[i])
            case .path:
                boxes[i] = Self.drawnBox(command, within: target) ?? target
                add(boxes[i])
            case let .backdrop(m, rect, _, _, chain, _):
                boxes[i] = PixelRect.covering(rect, m, margin: Self.margin, within: target)
                backdrops.append((boxes[i], boxes[i].grown(by: chain.reach).intersection(target), nil))
                add(boxes[i])
            case .content(let c):
                boxes[i] = i < motion.count && motion[i].slot >= 0 ? target : c.box(within: target)
                add(boxes[i])
            case .beginGroup:
                open.append((i, .empty, nil))
            case .beginClip(let rect):
                open.append((i, .empty, rect))
            case .endClip:
                guard let g = open.last, let rect = g.clip else { balanced = false; continue }
                open.removeLast()
                close(g.begin, at: i, box: g.union.intersection(rect))
            case .endGroup:
                guard let g = popGroup() else { balanced = false; continue }
                close(g.begin, at: i, box: g.union)
            case let .endShadowGroup(_, _, sigma):
                guard let g = popGroup() else { balanced = false; continue }
                let r = ShadowKernel.drawnReach(sigma: sigma)
                reach[g.begin] = r
                close(g.begin, at: i, box: g.union.grown(by: r).intersection(target))
            case let .endFilterGroup(chain, _):
                guard let g = popGroup() else { balanced = false; continue }
                let r = chain.reach
                reach[g.begin] = r
                close(g.begin, at: i, box: g.union.grown(by: r).intersection(target))
            case let .endClipGroup(m, rect, _, _, _):
                guard let g = popGroup() else { balanced = false; continue }
                let placed = i < motion.count && motion[i].slot >= 0
                close(g.begin, at: i, box: placed ? g.union : g.union.intersection(PixelRect.covering(rect, m, margin: Self.margin, within: target)))
            case .endMaskedGroups:
                guard let mask = popGroup(), let layer = popGroup() else { balanced = false; continue }
                isMaskHalf[mask.begin] = true
                groupEnd[mask.begin] = i
                boxes[mask.begin] = mask.union
                // Nothing shows where the mask is transparent.
                close(layer.begin, at: i, box: layer.union.intersection(mask.union))
            case let .endTransitionGroups(warp, m, _):
                guard let new = popGroup(), let old = popGroup() else { balanced = false; continue }
                isMaskHalf[new.begin] = true
                groupEnd[new.begin] = i
                boxes[new.begin] = new.union
                warpSource[old.begin] = old.union
                warpSource[new.begin] = new.union
                let box = TransitionComposite.box(warp, matrix: m, old: old.union, new: new.union, target: target)
                close(old.begin, at: i, box: box)
            }
        }
        if !open.isEmpty { balanced = false }
    }

    /// The pixels a plain drawing command (a quad, a bitmap, a path) can change within `target`: its rectangle
    /// or path under its matrix, grown by the anti-aliasing margin. nil for every other command.
    static func drawnBox(_ command: DrawCommand, within target: PixelRect) -> PixelRect? {
        switch command {
        case let .fill(m, rect, _, _, _), let .shape(m, rect, _, _, _, _, _, _), let .image(m, rect, _, _, _, _, _, _),
             let .raster(m, rect, _, _, _, _, _):
            return PixelRect.covering(rect, m, margin: margin, within: target)
        case let .path(m, path, _, _):
            return PixelRect.covering(path.boundingBox, m, margin: margin, within: target)
        default:
            return nil
        }
    }

    /// Second pass: keys (each command's own values combined with its groups' keys) and effects.
    private mutating func key(_ commands: [DrawCommand], target: PixelRect) {
        var context: [(key: Int, reach: Int)] = [(0, 0)]
        for (i, command) in commands.enumerated() {
            let outer = context[context.count - 1]
            var h = Hasher()
            switch command {
            case .beginGroup, .beginClip:
                let end = groupEnd[i]
                var g = Hasher()
                g.combine(outer.key)
                g.combine(isMaskHalf[i])
                Self.combine(command, into: &g)
                if end >= 0 { Self.combine(commands[end], into: &g) } else { g.combine(i) }
                let groupKey = g.finalize()
                h.combine(groupKey)
                keys[i] = h.finalize()
                context.append((groupKey, outer.reach + reach[i]))
                continue
            case .endGroup, .endShadowGroup, .endClipGroup, .endClip, .endFilterGroup:
                if context.count > 1 { context.removeLast() }
            case .endMaskedGroups, .endTransitionGroups:
                if context.count > 1 { context.removeLast() }
                if context.count > 1 { context.removeLast() }
            case .fill, .shape, .image, .path, .raster, .content, .backdrop:
                break
            }
            let around = context[context.count - 1]
            h.combine(around.key)
            Self.combine(command, into: &h)
            keys[i] = h.finalize()
            effects[i] = boxes[i].grown(by: around.reach).intersection(target)
        }
    }

    /// Keys of the backdrops drawn into the target itself: each its own key and the keys and places of the
    /// commands before it that can change what it reads.
    private mutating func keyBackdrops(_ commands: [DrawCommand]) {
        guard !backdrops.isEmpty else { return }
        var depth = 0, n = 0
        for (i, command) in commands.enumerated() {
            depth += command.nesting
            guard case .backdrop = command else { continue }
            defer { n += 1 }
            guard depth == 0, n < backdrops.count else { continue }
            let reads = backdrops[n].reads
            var h = Hasher()
            h.combine(keys[i]); h.combine(reads)
            for j in 0..<i where effects[j].intersects(reads) { h.combine(keys[j]); h.combine(effects[j]) }
            let key = h.finalize()
            backdropKeys[i] = key
            backdrops[n].key = key
        }
    }

    /// Every value that changes what a command draws (an image by identity and version).
    static func combine(_ command: DrawCommand, into h: inout Hasher) {
        switch command {
        case let .fill(m, rect, color, alpha, edges):
            h.combine(1); h.combine(m); combine(rect, &h); h.combine(color); h.combine(alpha); h.combine(edges)
        case let .image(m, rect, image, uv, alpha, sampling, edges, tint):
            h.combine(2); h.combine(m); combine(rect, &h); h.combine(image.id); h.combine(image.version)
            combine(uv, &h); h.combine(alpha); h.combine(sampling); h.combine(edges)
            if tint != .white { h.combine(tint) }
        case let .shape(m, rect, radius, corners, border, color, alpha, edges):
            h.combine(3); h.combine(m); combine(rect, &h); h.combine(radius); h.combine(corners); h.combine(border)
            h.combine(color); h.combine(alpha); h.combine(edges)
        case let .path(m, path, color, alpha):
            h.combine(11); h.combine(m); h.combine(path); h.combine(color); h.combine(alpha)
        case .beginGroup:
            h.combine(4)
        case let .endGroup(alpha, blend):
            h.combine(5); h.combine(alpha); h.combine(blend)
        case let .endShadowGroup(color, alpha, sigma):
            h.combine(6); h.combine(color); h.combine(alpha); h.combine(sigma)
        case let .endClipGroup(m, rect, radius, corners, alpha):
            h.combine(7); h.combine(m); combine(rect, &h); h.combine(radius); h.combine(corners); h.combine(alpha)
        case let .endMaskedGroups(alpha):
            h.combine(8); h.combine(alpha)
        case let .endFilterGroup(chain, alpha):
            h.combine(15); h.combine(chain); h.combine(alpha)
        case let .backdrop(m, rect, radius, corners, chain, alpha):
            h.combine(16); h.combine(m); combine(rect, &h); h.combine(radius); h.combine(corners); h.combine(chain); h.combine(alpha)
        case let .endTransitionGroups(warp, m, alpha):
            h.combine(14); h.combine(warp); h.combine(m); h.combine(alpha)
        case .beginClip(let r):
            h.combine(9); h.combine(r)
        case let .raster(m, rect, content, alpha, sampling, edges, tint):
            h.combine(12); h.combine(m); combine(rect, &h); h.combine(content.key); h.combine(alpha)
            h.combine(sampling); h.combine(edges)
            if tint != .white { h.combine(tint) }
        case .endClip:
            h.combine(10)
        case .content(let c):
            h.combine(13); c.combine(into: &h)
        }
    }

    private static func combine(_ r: CGRect, _ h: inout Hasher) {
        h.combine(r.origin.x); h.combine(r.origin.y); h.combine(r.size.width); h.combine(r.size.height)
    }
}
