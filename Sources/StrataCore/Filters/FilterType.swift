import Foundation

/// The Core Image filters a layer's `filters`, `backgroundFilters` and `compositingFilter` take, by Core
/// Image's names (`CIFilter(name: "CIGaussianBlur")`), with their inputs' keys, defaults and the values
/// Strata accepts. The raw value is the wire id: cases are only ever appended.
public enum FilterType: UInt8, CaseIterable, Sendable {
    case gaussianBlur = 1, colorMatrix, colorControls, colorInvert
    // The separable and non-separable blend modes of Core Image (and of the W3C's compositing spec), for
    // `compositingFilter`: how a layer's drawing combines with what lies beneath it.
    case multiplyBlendMode, screenBlendMode, overlayBlendMode, darkenBlendMode, lightenBlendMode, colorDodgeBlendMode,
         colorBurnBlendMode, softLightBlendMode, hardLightBlendMode, differenceBlendMode, exclusionBlendMode,
         hueBlendMode, saturationBlendMode, colorBlendMode, luminosityBlendMode

    /// Core Image's name.
    public var name: String {
        switch self {
        case .gaussianBlur: "CIGaussianBlur"
        case .colorMatrix: "CIColorMatrix"
        case .colorControls: "CIColorControls"
        case .colorInvert: "CIColorInvert"
        default: "CI" + shortBlendName.prefix(1).uppercased() + shortBlendName.dropFirst()
        }
    }

    /// A blend mode's name as Core Animation takes it for `compositingFilter` (`"multiplyBlendMode"`).
    private var shortBlendName: String {
        switch self {
        case .multiplyBlendMode: "multiplyBlendMode"
        case .screenBlendMode: "screenBlendMode"
        case .overlayBlendMode: "overlayBlendMode"
        case .darkenBlendMode: "darkenBlendMode"
        case .lightenBlendMode: "lightenBlendMode"
        case .colorDodgeBlendMode: "colorDodgeBlendMode"
        case .colorBurnBlendMode: "colorBurnBlendMode"
        case .softLightBlendMode: "softLightBlendMode"
        case .hardLightBlendMode: "hardLightBlendMode"
        case .differenceBlendMode: "differenceBlendMode"
        case .exclusionBlendMode: "exclusionBlendMode"
        case .hueBlendMode: "hueBlendMode"
        case .saturationBlendMode: "saturationBlendMode"
        case .colorBlendMode: "colorBlendMode"
        case .luminosityBlendMode: "luminosityBlendMode"
        default: ""
        }
    }

    /// The filter called `name`: Core Image's name, or for a blend mode also Core Animation's
    /// (`"multiplyBlendMode"`, what iOS code sets as `compositingFilter`). nil for any other name.
    public init?(name: String) {
        guard let t = Self.byName[name] else { return nil }
        self = t
    }

    private static let byName: [String: FilterType] = {
        var names: [String: FilterType] = [:]
        for t in allCases {
            names[t.name] = t
            if t.isBlendMode { names[t.shortBlendName] = t }
        }
        return names
    }()

    /// Whether it is a blend mode (a `compositingFilter`), not a filter of a layer's own pixels.
    public var isBlendMode: Bool { rawValue >= FilterType.multiplyBlendMode.rawValue }

    /// Its inputs, in a fixed order (the wire's). Made once: animations and draw lists read them every frame.
    public var inputs: [FilterInput] {
        switch self {
        case .gaussianBlur: Self.blurInputs
        case .colorMatrix: Self.matrixInputs
        case .colorControls: Self.controlsInputs
        default: []
        }
    }

    private static let blurInputs = [FilterInput("inputRadius", 10, range: 0...FilterInput.maxRadius)]
    private static let matrixInputs = [FilterInput("inputRVector", [1, 0, 0, 0]), FilterInput("inputGVector", [0, 1, 0, 0]),
                                       FilterInput("inputBVector", [0, 0, 1, 0]), FilterInput("inputAVector", [0, 0, 0, 1]),
                                       FilterInput("inputBiasVector", [0, 0, 0, 0])]
    private static let controlsInputs = [FilterInput("inputSaturation", 1, range: 0...FilterInput.maxFactor), FilterInput("inputBrightness", 0),
                                         FilterInput("inputContrast", 1, range: 0...FilterInput.maxFactor)]

    /// The keys of every type's vector inputs, and of all its inputs (`FilterKey`'s shapes).
    static let vectorKeys = Set(allCases.flatMap(\.inputs).filter(\.isVector).map(\.key))
    static let inputKeys = Set(allCases.flatMap(\.inputs).map(\.key))

    /// The input called `key`; nil when it has none of that name.
    public func input(_ key: String) -> FilterInput? { inputs.first { $0.key == key } }
}

/// One input of a filter: its key (`kCIInputRadiusKey` is `"inputRadius"`), its default, whether it is a
/// number or a vector of four (`CIVector`), and the values Strata accepts. Every number must be finite and
/// within `range`: a hostile radius or matrix is refused, naming the filter and key.
public struct FilterInput: Sendable, Equatable {
    public let key: String
    /// One number, or a vector's four.
    public let defaultValue: [CGFloat]
    public let range: ClosedRange<CGFloat>

    /// The largest blur radius (points): a blur's cost does not grow with it, but its reach is drawn.
    public static let maxRadius: CGFloat = 1000
    /// The largest saturation or contrast factor.
    public static let maxFactor: CGFloat = 100
    /// The largest magnitude of a colour matrix's or a brightness's numbers.
    public static let maxMatrix: CGFloat = 1000

    init(_ key: String, _ value: CGFloat, range: ClosedRange<CGFloat> = -maxMatrix...maxMatrix) {
        self.key = key; defaultValue = [value]; self.range = range
    }

    init(_ key: String, _ vector: [CGFloat]) {
        self.key = key; defaultValue = vector; range = -Self.maxMatrix...Self.maxMatrix
    }

    /// A vector (`CIVector` of four numbers), not a number.
    public var isVector: Bool { defaultValue.count > 1 }

    /// The value as the key-path machinery carries it: a number, or a list of four.
    public func animatable(_ numbers: [CGFloat]) -> AnimatableValue { isVector ? .numbers(numbers) : .scalar(numbers.first ?? 0) }

    /// Why `numbers` is not a value of this input (of `filter`), or nil.
    public func error(_ numbers: [CGFloat], filter: String) -> String? {
        guard numbers.count == defaultValue.count else {
            return "filter \(filter): \(key) takes \(isVector ? "a vector of 4 numbers" : "a number"), not \(numbers.count) numbers"
        }
        guard let bad = numbers.first(where: { !$0.isFinite || !range.contains($0) }) else { return nil }
        return "filter \(filter): \(key) \(bad) is outside \(range.lowerBound)…\(range.upperBound)"
    }
}
