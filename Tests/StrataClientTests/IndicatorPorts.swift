import Foundation
import Strata

// Loading indicators written as their iOS originals are (in the style of NVActivityIndicatorView,
// SpinKit and MBProgressHUD-like material rings), ported with UIKit's type renames only: UIColor →
// CGColor, UIBezierPath → CGMutablePath, and `color.cgColor` → `color`. Nothing here knows about
// Strata; IndicatorPortTests checks what they present against closed forms and against a server's frames.

/// NVActivityIndicatorView's animation protocol: sets up layers and infinite animations in `layer`.
protocol ActivityIndicatorAnimation {
    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor)
}

/// The shapes indicators draw (NVActivityIndicatorShape's pattern: a CAShapeLayer from a UIBezierPath).
enum IndicatorShape {
    case circle
    case ring(lineWidth: CGFloat)
    /// An arc from the top, once round clockwise, stroked with round caps (a spinner's stroke).
    case stroke(lineWidth: CGFloat)
    case triangle

    func layerWith(size: CGSize, color: CGColor) -> CAShapeLayer {
        let layer = CAShapeLayer()
        var path = CGMutablePath()
        switch self {
        case .circle:
            path.addArc(withCenter: CGPoint(x: size.width / 2, y: size.height / 2), radius: size.width / 2,
                        startAngle: 0, endAngle: CGFloat(2 * Double.pi), clockwise: false)
            layer.fillColor = color
        case let .ring(lineWidth):
            path = CGMutablePath(ovalIn: CGRect(x: 0, y: 0, width: size.width, height: size.height))
            layer.fillColor = nil
            layer.strokeColor = color
            layer.lineWidth = lineWidth
        case let .stroke(lineWidth):
            path = CGMutablePath(arcCenter: CGPoint(x: size.width / 2, y: size.height / 2),
                                 radius: size.width / 2 - lineWidth / 2,
                                 startAngle: -(.pi / 2), endAngle: .pi + .pi / 2, clockwise: true)
            layer.fillColor = nil
            layer.strokeColor = color
            layer.lineWidth = lineWidth
            layer.lineCap = .round
        case .triangle:
            path.move(to: CGPoint(x: 0, y: size.height))
            path.addLine(to: CGPoint(x: size.width / 2, y: 0))
            path.addLine(to: CGPoint(x: size.width, y: size.height))
            path.close()
            layer.fillColor = color
        }
        layer.backgroundColor = nil
        layer.path = path.cgPath
        layer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        return layer
    }
}

/// 1. Ball pulse (NVActivityIndicatorView's ballPulse): three dots in a row shrink and come back, each
/// 0.12 s after the one before, in an infinite group of a keyframed scale and a keyframed opacity. The
/// children have no duration of their own: they run for the group's.
struct BallPulseIndicator: ActivityIndicatorAnimation {
    static let spacing: CGFloat = 2
    static let duration: CFTimeInterval = 0.75
    static let beginTimes: [CFTimeInterval] = [0.12, 0.24, 0.36]
    static let timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let circleSize = (size.width - 2 * Self.spacing) / 3
        let x = (layer.bounds.size.width - size.width) / 2
        let y = (layer.bounds.size.height - circleSize) / 2
        let beginTime = CACurrentMediaTime()

        let scaleAnimation = CAKeyframeAnimation(keyPath: "transform.scale")
        scaleAnimation.keyTimes = [0, 0.3, 1]
        scaleAnimation.timingFunctions = [Self.timingFunction, Self.timingFunction]
        scaleAnimation.values = [1, 0.3, 1]

        let opacityAnimation = CAKeyframeAnimation(keyPath: "opacity")
        opacityAnimation.keyTimes = [0, 0.3, 1]
        opacityAnimation.values = [NSNumber(value: 1.0), NSNumber(value: 0.7), NSNumber(value: 1.0)]

        let animation = CAAnimationGroup()
        animation.animations = [scaleAnimation, opacityAnimation]
        animation.duration = Self.duration
        animation.repeatCount = .infinity
        animation.isRemovedOnCompletion = false

        for i in 0 ..< 3 {
            let circle = IndicatorShape.circle.layerWith(size: CGSize(width: circleSize, height: circleSize), color: color)
            circle.frame = CGRect(x: x + circleSize * CGFloat(i) + Self.spacing * CGFloat(i), y: y,
                                  width: circleSize, height: circleSize)
            animation.beginTime = beginTime + Self.beginTimes[i]
            circle.add(animation, forKey: "animation")
            layer.addSublayer(circle)
        }
    }
}

/// 2a. Material ring (MBProgressHUD-style / MDCActivityIndicator-style): the stroke's end runs round, its
/// start chases it half a second later, in a group that repeats; the whole ring turns once every 2 s on
/// its own infinite rotation.
struct MaterialRingIndicator: ActivityIndicatorAnimation {
    static let lineWidth: CGFloat = 6
    static let groupDuration: CFTimeInterval = 1.5
    static let strokeDuration: CFTimeInterval = 1
    static let startDelay: CFTimeInterval = 0.5
    static let turnDuration: CFTimeInterval = 2

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let ring = IndicatorShape.stroke(lineWidth: Self.lineWidth).layerWith(size: size, color: color)
        ring.frame = CGRect(x: (layer.bounds.width - size.width) / 2, y: (layer.bounds.height - size.height) / 2,
                            width: size.width, height: size.height)

        let strokeEnd = CABasicAnimation(keyPath: "strokeEnd")
        strokeEnd.fromValue = 0
        strokeEnd.toValue = 1
        strokeEnd.duration = Self.strokeDuration
        strokeEnd.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

        let strokeStart = CABasicAnimation(keyPath: "strokeStart")
        strokeStart.fromValue = 0
        strokeStart.toValue = 1
        strokeStart.beginTime = Self.startDelay
        strokeStart.duration = Self.strokeDuration
        strokeStart.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

        let stroke = CAAnimationGroup()
        stroke.animations = [strokeEnd, strokeStart]
        stroke.duration = Self.groupDuration
        stroke.repeatCount = .infinity
        ring.add(stroke, forKey: "stroke")

        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0
        rotation.toValue = 2 * Double.pi
        rotation.duration = Self.turnDuration
        rotation.repeatCount = .infinity
        ring.add(rotation, forKey: "rotation")

        layer.addSublayer(ring)
    }
}

/// 2b. Circle stroke spin (NVActivityIndicatorView's circleStrokeSpin): the rotation is a child of the
/// stroke group with no duration of its own (it runs for the group's 1.7 s) and only a byValue.
struct CircleStrokeSpinIndicator: ActivityIndicatorAnimation {
    static let beginTime: Double = 0.5
    static let strokeStartDuration: Double = 1.2
    static let strokeEndDuration: Double = 0.7
    static let curve = CAMediaTimingFunction(controlPoints: 0.4, 0.0, 0.2, 1.0)

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let rotationAnimation = CABasicAnimation(keyPath: "transform.rotation")
        rotationAnimation.byValue = Float.pi * 2
        rotationAnimation.timingFunction = CAMediaTimingFunction(name: .linear)

        let strokeEndAnimation = CABasicAnimation(keyPath: "strokeEnd")
        strokeEndAnimation.duration = Self.strokeEndDuration
        strokeEndAnimation.timingFunction = Self.curve
        strokeEndAnimation.fromValue = 0
        strokeEndAnimation.toValue = 1

        let strokeStartAnimation = CABasicAnimation(keyPath: "strokeStart")
        strokeStartAnimation.duration = Self.strokeStartDuration
        strokeStartAnimation.timingFunction = Self.curve
        strokeStartAnimation.fromValue = 0
        strokeStartAnimation.toValue = 1
        strokeStartAnimation.beginTime = Self.beginTime

        let groupAnimation = CAAnimationGroup()
        groupAnimation.animations = [rotationAnimation, strokeEndAnimation, strokeStartAnimation]
        groupAnimation.duration = Self.strokeStartDuration + Self.beginTime
        groupAnimation.repeatCount = .infinity
        groupAnimation.isRemovedOnCompletion = false
        groupAnimation.fillMode = .forwards

        let circle = IndicatorShape.stroke(lineWidth: 6).layerWith(size: size, color: color)
        circle.frame = CGRect(x: (layer.bounds.width - size.width) / 2, y: (layer.bounds.height - size.height) / 2,
                              width: size.width, height: size.height)
        circle.add(groupAnimation, forKey: "animation")
        layer.addSublayer(circle)
    }
}

/// 3. Activity bars: one bar in a CAReplicatorLayer, copied round the centre `count` times; each copy's
/// fade starts 1/count s after the one before, so the bright bar goes round (the CAReplicatorLayer
/// spinner recipe; NVActivityIndicatorView's lineSpinFadeLoader draws the same with separate layers).
struct ReplicatorBarsIndicator: ActivityIndicatorAnimation {
    static let count = 12
    static let duration: CFTimeInterval = 1
    static let barSize = CGSize(width: 6, height: 14)
    static let restingOpacity: Float = 0.15

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: (layer.bounds.width - size.width) / 2, y: (layer.bounds.height - size.height) / 2,
                                  width: size.width, height: size.height)
        replicator.instanceCount = Self.count
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(Self.count), 0, 0, 1)
        replicator.instanceDelay = Self.duration / Double(Self.count)

        let bar = CALayer()
        bar.frame = CGRect(x: (size.width - Self.barSize.width) / 2, y: 4, width: Self.barSize.width, height: Self.barSize.height)
        bar.backgroundColor = color
        bar.cornerRadius = 2
        bar.opacity = Self.restingOpacity
        replicator.addSublayer(bar)

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = Self.restingOpacity
        fade.duration = Self.duration
        fade.repeatCount = .infinity
        fade.beginTime = CACurrentMediaTime()
        bar.add(fade, forKey: "fade")

        layer.addSublayer(replicator)
    }
}

/// 4. Ball scale multiple (NVActivityIndicatorView's ballScaleMultiple): three circles on one centre grow
/// from nothing and fade, each 0.2 s after the one before; hidden (opacity 0) until their turn.
struct BallScaleMultipleIndicator: ActivityIndicatorAnimation {
    static let duration: CFTimeInterval = 1
    static let beginTimes = [0, 0.2, 0.4]

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let beginTime = CACurrentMediaTime()

        let scaleAnimation = CABasicAnimation(keyPath: "transform.scale")
        scaleAnimation.duration = Self.duration
        scaleAnimation.fromValue = 0
        scaleAnimation.toValue = 1

        let opacityAnimation = CAKeyframeAnimation(keyPath: "opacity")
        opacityAnimation.duration = Self.duration
        opacityAnimation.keyTimes = [0, 0.05, 1]
        opacityAnimation.values = [0, 1, 0]

        let animation = CAAnimationGroup()
        animation.animations = [scaleAnimation, opacityAnimation]
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.duration = Self.duration
        animation.repeatCount = HUGE
        animation.isRemovedOnCompletion = false

        for i in 0 ..< 3 {
            let circle = IndicatorShape.circle.layerWith(size: size, color: color)
            circle.frame = CGRect(x: (layer.bounds.size.width - size.width) / 2, y: (layer.bounds.size.height - size.height) / 2,
                                  width: size.width, height: size.height)
            animation.beginTime = beginTime + Self.beginTimes[i]
            circle.opacity = 0
            circle.add(animation, forKey: "animation")
            layer.addSublayer(circle)
        }
    }
}

/// 5. Ball beat (NVActivityIndicatorView's ballBeat / SpinKit's pulse): one square shrinks to 0.4 and
/// back, each half with its own timing function; beside it a square keyframed through five values with
/// one timing function for the first of its four segments (the rest are linear).
struct BallBeatIndicator: ActivityIndicatorAnimation {
    static let duration: CFTimeInterval = 1.2
    static let side: CGFloat = 40
    static let segmentFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn)]
    static let shortFunctions = [CAMediaTimingFunction(name: .easeInEaseOut)]
    static let longValues: [Double] = [1, 0.4, 1, 0.7, 1]
    static let longKeyTimes: [Double] = [0, 0.25, 0.5, 0.75, 1]

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let beginTime = CACurrentMediaTime()

        let beat = CAKeyframeAnimation(keyPath: "transform.scale")
        beat.keyTimes = [0, 0.5, 1]
        beat.values = [NSNumber(value: 1), NSNumber(value: 0.4), NSNumber(value: 1)]
        beat.timingFunctions = Self.segmentFunctions
        beat.duration = Self.duration
        beat.beginTime = beginTime
        beat.repeatCount = .infinity

        let wobble = CAKeyframeAnimation(keyPath: "transform.scale")
        wobble.keyTimes = Self.longKeyTimes.map { NSNumber(value: $0) }
        wobble.values = Self.longValues
        wobble.timingFunctions = Self.shortFunctions // fewer than the four segments
        wobble.duration = Self.duration
        wobble.beginTime = beginTime
        wobble.repeatCount = .infinity

        for (i, animation) in [beat, wobble].enumerated() {
            let square = CALayer()
            square.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
            square.position = CGPoint(x: layer.bounds.midX + (i == 0 ? -30 : 30), y: layer.bounds.midY)
            square.backgroundColor = color
            square.add(animation, forKey: "beat")
            layer.addSublayer(square)
        }
    }
}

/// 6. Triangle morph: a filled triangle whose path squashes and stretches back, forever (a CABasicAnimation
/// of `path` between two paths of one structure: move, line, line, close).
struct TriangleMorphIndicator: ActivityIndicatorAnimation {
    static let duration: CFTimeInterval = 0.8
    static let squashedTip: CGFloat = 30

    static func trianglePath(size: CGSize, tipY: CGFloat) -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: size.height))
        path.addLine(to: CGPoint(x: size.width / 2, y: tipY))
        path.addLine(to: CGPoint(x: size.width, y: size.height))
        path.close()
        return path
    }

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let triangle = IndicatorShape.triangle.layerWith(size: size, color: color)
        triangle.frame = CGRect(x: (layer.bounds.width - size.width) / 2, y: (layer.bounds.height - size.height) / 2,
                                width: size.width, height: size.height)

        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = Self.trianglePath(size: size, tipY: 0).cgPath
        morph.toValue = Self.trianglePath(size: size, tipY: Self.squashedTip).cgPath
        morph.duration = Self.duration
        morph.autoreverses = true
        morph.repeatCount = .infinity
        morph.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        morph.beginTime = CACurrentMediaTime()
        triangle.add(morph, forKey: "morph")
        layer.addSublayer(triangle)
    }
}

/// 7. Ball triangle path (NVActivityIndicatorView's ballTrianglePath): rings travel round the corners of a
/// triangle, one by `transform` keyframes of translations (`NSValue(caTransform3D:)`), one by `position`
/// keyframes (`NSValue(cgPoint:)`), each corner reached with an ease-in-ease-out.
struct BallTrianglePathIndicator: ActivityIndicatorAnimation {
    static let duration: CFTimeInterval = 2
    static let circleSize: CGFloat = 12
    /// The corners, relative to the first (top) one.
    static let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 24, y: 40), CGPoint(x: -24, y: 40)]

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let beginTime = CACurrentMediaTime()
        let top = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY - 20)
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)

        let byTransform = CAKeyframeAnimation(keyPath: "transform")
        byTransform.keyTimes = [0, 0.33, 0.66, 1]
        byTransform.timingFunctions = [ease, ease, ease]
        byTransform.values = (Self.corners + [Self.corners[0]]).map {
            NSValue(caTransform3D: CATransform3DMakeTranslation($0.x, $0.y, 0))
        }
        byTransform.duration = Self.duration
        byTransform.repeatCount = HUGE
        byTransform.isRemovedOnCompletion = false
        byTransform.beginTime = beginTime

        let byPosition = CAKeyframeAnimation(keyPath: "position")
        byPosition.keyTimes = byTransform.keyTimes
        byPosition.timingFunctions = byTransform.timingFunctions
        // Starts at the second corner, so the two rings are never on one corner.
        byPosition.values = [1, 2, 0, 1].map { NSValue(cgPoint: CGPoint(x: top.x + Self.corners[$0].x, y: top.y + Self.corners[$0].y)) }
        byPosition.duration = Self.duration
        byPosition.repeatCount = HUGE
        byPosition.isRemovedOnCompletion = false
        byPosition.beginTime = beginTime

        for (i, animation) in [byTransform, byPosition].enumerated() {
            let circle = IndicatorShape.ring(lineWidth: 4).layerWith(size: CGSize(width: Self.circleSize, height: Self.circleSize), color: color)
            circle.position = i == 0 ? top : CGPoint(x: top.x + Self.corners[1].x, y: top.y + Self.corners[1].y)
            circle.add(animation, forKey: "animation")
            layer.addSublayer(circle)
        }
    }
}

/// SpinKit's wave (RTSpinKitWaveAnimation): five bars whose `transform` is keyframed between scales with
/// z = 0, as SpinKit writes them (four timing functions for three segments, the last unused).
struct SpinKitWaveIndicator: ActivityIndicatorAnimation {
    static let duration: CFTimeInterval = 1.2
    static let keyTimes: [Double] = [0, 0.2, 0.4, 1]
    static let heights: [CGFloat] = [0.4, 1, 0.4, 0.4]

    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let beginTime = CACurrentMediaTime() + 1.2
        let barWidth = size.width / 5.0
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)

        for i in 0 ..< 5 {
            let bar = CALayer()
            bar.backgroundColor = color
            bar.frame = CGRect(x: barWidth * CGFloat(i), y: 0, width: barWidth - 3, height: size.height)
            bar.transform = CATransform3DMakeScale(1.0, 0.3, 0.0)

            let anim = CAKeyframeAnimation(keyPath: "transform")
            anim.isRemovedOnCompletion = false
            anim.beginTime = beginTime - (1.2 - 0.1 * Double(i))
            anim.duration = Self.duration
            anim.repeatCount = HUGE
            anim.keyTimes = Self.keyTimes.map { NSNumber(value: $0) }
            anim.timingFunctions = [ease, ease, ease, ease]
            anim.values = Self.heights.map { NSValue(caTransform3D: CATransform3DMakeScale(1.0, $0, 0.0)) }
            bar.add(anim, forKey: "spinkit-anim")
            layer.addSublayer(bar)
        }
    }
}
