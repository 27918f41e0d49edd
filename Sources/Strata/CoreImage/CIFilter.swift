import Foundation
import StrataCore

/// Core Image's input keys, as Core Image names them.
public let kCIInputRadiusKey = "inputRadius"
/// `"inputSaturation"`: `CIColorControls`' saturation factor (default 1, 0…100; 0 is grey).
public let kCIInputSaturationKey = "inputSaturation"
/// `"inputBrightness"`: `CIColorControls`' brightness, added to each colour channel (default 0, −1000…1000).
public let kCIInputBrightnessKey = "inputBrightness"
/// `"inputContrast"`: `CIColorControls`' contrast factor about mid-grey (default 1, 0…100).
public let kCIInputContrastKey = "inputContrast"
/// `"inputImage"`: Core Image's image input; kept by `setValue(_:forKey:)` and unused, since a layer's own
/// pixels are its filters' input.
public let kCIInputImageKey = "inputImage"
/// `"inputBackgroundImage"`: a blend mode's backdrop input; kept and unused, since what lies beneath the layer
/// is the backdrop.
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// `"outputImage"`: Core Image's output key, listed by `outputKeys`; Strata's filters make no images, so
/// `outputImage` is absent. See <doc:Status#Classes-and-protocols>.
public let kCIOutputImageKey = "outputImage"
/// `"CIAttributeFilterName"`: the key of the filter's name in `attributes`.
public let kCIAttributeFilterName = "CIAttributeFilterName"

/// A Core Image filter for a layer's `filters`, `backgroundFilters` or `compositingFilter` (docs/filters.md):
/// the filters Strata draws on the server's GPU, by Core Image's names (`CIFilter(name: "CIGaussianBlur")`
/// and the blend modes), set up with `setValue(_:forKey:)` under Core Image's keys. `name` and `isEnabled`
/// are what Core Animation adds: a layer's key paths find the filter by `name`
/// (`filters.NAME.inputRadius`). A layer copies the filter's values when the array is set, as Core
/// Animation does: change the filter and set the array again, or animate its key path.
/// `CIFilter(name:)` returns nil for a filter Strata does not draw, as Core Image does for an unknown name;
/// a key the filter lacks is logged ("unsupported: filter CIGaussianBlur key inputFoo") and changes nothing.
/// Filters do not make images here: `outputImage` is absent.
open class CIFilter: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var values: FilterModel
    /// Keys other than the inputs that were set (`inputImage`, ignored: the layer is the filter's input).
    private var images: [String: Any] = [:]

    /// The filter called `name` (Core Image's, or a blend mode's Core Animation name); nil when Strata does
    /// not draw it.
    public init?(name: String) {
        guard let type = FilterType(name: name) else { return nil }
        values = FilterModel(type: type)
    }

    /// The filter called `name`, with `parameters` set as by `setValue(_:forKey:)`.
    public convenience init?(name: String, parameters: [String: Any]?) {
        self.init(name: name)
        for (key, value) in parameters ?? [:] { setValue(value, forKey: key) }
    }

    init(model: FilterModel) { values = model }

    /// What a layer keeps of the filter.
    var model: FilterModel { lock.withLock { values } }

    /// The name key paths find the filter by (default: Core Image's name of its type).
    open var name: String {
        get { lock.withLock { values.name } }
        set { lock.withLock { values.name = newValue } }
    }

    /// Whether the layer applies it (Core Animation's `enabled`; default true).
    open var isEnabled: Bool {
        get { lock.withLock { values.isEnabled } }
        set { lock.withLock { values.isEnabled = newValue } }
    }

    /// Sets every input to its default (a new filter already has them).
    open func setDefaults() {
        lock.withLock {
            var fresh = FilterModel(type: values.type, name: values.name)
            fresh.isEnabled = values.isEnabled
            values = fresh
        }
    }

    /// The filter's input keys (its image inputs first, as Core Image lists them).
    open var inputKeys: [String] {
        let type = lock.withLock { values.type }
        return (type.isBlendMode ? [kCIInputImageKey, kCIInputBackgroundImageKey] : [kCIInputImageKey]) + type.inputs.map(\.key)
    }

    /// The filter's output keys, `[kCIOutputImageKey]` as in Core Image, though no output image is made here.
    open var outputKeys: [String] { [kCIOutputImageKey] }

    /// The filter's name and each number input's default (`CIAttributeDefault`), minimum and maximum as Strata
    /// accepts them.
    open var attributes: [String: Any] {
        let type = lock.withLock { values.type }
        var a: [String: Any] = [kCIAttributeFilterName: type.name]
        for input in type.inputs {
            let d: Any = input.isVector ? CIVector(numbers: input.defaultValue) : NSNumber(value: Double(input.defaultValue[0]))
            a[input.key] = ["CIAttributeDefault": d, "CIAttributeSliderMin": Double(input.range.lowerBound),
                            "CIAttributeSliderMax": Double(input.range.upperBound)]
        }
        return a
    }

    /// Sets an input by Core Image's key (a number, or a `CIVector` for a vector input), `name` or `enabled`.
    /// `inputImage` and `inputBackgroundImage` are kept and unused (the layer's pixels are the input). Any
    /// other key, or a value of the wrong type or out of range, is logged and changes nothing.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name":
            guard let s = value as? String else { return reject(key, "a String") }
            name = s
            return
        case kCIInputImageKey, kCIInputBackgroundImageKey:
            lock.withLock { images[key] = value }
            return
        default: break
        }
        let converted: AnimatableValue?
        if key == "enabled" {
            converted = (value as? Bool).map { .bool($0) } ?? (value as? NSNumber).map { .bool($0.boolValue) }
        } else if let vector = value as? CIVector {
            converted = .numbers(vector.values)
        } else {
            converted = value.flatMap(ValueConversion.number).map { .scalar($0) }
        }
        lock.withLock {
            do {
                guard let converted else {
                    throw StrataError.invalidValue(key: key, expected: values.type.input(key)?.isVector == true ? "a CIVector" : "a number")
                }
                try values.setValue(converted, forKey: key)
            } catch {
                StrataLog.logger.error("CIFilter \(values.type.name): setValue(_:forKey:) rejected: \(error)")
            }
        }
    }

    /// An input's value (an `NSNumber`, or a `CIVector`), `name`, `enabled`, or an image set; nil for other keys.
    open func value(forKey key: String) -> Any? {
        lock.withLock {
            switch key {
            case "name": return values.name
            case "enabled": return values.isEnabled
            case kCIInputImageKey, kCIInputBackgroundImageKey: return images[key]
            default:
                guard let input = values.type.input(key), let numbers = values.numbers(key) else { return nil }
                return input.isVector ? CIVector(numbers: numbers) : NSNumber(value: Double(numbers[0]))
            }
        }
    }

    private func reject(_ key: String, _ expected: String) {
        StrataLog.logger.error("CIFilter \(model.type.name): setValue(_:forKey:) rejected: invalid value for \(key): expected \(expected)")
    }

    /// The names of the filters Strata draws (every category: Core Image's categories are not kept).
    open class func filterNames(inCategory category: String?) -> [String] { FilterType.allCases.map(\.name) }

    open override var description: String { "CIFilter(\(model.type.name), name: \(name))" }
}
