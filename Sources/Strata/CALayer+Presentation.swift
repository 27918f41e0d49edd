import Foundation
import Logging
import StrataCore
import StrataProtocol

extension CALayer {
    // MARK: presentation

    /// `presentation()` at an explicit media time (Strata addition for tools and tests).
    public func presentation(at time: CFTimeInterval) -> Self? {
        LayerLock.with { () -> Self? in
            guard hasBeenCommitted, !isPresentationCopy else { return isPresentationCopy ? self : nil }
            let copy = LayerConstruction.presentationCopy(of: self)
            copy.modelValues = presentationModel(at: time)
            copy.contentsImage = presentedContents(copy.modelValues.contents)
            copy.customValues = presentationCustomValues(at: time)
            copy.presentedLayer = self
            copy.presentationTime = time
            return copy
        }
    }

    /// The image a presented `contents` shows most (a crossfade's end nearer its fraction), as a CGImage: the
    /// layer's own, or one a `contents` animation names.
    func presentedContents(_ presented: ContentsImage) -> CGImage? {
        let id = presented.dominant
        if id == 0 { return nil }
        if contentsImage?.imageID == id { return contentsImage }
        return animationEntries.lazy.flatMap(\.animation.contentsImages).first { $0.imageID == id }
    }

    /// Presentation at global media time `time`: the committed animations run in the layer's local time.
    func presentationModel(at time: Double) -> LayerModel {
        let committed = animationEntries.filter(\.committed).map { AttachedAnimation(key: $0.key, spec: $0.spec) }
        guard !committed.isEmpty else { return committedModel }
        // An inactive layer time (outside a cycling layer's active interval, no fill) shows the model.
        guard let local = timeSpace(committed: true).activeLocal(fromGlobal: time) else { return committedModel }
        return Presentation.apply(committed, to: committedModel, at: local)
    }
}
