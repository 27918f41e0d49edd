/// `animationImages` on the server's clock. Core Animation cannot keyframe `contents` in Strata (the
/// server does not animate images: the `contents` row of <doc:Status#CALayer-properties-(spec-§13)>), so each image gets a layer of its own,
/// filling the image view under its subviews, and a discrete `CAKeyframeAnimation` of its `opacity`: image
/// i shows (opacity 1) from i/n to (i + 1)/n of each cycle and is hidden otherwise. Every layer's
/// animation has the same begin time, duration and repeat count, so the server swaps them on the same
/// frame with no work on the app's side, and the frames stay exact however busy the app is.
extension UIImageView {
    /// `startAnimating()`: cycles `animationImages` (`highlightedAnimationImages` while highlighted) from the
    /// first, hiding `image`; a running cycle starts again. Nothing happens without images.
    func startImageCycle() {
        imageCycle?.remove()
        imageCycle = nil
        let images = (isHighlighted ? highlightedAnimationImages ?? animationImages : animationImages) ?? []
        guard !images.isEmpty else { show(); return }
        let duration = animationDuration > 0 ? animationDuration : Double(images.count) / 30
        imageCycle = ImageCycle(images: images, in: self, duration: duration, repeatCount: animationRepeatCount)
        show()
    }

    /// `stopAnimating()`: stops the cycle and shows `image` again.
    func stopImageCycle() {
        guard let cycle = imageCycle else { return }
        imageCycle = nil
        cycle.remove()
        show()
    }

    /// The last cycle ended on the server (the first image's animation stopped, finished).
    func imageCycleEnded(_ cycle: ImageCycle) {
        guard imageCycle === cycle else { return }
        stopImageCycle()
    }
}

/// One run of an image view's animation images: the layers and their opacity keyframes.
@preconcurrency @MainActor
final class ImageCycle: CAAnimationDelegate {
    static let key = "UIImageView.animationImages"
    /// Held by the image view's layer (each layer's animation holds this cycle as its delegate).
    private var layers: [WeakLayer] = []
    private weak var view: UIImageView?

    init(images: [UIImage], in view: UIImageView, duration: TimeInterval, repeatCount: Int) {
        self.view = view
        let n = images.count
        let host = view.layer
        let begin = host.convertTime(CACurrentMediaTime(), from: nil)
        for (i, image) in images.enumerated() {
            let frame = CALayer()
            // A bare layer would animate its own changes (autoresizing, contents) implicitly.
            frame.actions = ["bounds": NSNull(), "position": NSNull(), "contents": NSNull(), "opacity": NSNull()]
            frame.frame = host.bounds
            frame.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
            frame.contents = image.uprightImage
            frame.contentsScale = image.scale
            frame.contentsGravity = host.contentsGravity
            frame.opacity = 0
            let shows = CAKeyframeAnimation(keyPath: "opacity")
            shows.calculationMode = .discrete
            // Discrete key times: one more than the values, value k holding from keyTimes[k] to keyTimes[k + 1].
            let start = NSNumber(value: Double(i) / Double(n)), end = NSNumber(value: Double(i + 1) / Double(n))
            switch (i == 0, i == n - 1) {
            case (true, true): (shows.values, shows.keyTimes) = ([Float(1)], [0, 1])
            case (true, false): (shows.values, shows.keyTimes) = ([Float(1), Float(0)], [0, end, 1])
            case (false, true): (shows.values, shows.keyTimes) = ([Float(0), Float(1)], [0, start, 1])
            case (false, false): (shows.values, shows.keyTimes) = ([Float(0), Float(1), Float(0)], [0, start, end, 1])
            }
            shows.duration = duration
            shows.repeatCount = repeatCount > 0 ? Float(repeatCount) : .infinity
            shows.beginTime = begin
            if i == 0 { shows.delegate = self }
            frame.add(shows, forKey: Self.key)
            host.insertSublayer(frame, at: UInt32(i))
            layers.append(WeakLayer(layer: frame))
        }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag else { return }
        view?.imageCycleEnded(self)
    }

    func remove() {
        for entry in layers { entry.layer?.removeFromSuperlayer() }
        layers = []
    }
}

private struct WeakLayer {
    weak var layer: CALayer?
}
