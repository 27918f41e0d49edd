import Foundation
@testable import Strata
import StrataCore
import Testing

/// CIFilter and a layer's filter properties on the client, as Core Image and Core Animation code writes
/// them: `CIFilter(name:)` and `setValue(_:forKey:)` under Core Image's keys, the filters copied into the
/// layer when set, key paths into named filters, and whatever Strata does not draw refused out loud.
@Suite struct CIFilterTests {
    @Test func aFilterIsMadeByNameAndSetUpByKey() throws {
        let blur = try #require(CIFilter(name: "CIGaussianBlur"))
        #expect(blur.name == "CIGaussianBlur" && (blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue == 10)
        blur.setValue(4, forKey: kCIInputRadiusKey)
        blur.name = "blur"
        #expect((blur.value(forKey: "inputRadius") as? NSNumber)?.doubleValue == 4)
        #expect(blur.inputKeys == ["inputImage", "inputRadius"])
        #expect(CIFilter(name: "CIBloom") == nil)
        let matrix = try #require(CIFilter(name: "CIColorMatrix", parameters: ["inputRVector": CIVector(x: 0, y: 1, z: 0, w: 0)]))
        #expect((matrix.value(forKey: "inputRVector") as? CIVector)?.stringRepresentation == "[0.0 1.0 0.0 0.0]")
        matrix.setDefaults()
        #expect((matrix.value(forKey: "inputRVector") as? CIVector) == CIVector(x: 1, y: 0, z: 0, w: 0))
    }

    @Test func theTypedBuildersSetTheSameInputs() throws {
        let blur = CIFilter.gaussianBlur()
        blur.radius = 8
        #expect((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue == 8 && blur.name == "CIGaussianBlur")
        let controls = CIFilter.colorControls()
        controls.saturation = 0.5
        controls.contrast = 1.2
        #expect(controls.saturation == 0.5 && abs(controls.contrast - 1.2) < 1e-6 && controls.brightness == 0)
        let matrix = CIFilter.colorMatrix()
        matrix.rVector = CIVector(x: 0, y: 0, z: 1, w: 0)
        #expect(matrix.rVector == CIVector(x: 0, y: 0, z: 1, w: 0))
        let layer = CALayer()
        layer.filters = [blur, controls]
        layer.compositingFilter = CIFilter.screenBlendMode()
        #expect((layer.value(forKeyPath: "filters.CIGaussianBlur.inputRadius") as? CGFloat) == 8)
        #expect((layer.compositingFilter as? CIFilter)?.name == "CIScreenBlendMode")
    }

    @Test func aWrongKeyOrValueIsLoggedAndChangesNothing() throws {
        let blur = try #require(CIFilter(name: "CIGaussianBlur"))
        let logged = LogCapture.messages {
            blur.setValue(3, forKey: "inputFoo")
            blur.setValue(-1, forKey: kCIInputRadiusKey)
            blur.setValue("wide", forKey: kCIInputRadiusKey)
        }
        #expect(logged.count == 3 && logged[0].contains("unsupported: filter CIGaussianBlur key inputFoo"), "\(logged)")
        #expect(logged[1].contains("inputRadius -1.0 is outside 0.0…1000.0"), "\(logged)")
        #expect((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue == 10)
    }

    @Test func aLayerCopiesItsFiltersWhenTheyAreSet() throws {
        let layer = CALayer()
        let blur = try #require(CIFilter(name: "CIGaussianBlur"))
        blur.name = "blur"
        blur.setValue(6, forKey: kCIInputRadiusKey)
        layer.filters = [blur, "CIColorInvert"]
        blur.setValue(20, forKey: kCIInputRadiusKey) // after setting: the layer keeps 6, as Core Animation does
        let kept = try #require(layer.filters as? [CIFilter])
        #expect(kept.map(\.name) == ["blur", "CIColorInvert"])
        #expect((layer.value(forKeyPath: "filters.blur.inputRadius") as? CGFloat) == 6)
        layer.setValue(8, forKeyPath: "filters.blur.inputRadius")
        #expect((layer.value(forKeyPath: "filters.blur.inputRadius") as? CGFloat) == 8)
        layer.filters = nil
        #expect(layer.filters == nil)
    }

    @Test func aBlendModeIsACompositingFilterByEitherName() throws {
        let layer = CALayer()
        layer.compositingFilter = "multiplyBlendMode"
        #expect((layer.compositingFilter as? CIFilter)?.name == "CIMultiplyBlendMode")
        layer.compositingFilter = CIFilter(name: "CIScreenBlendMode")
        #expect((layer.compositingFilter as? CIFilter)?.name == "CIScreenBlendMode")
        layer.compositingFilter = nil
        #expect(layer.compositingFilter == nil)
    }

    @Test func whatStrataDoesNotDrawIsRefusedNamingIt() throws {
        let layer = CALayer()
        layer.backgroundFilters = ["CIGaussianBlur"]
        let logged = LogCapture.messages {
            layer.filters = ["CIBloom"]
            layer.backgroundFilters = ["CIMultiplyBlendMode"]
            layer.compositingFilter = "CIColorInvert"
            layer.filters = Array(repeating: "CIColorInvert", count: 17)
        }
        #expect(logged.count == 4, "\(logged)")
        #expect(logged[0].contains("filters rejected: unsupported: filter CIBloom"), "\(logged)")
        #expect(logged[1].contains("backgroundFilters rejected: backgroundFilters takes no blend mode: unsupported: filter CIMultiplyBlendMode"),
                "\(logged)")
        #expect(logged[2].contains("compositingFilter rejected: compositingFilter takes only a blend mode: unsupported: filter CIColorInvert"),
                "\(logged)")
        #expect(logged[3].contains("filters takes at most 16 filters, not 17"), "\(logged)")
        // Each left the layer as it was.
        #expect((layer.backgroundFilters as? [CIFilter])?.map(\.name) == ["CIGaussianBlur"] && layer.filters == nil)
    }

    @Test func aFiltersInputAnimatesByKeyPath() throws {
        let animation = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        animation.fromValue = 0
        animation.toValue = 12
        animation.duration = 1
        let layer = CALayer()
        let blur = try #require(CIFilter(name: "CIGaussianBlur"))
        blur.name = "blur"
        layer.filters = [blur]
        let logged = LogCapture.messages { layer.add(animation, forKey: "blur") }
        #expect(logged.isEmpty, "\(logged)")
        #expect(layer.animation(forKey: "blur") != nil)
    }
}
