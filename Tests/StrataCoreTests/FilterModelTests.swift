import Foundation
@testable import StrataCore
import Testing

/// Filters as the core model carries them: Core Image's names and defaults, key paths into named filters,
/// and an animation's values clamped into an input's range.
@Suite struct FilterModelTests {
    @Test func typesAreFoundByCoreImagesAndCoreAnimationsNames() {
        #expect(FilterType(name: "CIGaussianBlur") == .gaussianBlur)
        #expect(FilterType(name: "CIMultiplyBlendMode") == .multiplyBlendMode)
        #expect(FilterType(name: "multiplyBlendMode") == .multiplyBlendMode)
        #expect(FilterType(name: "CILuminosityBlendMode") == .luminosityBlendMode)
        #expect(FilterType(name: "CIBloom") == nil)
        #expect(FilterType.allCases.allSatisfy { FilterType(name: $0.name) == $0 })
    }

    @Test func aNewFilterHasCoreImagesDefaults() {
        let blur = FilterModel(type: .gaussianBlur)
        #expect(blur.name == "CIGaussianBlur" && blur.value(forKey: "inputRadius") == .scalar(10))
        let controls = FilterModel(type: .colorControls)
        #expect(controls.value(forKey: "inputSaturation") == .scalar(1) && controls.value(forKey: "inputContrast") == .scalar(1))
        #expect(FilterModel(type: .colorMatrix).value(forKey: "inputGVector") == .numbers([0, 1, 0, 0]))
    }

    @Test func setValueRefusesUnknownKeysAndValuesOutOfRange() {
        var blur = FilterModel(type: .gaussianBlur, name: "blur")
        #expect(throws: StrataError.unsupported("filter CIGaussianBlur key inputFoo")) { try blur.setValue(.scalar(1), forKey: "inputFoo") }
        #expect(throws: StrataError.self) { try blur.setValue(.scalar(-1), forKey: "inputRadius") }
        #expect(throws: StrataError.self) { try blur.setValue(.scalar(.infinity), forKey: "inputRadius") }
        #expect(throws: StrataError.self) { try blur.setValue(.numbers([1, 2]), forKey: "inputRadius") }
    }

    @Test func keyPathsReachANamedFiltersInputs() throws {
        let kp = try LayerKeyPath(parsing: "filters.blur.inputRadius")
        #expect(kp.property == .filters && kp.isAnimatable && kp.kind == .scalar && kp.description == "filters.blur.inputRadius")
        #expect(try LayerKeyPath(parsing: "backgroundFilters.frost.enabled").kind == .bool)
        #expect(try LayerKeyPath(parsing: "filters.tint.inputRVector").kind == .numbers)
        #expect(throws: StrataError.self) { try LayerKeyPath(parsing: "filters.blur.inputNothing") }
        var model = LayerModel()
        model.filters = [FilterModel(type: .colorInvert, name: "inv"), FilterModel(type: .gaussianBlur, name: "blur")]
        model[kp] = .scalar(4)
        #expect(model[kp] == .scalar(4) && model.filters[1].numbers("inputRadius") == [4])
        // A name that matches no filter reads zero and writes nothing.
        let missing = try LayerKeyPath(parsing: "filters.none.inputRadius")
        model[missing] = .scalar(9)
        #expect(model[missing] == .scalar(0) && model.filters[1].numbers("inputRadius") == [4])
    }

    @Test func anAnimationsValuePastTheRangeIsClamped() throws {
        var model = LayerModel()
        model.filters = [FilterModel(type: .gaussianBlur, name: "blur")]
        let kp = try LayerKeyPath(parsing: "filters.blur.inputRadius")
        model[kp] = .scalar(-3) // a spring overshooting 0
        #expect(model.filters[0].numbers("inputRadius") == [0])
    }
}
