import Foundation
import Strata

// Apple-shaped uses of CALayer and its kinds (docs/status.md, "Apple's Swift interface"): each compiles as
// written for iOS, `import QuartzCore` renamed `import Strata`. AppleShapeRunTests runs what can run.

/// Every property and method is `open`: overrides with observers, and of the hierarchy and animation calls.
final class ShapeProbeLayer: CALayer {
    var boundsChanges = 0
    var added: [String] = []
    var sublayersAdded = 0
    var displayRequests = 0
    override var bounds: CGRect { didSet { boundsChanges += 1 } }
    override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue }
    }
    override var contents: Any? { didSet { displayRequests += 0 } }
    override func add(_ anim: CAAnimation, forKey key: String?) {
        added.append(key ?? "nil")
        super.add(anim, forKey: key)
    }
    override func removeAllAnimations() { super.removeAllAnimations() }
    override func addSublayer(_ layer: CALayer) {
        sublayersAdded += 1
        super.addSublayer(layer)
    }
    override func setNeedsDisplay() {
        displayRequests += 1
        super.setNeedsDisplay()
    }
    // Snapshot code overrides render(in:) and draws around it in transparency layers.
    override func render(in ctx: CGContext) {
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        super.render(in: ctx)
        ctx.endTransparencyLayer()
    }
    override var description: String { "ShapeProbeLayer(\(boundsChanges))" }
    override class func shouldArchiveValue(forKey key: String) -> Bool { key != "added" }
}

/// Layers are NSObjects: equal when identical, hashable, and found in their superlayer's `sublayers`.
func isOwnSublayer(_ layer: CALayer, of parent: CALayer) -> Bool {
    guard layer.superlayer == parent else { return false }
    let distinct: Set<CALayer> = [layer, parent]
    return (parent.sublayers?.contains(layer) ?? false) && distinct.count == 2
}

// The three ways iOS code declares a layer subclass's initialisers. Each compiles exactly as written for iOS
// (Swift 6 mode without warnings, Swift 5 mode) and makes its presentation copies through its own
// `init(layer:)` (LayerConstruction.swift). A class that declares initialisers also overrides `init(layer:)`,
// as iOS asks at run time.

/// No initialiser: stored properties with defaults; every initialiser is inherited.
final class BadgeCountLayer: CALayer {
    var count = 3
}

/// `override init()` that sets itself up.
final class PulseLayer: CALayer {
    var pulses: Int
    override init() {
        pulses = 2
        super.init()
        cornerRadius = 4
    }
    override init(layer: Any) {
        pulses = (layer as? PulseLayer)?.pulses ?? 0
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// Only an initialiser with arguments, `override init(layer:)` and `required init?(coder:)`: no `init()`.
final class RingLayer: CALayer {
    var ringColor: CGColor
    let title: String
    init(title: String, color: CGColor) {
        self.title = title
        ringColor = color
        super.init()
    }
    override init(layer: Any) {
        let ring = layer as? RingLayer
        title = ring?.title ?? ""
        ringColor = ring?.ringColor ?? CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { nil }
}

/// `contents` is `Any?`: images go in as any value and come out with a cast.
func showImage(_ image: CGImage, in layer: CALayer) -> CGImage? {
    let value: Any = image
    layer.contents = value
    return layer.contents as! CGImage?
}

/// `fadeDuration()` is a class method a subclass overrides.
final class QuickTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
}

/// CAEmitterCell: filters are Strings, `contents` is `Any?`, `defaultValue(forKey:)` is open.
final class SparkCell: CAEmitterCell {
    override class func defaultValue(forKey key: String) -> Any? {
        key == "sparkle" ? 3 : super.defaultValue(forKey: key)
    }
}

func configureSpark(_ cell: CAEmitterCell, image: CGImage?) {
    cell.magnificationFilter = CALayerContentsFilter.nearest.rawValue
    cell.minificationFilter = CALayerContentsFilter.linear.rawValue
    cell.contents = image
}

/// A layer delegate's layout callback and the will-draw notice.
final class LayoutDelegate: CALayerDelegate {
    var laidOut: [CALayer] = []
    var willDraw = 0
    func layoutSublayers(of layer: CALayer) {
        laidOut.append(layer)
        for sublayer in layer.sublayers ?? [] where sublayer.superlayer == layer { sublayer.frame = layer.bounds }
    }
    func layerWillDraw(_ layer: CALayer) { willDraw += 1 }
}

/// Handlers set in a layer's own initialisers, capturing it weakly: input and a display link.
final class KnobLayer: CALayer {
    var turns = 0
    var ticks = 0
    private(set) var link: CADisplayLink?
    override init() {
        super.init()
        inputHandler = { [weak self] event in self?.handle(event) }
        link = CADisplayLink { [weak self] _ in self?.ticks += 1 }
    }
    init(turns: Int) {
        self.turns = turns
        super.init()
        inputHandler = { [weak self] event in self?.handle(event) }
    }
    override init(layer: Any) {
        turns = (layer as? KnobLayer)?.turns ?? 0
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { nil }
    func handle(_ event: StrataInputEvent) { if event.kind == .touchDown { turns += 1 } }
}

// Core Image filters and the modern corner curve, as iOS and macOS code sets them (docs/filters.md).

/// A frosted card: a blur named for its key path, a saturation boost, continuous corners, a blend mode by
/// Core Animation's name; and the blur's radius animated by that key path.
func frostedCard() -> CALayer {
    let card = CALayer()
    card.cornerRadius = 16
    card.cornerCurve = .continuous
    let blur = CIFilter(name: "CIGaussianBlur")!
    blur.setValue(12, forKey: kCIInputRadiusKey)
    blur.name = "frost"
    let saturation = CIFilter(name: "CIColorControls", parameters: [kCIInputSaturationKey: 1.8])!
    card.backgroundFilters = [blur, saturation]
    card.compositingFilter = "multiplyBlendMode"
    card.filters = [CIFilter(name: "CIColorMatrix", parameters: ["inputRVector": CIVector(x: 1, y: 0, z: 0, w: 0)])!]
    let pulse = CABasicAnimation(keyPath: "backgroundFilters.frost.inputRadius")
    pulse.fromValue = 4
    pulse.toValue = 24
    card.add(pulse, forKey: "pulse")
    return card
}

/// Core Image's typed builders (CoreImage.CIFilterBuiltins), as Swift code since iOS 13 writes filters.
func typedFilters() -> [CIFilter] {
    let blur = CIFilter.gaussianBlur()
    blur.radius = 6
    let controls = CIFilter.colorControls()
    controls.saturation = 1.4
    return [blur, controls, CIFilter.multiplyBlendMode()]
}

/// `cornerCurveExpansionFactor(_:)` is a class method, as Apple declares it.
func continuousReach(of radius: CGFloat) -> CGFloat {
    radius * CALayer.cornerCurveExpansionFactor(.continuous)
}
