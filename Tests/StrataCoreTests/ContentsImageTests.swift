import Foundation
@testable import StrataCore
import Testing

/// `contents` as animations carry it: a crossfade between two images by the client's ids.
@Suite struct ContentsImageTests {
    @Test func aCrossfadeAtAnEndOrBetweenOneImageIsThatImage() {
        #expect(ContentsImage(from: 3, to: 9, fraction: 0) == ContentsImage(3))
        #expect(ContentsImage(from: 3, to: 9, fraction: 1) == ContentsImage(9))
        #expect(ContentsImage(from: 3, to: 3, fraction: 0.5) == ContentsImage(3))
        #expect(ContentsImage(from: 3, to: 9, fraction: .nan) == ContentsImage(3))
        let mid = ContentsImage(from: 3, to: 9, fraction: 0.25)
        #expect(mid.isCrossfade && mid.dominant == 3 && mid.images == [3, 9])
        #expect(ContentsImage(from: 0, to: 9, fraction: 0.5).images == [9])
        #expect(ContentsImage(from: 3, to: 9, fraction: 0.5).dominant == 9)
    }

    @Test func interpolatingCrossfadesBetweenTheImagesEachEndShowsMost() {
        let a = AnimatableValue.image(ContentsImage(3)), b = AnimatableValue.image(ContentsImage(9))
        #expect(Interpolation.interpolate(a, b, 0.4) == .image(ContentsImage(from: 3, to: 9, fraction: 0.4)))
        // A spring overshooting its end shows the end image.
        #expect(Interpolation.interpolate(a, b, 1.2) == b)
        // From a crossfade part-way (a keyframe value, an interrupted fade): from the image it shows most.
        let partWay = AnimatableValue.image(ContentsImage(from: 3, to: 5, fraction: 0.75))
        #expect(Interpolation.interpolate(partWay, b, 0.5) == .image(ContentsImage(from: 5, to: 9, fraction: 0.5)))
    }

    @Test func aContentsAnimationNamesItsImagesAndTakesNoByValue() throws {
        let kp = LayerKeyPath(property: .contents)
        let frames = AnimationSpec(keyPath: kp, kind: .keyframe(Keyframes(values: [.image(ContentsImage(4)), .image(.none), .image(ContentsImage(7)), .image(ContentsImage(4))])))
        #expect(frames.contentsImages == [4, 7])
        try frames.validate()
        let group = AnimationSpec(keyPath: nil, kind: .group([frames, AnimationSpec(keyPath: kp, kind: .basic(from: nil, to: .image(ContentsImage(8)), by: nil))]))
        #expect(group.contentsImages == [4, 7, 8])
        let by = AnimationSpec(keyPath: kp, kind: .basic(from: nil, to: nil, by: .image(ContentsImage(8))))
        #expect(throws: StrataError.self) { try by.validate() }
        #expect(!LayerProperty.contents.travelsAsProperty && LayerProperty.opacity.travelsAsProperty)
        #expect(LayerProperty.contents.animation == .explicitOnly)
    }
}
