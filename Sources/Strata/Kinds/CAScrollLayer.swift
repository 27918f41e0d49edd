import Foundation
import StrataCore

/// CAScrollLayer's scroll modes (kCAScrollNone, …).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `scroll(to:)` does not move the bounds' origin at all.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// `scroll(to:)` moves only the bounds' origin's y.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// `scroll(to:)` moves only the bounds' origin's x.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// `scroll(to:)` moves the bounds' origin in x and y (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// Core Animation's name for `CAScrollLayerScrollMode.none`: no scrolling.
public let kCAScrollNone = CAScrollLayerScrollMode.none
/// Core Animation's name for `CAScrollLayerScrollMode.vertically`: scrolling in y only.
public let kCAScrollVertically = CAScrollLayerScrollMode.vertically
/// Core Animation's name for `CAScrollLayerScrollMode.horizontally`: scrolling in x only.
public let kCAScrollHorizontally = CAScrollLayerScrollMode.horizontally
/// Core Animation's name for `CAScrollLayerScrollMode.both`: scrolling in x and y.
public let kCAScrollBoth = CAScrollLayerScrollMode.both

/// A layer that scrolls its content by moving its bounds' origin, as seed 004 says "that is all it
/// does": no input, no scroll bars, no bouncing, no bounds checking (content can scroll away for ever).
/// Set `masksToBounds` to clip what lies outside, as the seed's D16 does.
open class CAScrollLayer: CALayer {
    override class var layerKind: LayerKind { .scroll }

    /// Which directions `scroll(to:)` moves in (default `.both`). Not animatable.
    public var scrollMode: CAScrollLayerScrollMode {
        get { CAScrollLayerScrollMode(rawValue: name(of: .scrollMode)) }
        set { set(.scrollMode, named: newValue.rawValue, what: "scroll mode") }
    }

    /// Puts `p` at the bounds' origin (in the directions `scrollMode` allows).
    public func scroll(to p: CGPoint) {
        LayerLock.with {
            let v = modelValues
            let origin = v.scroll.scrollMode.origin(scrolledTo: p, from: v.bounds.origin)
            if origin != v.bounds.origin { bounds = CGRect(origin: origin, size: v.bounds.size) }
        }
    }

    /// Scrolls as little as makes `r` (this layer's coordinates) visible: its far edges first, then its
    /// near ones, so a rect larger than the bounds shows its top-left.
    public func scroll(to r: CGRect) {
        LayerLock.with {
            let b = modelValues.bounds
            var origin = b.origin
            if r.maxX > b.maxX { origin.x = r.maxX - b.width }
            if r.minX < origin.x { origin.x = r.minX }
            if r.maxY > b.maxY { origin.y = r.maxY - b.height }
            if r.minY < origin.y { origin.y = r.minY }
            scroll(to: origin)
        }
    }
}

/// The utilities CAScrollLayer's header adds to every layer, for layers inside a scroll layer.
extension CALayer {
    /// The nearest CAScrollLayer above this layer.
    var enclosingScrollLayer: CAScrollLayer? {
        var l = parent
        while let c = l {
            if let s = c as? CAScrollLayer { return s }
            l = c.parent
        }
        return nil
    }

    /// Scrolls the nearest CAScrollLayer above so that `p` (this layer's coordinates) lies at its origin.
    public func scroll(_ p: CGPoint) {
        LayerLock.with {
            guard let s = enclosingScrollLayer else { return }
            s.scroll(to: s.convert(p, from: self))
        }
    }

    /// Scrolls the nearest CAScrollLayer above as little as makes `r` (this layer's coordinates) visible.
    public func scrollRectToVisible(_ r: CGRect) {
        LayerLock.with {
            guard let s = enclosingScrollLayer else { return }
            s.scroll(to: s.convert(r, from: self))
        }
    }

    /// The part of this layer's bounds the nearest CAScrollLayer above shows (its bounds, converted), in
    /// this layer's coordinates: the bounds without one, `.null` when none of it shows.
    public var visibleRect: CGRect {
        LayerLock.with {
            let b = modelValues.bounds
            guard let s = enclosingScrollLayer else { return b }
            let shown = convert(s.modelValues.bounds, from: s)
            let visible = b.intersection(shown)
            return visible.isNull || visible.isEmpty ? .null : visible
        }
    }
}
