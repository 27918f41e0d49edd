import Foundation
import StrataCore

// Core Image's typed filter builders (`import CoreImage.CIFilterBuiltins`: `CIFilter.gaussianBlur()` with
// `radius`), for the filters Strata draws. Each is a `CIFilter` whose typed properties set its inputs, so
// `let blur = CIFilter.gaussianBlur(); blur.radius = 8; layer.filters = [blur]` ports as it is. Image
// inputs (`inputImage`) are absent: a layer's pixels are its filters' input.

/// What every typed filter of the builders conforms to (Core Image's base protocol); Strata's declares no
/// requirements: the image inputs and `outputImage` are absent.
public protocol CIFilterProtocol: AnyObject {}

/// `CIGaussianBlur`'s typed inputs, made by `CIFilter.gaussianBlur()`.
public protocol CIGaussianBlur: CIFilterProtocol {
    /// The blur's σ in points (`inputRadius`; default 10, 0…1000); a value out of range is logged and changes nothing.
    var radius: Float { get set }
}

/// `CIColorMatrix`'s typed inputs, made by `CIFilter.colorMatrix()`: each output channel is its vector's dot
/// product with the unpremultiplied (r, g, b, a), plus the bias.
public protocol CIColorMatrix: CIFilterProtocol {
    /// The weights of the red output (`inputRVector`; default (1, 0, 0, 0); numbers within −1000…1000).
    var rVector: CIVector { get set }
    /// The weights of the green output (`inputGVector`; default (0, 1, 0, 0); numbers within −1000…1000).
    var gVector: CIVector { get set }
    /// The weights of the blue output (`inputBVector`; default (0, 0, 1, 0); numbers within −1000…1000).
    var bVector: CIVector { get set }
    /// The weights of the alpha output (`inputAVector`; default (0, 0, 0, 1); numbers within −1000…1000).
    var aVector: CIVector { get set }
    /// Added to the (r, g, b, a) outputs (`inputBiasVector`; default (0, 0, 0, 0); numbers within −1000…1000).
    var biasVector: CIVector { get set }
}

/// `CIColorControls`' typed inputs, made by `CIFilter.colorControls()`: c′ = contrast · (saturation · c +
/// (1 − saturation) · luma + brightness − 0.5) + 0.5, alpha unchanged.
public protocol CIColorControls: CIFilterProtocol {
    /// The saturation factor (`inputSaturation`; default 1, 0…100; 0 is grey); out of range is logged and changes nothing.
    var saturation: Float { get set }
    /// Added to each colour channel (`inputBrightness`; default 0, −1000…1000); out of range is logged and changes nothing.
    var brightness: Float { get set }
    /// The contrast factor about mid-grey (`inputContrast`; default 1, 0…100); out of range is logged and changes nothing.
    var contrast: Float { get set }
}

/// `CIColorInvert`, made by `CIFilter.colorInvert()`: each colour channel becomes 1 − c, alpha unchanged; no inputs.
public protocol CIColorInvert: CIFilterProtocol {}

/// A blend mode's filter (`CIFilter.multiplyBlendMode()` …), for `compositingFilter`.
public protocol CICompositeOperation: CIFilterProtocol {}

/// The filter the builders make: a `CIFilter` whose typed properties read and write its inputs by key.
final class BuiltinFilter: CIFilter, CIGaussianBlur, CIColorMatrix, CIColorControls, CIColorInvert, CICompositeOperation, @unchecked Sendable {
    private func number(_ key: String) -> Float { Float((value(forKey: key) as? NSNumber)?.doubleValue ?? 0) }
    private func vector(_ key: String) -> CIVector { value(forKey: key) as? CIVector ?? CIVector(x: 0, y: 0, z: 0, w: 0) }

    var radius: Float { get { number(kCIInputRadiusKey) } set { setValue(newValue, forKey: kCIInputRadiusKey) } }
    var saturation: Float { get { number(kCIInputSaturationKey) } set { setValue(newValue, forKey: kCIInputSaturationKey) } }
    var brightness: Float { get { number(kCIInputBrightnessKey) } set { setValue(newValue, forKey: kCIInputBrightnessKey) } }
    var contrast: Float { get { number(kCIInputContrastKey) } set { setValue(newValue, forKey: kCIInputContrastKey) } }
    var rVector: CIVector { get { vector("inputRVector") } set { setValue(newValue, forKey: "inputRVector") } }
    var gVector: CIVector { get { vector("inputGVector") } set { setValue(newValue, forKey: "inputGVector") } }
    var bVector: CIVector { get { vector("inputBVector") } set { setValue(newValue, forKey: "inputBVector") } }
    var aVector: CIVector { get { vector("inputAVector") } set { setValue(newValue, forKey: "inputAVector") } }
    var biasVector: CIVector { get { vector("inputBiasVector") } set { setValue(newValue, forKey: "inputBiasVector") } }
}

extension CIFilter {
    private static func builtin(_ type: FilterType) -> BuiltinFilter { BuiltinFilter(model: FilterModel(type: type)) }

    /// A new `CIGaussianBlur` with its default radius, 10.
    public class func gaussianBlur() -> CIFilter & CIGaussianBlur { builtin(.gaussianBlur) }
    /// A new `CIColorMatrix` with the identity matrix and no bias.
    public class func colorMatrix() -> CIFilter & CIColorMatrix { builtin(.colorMatrix) }
    /// A new `CIColorControls` with saturation 1, brightness 0 and contrast 1 (no change).
    public class func colorControls() -> CIFilter & CIColorControls { builtin(.colorControls) }
    /// A new `CIColorInvert`, which inverts the colour channels.
    public class func colorInvert() -> CIFilter & CIColorInvert { builtin(.colorInvert) }
    /// A multiply blend for `compositingFilter`: the layer's colours times what lies beneath (darkens).
    public class func multiplyBlendMode() -> CIFilter & CICompositeOperation { builtin(.multiplyBlendMode) }
    /// A screen blend for `compositingFilter`: 1 − (1 − source)(1 − backdrop) (lightens).
    public class func screenBlendMode() -> CIFilter & CICompositeOperation { builtin(.screenBlendMode) }
    /// An overlay blend for `compositingFilter`: multiplies or screens by the backdrop's colour, keeping its highlights and shadows.
    public class func overlayBlendMode() -> CIFilter & CICompositeOperation { builtin(.overlayBlendMode) }
    /// A darken blend for `compositingFilter`: the darker of the layer's and the backdrop's colour, per channel.
    public class func darkenBlendMode() -> CIFilter & CICompositeOperation { builtin(.darkenBlendMode) }
    /// A lighten blend for `compositingFilter`: the lighter of the layer's and the backdrop's colour, per channel.
    public class func lightenBlendMode() -> CIFilter & CICompositeOperation { builtin(.lightenBlendMode) }
    /// A colour dodge blend for `compositingFilter`: brightens the backdrop by the layer's colour, backdrop ÷ (1 − source).
    public class func colorDodgeBlendMode() -> CIFilter & CICompositeOperation { builtin(.colorDodgeBlendMode) }
    /// A colour burn blend for `compositingFilter`: darkens the backdrop by the layer's colour, 1 − (1 − backdrop) ÷ source.
    public class func colorBurnBlendMode() -> CIFilter & CICompositeOperation { builtin(.colorBurnBlendMode) }
    /// A soft light blend for `compositingFilter`: darkens or lightens the backdrop gently, by whether the layer's colour is below or above mid-grey.
    public class func softLightBlendMode() -> CIFilter & CICompositeOperation { builtin(.softLightBlendMode) }
    /// A hard light blend for `compositingFilter`: multiplies or screens by the layer's colour (overlay with the two swapped).
    public class func hardLightBlendMode() -> CIFilter & CICompositeOperation { builtin(.hardLightBlendMode) }
    /// A difference blend for `compositingFilter`: |backdrop − source| per channel.
    public class func differenceBlendMode() -> CIFilter & CICompositeOperation { builtin(.differenceBlendMode) }
    /// An exclusion blend for `compositingFilter`: backdrop + source − 2 · backdrop · source (a softer difference).
    public class func exclusionBlendMode() -> CIFilter & CICompositeOperation { builtin(.exclusionBlendMode) }
    /// A hue blend for `compositingFilter`: the layer's hue with the backdrop's saturation and luminosity.
    public class func hueBlendMode() -> CIFilter & CICompositeOperation { builtin(.hueBlendMode) }
    /// A saturation blend for `compositingFilter`: the layer's saturation with the backdrop's hue and luminosity.
    public class func saturationBlendMode() -> CIFilter & CICompositeOperation { builtin(.saturationBlendMode) }
    /// A colour blend for `compositingFilter`: the layer's hue and saturation with the backdrop's luminosity.
    public class func colorBlendMode() -> CIFilter & CICompositeOperation { builtin(.colorBlendMode) }
    /// A luminosity blend for `compositingFilter`: the layer's luminosity with the backdrop's hue and saturation.
    public class func luminosityBlendMode() -> CIFilter & CICompositeOperation { builtin(.luminosityBlendMode) }
}
