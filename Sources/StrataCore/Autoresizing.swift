import Foundation

/// CAAutoresizingMask's flags (kCALayerMinXMargin, …, Core Animation's bit values) and how a sublayer's
/// frame follows its superlayer's bounds with them.
public struct AutoresizingFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let minXMargin = AutoresizingFlags(rawValue: 1 << 0)
    public static let widthSizable = AutoresizingFlags(rawValue: 1 << 1)
    public static let maxXMargin = AutoresizingFlags(rawValue: 1 << 2)
    public static let minYMargin = AutoresizingFlags(rawValue: 1 << 3)
    public static let heightSizable = AutoresizingFlags(rawValue: 1 << 4)
    public static let maxYMargin = AutoresizingFlags(rawValue: 1 << 5)
}

public enum Autoresizing {
    /// `frame` (in a superlayer whose bounds were `old` and are now `new`) resized by `flags`: on each
    /// axis the change of the superlayer's size is shared by the flexible parts (the margin before, the
    /// size, the margin after) in proportion to their current lengths, or equally when those are all 0;
    /// with none flexible the frame keeps its distance from the minimum edge. Margins are measured from
    /// the bounds' edges. The minimum edge is the smaller coordinate: the top in Strata's y-down space
    /// (seed 002 speaks of OS X, whose y grows upwards, so its "bottom" margin is kCALayerMinYMargin).
    public static func frame(_ frame: CGRect, flags: AutoresizingFlags, oldBounds old: CGRect, newBounds new: CGRect) -> CGRect {
        let (x, w) = axis(frame.minX - old.minX, frame.width, old.maxX - frame.maxX, delta: new.width - old.width,
                          flexible: (flags.contains(.minXMargin), flags.contains(.widthSizable), flags.contains(.maxXMargin)))
        let (y, h) = axis(frame.minY - old.minY, frame.height, old.maxY - frame.maxY, delta: new.height - old.height,
                          flexible: (flags.contains(.minYMargin), flags.contains(.heightSizable), flags.contains(.maxYMargin)))
        return CGRect(x: new.minX + x, y: new.minY + y, width: w, height: h)
    }

    /// The new leading margin and size on one axis.
    private static func axis(_ lead: CGFloat, _ size: CGFloat, _ trail: CGFloat, delta: CGFloat,
                             flexible: (Bool, Bool, Bool)) -> (CGFloat, CGFloat) {
        let parts = [(lead, flexible.0), (size, flexible.1), (trail, flexible.2)]
        let count = parts.filter(\.1).count
        guard count > 0, delta != 0 else { return (lead, size) }
        let total = parts.filter(\.1).reduce(0) { $0 + max(0, $1.0) }
        func share(_ part: (CGFloat, Bool)) -> CGFloat {
            guard part.1 else { return 0 }
            return total > 0 ? delta * max(0, part.0) / total : delta / CGFloat(count)
        }
        return (lead + share(parts[0]), max(0, size + share(parts[1])))
    }
}
