import Foundation
import StrataCore

// Core Image's typed filter builders (`import CoreImage.CIFilterBuiltins`: `CIFilter.gaussianBlur()` with
// `radius`), for the filters Strata draws. Each is a `CIFilter` whose typed properties set its inputs, so
// `let blur = CIFilter.gaussianBlur(); blur.radius = 8; layer.filters = [blur]` ports as it is. Image
// inputs (`inputImage`) are absent: a layer's pixels are its filters' input.

public protocol CIFilterProtocol: AnyObject {}

public protocol CIGaussianBlur: CIFilterProtocol {
    var radius: Float { get set }
}

public protocol CIColorMatrix: CIFilterProtocol {
    var rVector: CIVector { get set }
    var gVector: CIVector { get set }
    var bVector: CIVector { get set }
    var aVector: CIVector { get set }
    var biasVector: CIVector { get set }
}

public protocol CIColorControls: CIFilterProtocol {
    var saturation: Float { get set }
    var brightness: Float { get set }
    var contrast: Float { get set }
}

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

    public class func gaussianBlur() -> CIFilter & CIGaussianBlur { builtin(.gaussianBlur) }
    public class func colorMatrix() -> CIFilter & CIColorMatrix { builtin(.colorMatrix) }
    public class func colorControls() -> CIFilter & CIColorControls { builtin(.colorControls) }
    public class func colorInvert() -> CIFilter & CIColorInvert { builtin(.colorInvert) }
    public class func multiplyBlendMode() -> CIFilter & CICompositeOperation { builtin(.multiplyBlendMode) }
    public class func screenBlendMode() -> CIFilter & CICompositeOperation { builtin(.screenBlendMode) }
    public class func overlayBlendMode() -> CIFilter & CICompositeOperation { builtin(.overlayBlendMode) }
    public class func darkenBlendMode() -> CIFilter & CICompositeOperation { builtin(.darkenBlendMode) }
    public class func lightenBlendMode() -> CIFilter & CICompositeOperation { builtin(.lightenBlendMode) }
    public class func colorDodgeBlendMode() -> CIFilter & CICompositeOperation { builtin(.colorDodgeBlendMode) }
    public class func colorBurnBlendMode() -> CIFilter & CICompositeOperation { builtin(.colorBurnBlendMode) }
    public class func softLightBlendMode() -> CIFilter & CICompositeOperation { builtin(.softLightBlendMode) }
    public class func hardLightBlendMode() -> CIFilter & CICompositeOperation { builtin(.hardLightBlendMode) }
    public class func differenceBlendMode() -> CIFilter & CICompositeOperation { builtin(.differenceBlendMode) }
    public class func exclusionBlendMode() -> CIFilter & CICompositeOperation { builtin(.exclusionBlendMode) }
    public class func hueBlendMode() -> CIFilter & CICompositeOperation { builtin(.hueBlendMode) }
    public class func saturationBlendMode() -> CIFilter & CICompositeOperation { builtin(.saturationBlendMode) }
    public class func colorBlendMode() -> CIFilter & CICompositeOperation { builtin(.colorBlendMode) }
    public class func luminosityBlendMode() -> CIFilter & CICompositeOperation { builtin(.luminosityBlendMode) }
}
