import Foundation

/// The scroll indicators: thin rounded bars along the right and bottom edges, shown while the content moves
/// and faded out after it stops. They are bare sublayers of the scroll view's layer (not subviews, so
/// `subviews` holds only the app's), in the content's coordinates, kept in front of the subviews.
/// **Choices** (UIKit publishes no metrics): 3 points thick, 3 points from the edges, at least 36 points long
/// (shrinking to 6 past an edge), black at 35 % opacity; fading in 0.3 s, 0.5 s after the motion ends.
@MainActor
final class ScrollIndicators {
    static let thickness: CGFloat = 3
    static let margin: CGFloat = 3
    static let minimumLength: CGFloat = 36
    static let squeezedLength: CGFloat = 6
    static let fadeDelay: CFTimeInterval = 0.5
    static let flashDelay: CFTimeInterval = 1
    static let fadeDuration: CFTimeInterval = 0.3

    let vertical = CALayer()
    let horizontal = CALayer()

    func install(in layer: CALayer) {
        withoutActions {
            for bar in [vertical, horizontal] {
                bar.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.35)
                bar.cornerRadius = Self.thickness / 2
                bar.opacity = 0
                layer.addSublayer(bar)
            }
        }
    }

    /// The bars' frames (in the content's coordinates) with the content at `offset`; nil for a bar that does
    /// not show (its indicator is off, or the content fits on that axis).
    static func frames(for view: UIScrollView, at offset: CGPoint) -> (vertical: CGRect?, horizontal: CGRect?) {
        let size = view.layer.bounds.size, range = view.offsetRange, inset = view.adjustedContentInset
        let showsV = view.showsVerticalScrollIndicator && range.height > 0
        let showsH = view.showsHorizontalScrollIndicator && range.width > 0
        func bar(visible: CGFloat, content: CGFloat, track: CGFloat, position: CGFloat, lo: CGFloat, hi: CGFloat) -> (start: CGFloat, length: CGFloat) {
            var length = max(Self.minimumLength, track * visible / max(content, 1))
            let overshoot = position < lo ? lo - position : (position > hi ? position - hi : 0)
            length = max(Self.squeezedLength, length - overshoot)
            let fraction = hi > lo ? min(max((position - lo) / (hi - lo), 0), 1) : 0
            return (fraction * (track - length), length)
        }
        var v: CGRect?, h: CGRect?
        if showsV {
            let track = size.height - 2 * Self.margin - (showsH ? Self.thickness : 0)
            let b = bar(visible: size.height, content: view.contentSize.height + inset.top + inset.bottom, track: track,
                        position: offset.y, lo: range.minY, hi: range.maxY)
            v = CGRect(x: offset.x + size.width - Self.margin - Self.thickness, y: offset.y + Self.margin + b.start,
                       width: Self.thickness, height: b.length)
        }
        if showsH {
            let track = size.width - 2 * Self.margin - (showsV ? Self.thickness : 0)
            let b = bar(visible: size.width, content: view.contentSize.width + inset.left + inset.right, track: track,
                        position: offset.x, lo: range.minX, hi: range.maxX)
            h = CGRect(x: offset.x + Self.margin + b.start, y: offset.y + size.height - Self.margin - Self.thickness,
                       width: b.length, height: Self.thickness)
        }
        return (v, h)
    }

    /// Puts the bars where they belong with the content at `offset` (no animation).
    func place(for view: UIScrollView, at offset: CGPoint) {
        let f = Self.frames(for: view, at: offset)
        withoutActions {
            if let v = f.vertical { vertical.frame = v } else { vertical.opacity = 0 }
            if let h = f.horizontal { horizontal.frame = h } else { horizontal.opacity = 0 }
        }
    }

    /// Shows the bars that apply, in front of the subviews.
    func show(for view: UIScrollView, at offset: CGPoint) {
        let f = Self.frames(for: view, at: offset)
        withoutActions {
            for (bar, frame) in [(vertical, f.vertical), (horizontal, f.horizontal)] {
                bar.removeAnimation(forKey: "fade")
                view.layer.addSublayer(bar) // to the front
                if let frame { bar.frame = frame; bar.opacity = 1 } else { bar.opacity = 0 }
            }
        }
    }

    /// Fades the bars out `delay` seconds from now, on the server's clock.
    func fadeOut(after delay: CFTimeInterval) {
        withoutActions {
            for bar in [vertical, horizontal] where bar.opacity > 0 {
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = bar.opacity
                fade.toValue = 0
                fade.beginTime = bar.convertTime(CACurrentMediaTime(), from: nil) + delay
                fade.duration = Self.fadeDuration
                fade.fillMode = .backwards
                bar.opacity = 0
                bar.add(fade, forKey: "fade")
            }
        }
    }

    /// Moves the bars with a keyframed motion of the offset (the same key times), ending where it rests.
    func follow(_ view: UIScrollView, times: [Double], offsets: [CGPoint], beginTime: CFTimeInterval, duration: CFTimeInterval) {
        show(for: view, at: offsets.first ?? .zero)
        let frames = offsets.map { Self.frames(for: view, at: $0) }
        animate(vertical, frames.map(\.vertical), times: times, beginTime: beginTime, duration: duration)
        animate(horizontal, frames.map(\.horizontal), times: times, beginTime: beginTime, duration: duration)
    }

    /// Moves the bars with an animated scroll from `from` to `to` (ease-in-ease-out, as the content).
    func follow(_ view: UIScrollView, from: CGPoint, to: CGPoint, beginTime: CFTimeInterval, duration: CFTimeInterval) {
        show(for: view, at: from)
        let a = Self.frames(for: view, at: from), b = Self.frames(for: view, at: to)
        animate(vertical, [a.vertical, b.vertical], times: nil, beginTime: beginTime, duration: duration,
                curve: CAMediaTimingFunction(name: .easeInEaseOut))
        animate(horizontal, [a.horizontal, b.horizontal], times: nil, beginTime: beginTime, duration: duration,
                curve: CAMediaTimingFunction(name: .easeInEaseOut))
    }

    func stopFollowing() {
        for bar in [vertical, horizontal] { bar.removeAnimation(forKey: UIScrollView.motionKey) }
    }

    private func animate(_ bar: CALayer, _ frames: [CGRect?], times: [Double]?, beginTime: CFTimeInterval,
                         duration: CFTimeInterval, curve: CAMediaTimingFunction? = nil) {
        let rects = frames.compactMap { $0 }
        guard rects.count == frames.count, let last = rects.last else { return }
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = rects.map { CGPoint(x: $0.midX, y: $0.midY) }
        let resize = CAKeyframeAnimation(keyPath: "bounds")
        resize.values = rects.map { CGRect(origin: .zero, size: $0.size) }
        for a in [move, resize] { // timed in the group's time
            a.keyTimes = times?.map { NSNumber(value: $0) }
            a.timingFunction = curve
            a.duration = duration
        }
        let group = CAAnimationGroup()
        group.animations = [move, resize]
        group.duration = duration
        group.beginTime = beginTime
        group.fillMode = .backwards
        withoutActions {
            bar.frame = last
            bar.add(group, forKey: UIScrollView.motionKey)
        }
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}

extension UIScrollView {
    /// Content size or insets changed while nothing moves: the bars follow.
    func updateIndicatorsAtRest() {
        if motion == nil { indicators.place(for: self, at: super.bounds.origin) }
    }
}
