import Foundation
@testable import Strata
import StrataCore
import StrataProtocol
import Testing

extension ClientProcessSuite {
/// CAEmitterLayer and CAEmitterCell on the client: Apple's API and defaults, cells copied when set, the
/// cells' images sent before the cells that name them, and key paths into named cells.
@Suite struct EmitterClientTests {
    /// The seed's D19, as its Swift port reads (Listing 6.13).
    static func fire(image: CGImage?) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        emitter.renderMode = .additive
        emitter.emitterPosition = CGPoint(x: emitter.frame.size.width / 2, y: emitter.frame.size.height / 2)
        let cell = CAEmitterCell()
        cell.name = "fire"
        cell.contents = image
        cell.birthRate = 150
        cell.lifetime = 5.0
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1.0).cgColor // UIColor renamed CGColor
        cell.alphaSpeed = -0.4
        cell.velocity = 50
        cell.velocityRange = 50
        cell.emissionRange = .pi * 2.0
        emitter.emitterCells = [cell]
        return emitter
    }

    @Test func defaultsAreCoreAnimations() {
        let e = CAEmitterLayer(), c = CAEmitterCell()
        #expect(e.birthRate == 1 && e.lifetime == 1 && e.velocity == 1 && e.scale == 1 && e.spin == 1 && e.seed == 0)
        #expect(e.emitterShape == .point && e.emitterMode == .volume && e.renderMode == .unordered && !e.preservesDepth)
        #expect(e.emitterCells == nil && e.emitterPosition == .zero && e.emitterSize == .zero)
        #expect(c.birthRate == 0 && c.lifetime == 0 && c.scale == 1 && c.isEnabled && c.contents == nil)
        #expect(c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && c.minificationFilter == "linear")
        #expect(c.color?.color == Color.white)
    }

    @Test func cellsAreCopiedWhenSetAndReachableByKeyPath() throws {
        let emitter = Self.fire(image: nil)
        let cell = try #require(emitter.emitterCells?.first)
        cell.birthRate = 10 // not seen until the cells are set again
        #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? CGFloat == 150)
        emitter.setValue(20, forKeyPath: "emitterCells.fire.birthRate")
        #expect(emitter.value(forKeyPath: "emitterCells.fire.birthRate") as? CGFloat == 20)
        #expect(emitter.modelValues.emitter.emitterCells.first?.birthRate == 20)
        emitter.emitterCells = [cell]
        #expect(emitter.modelValues.emitter.emitterCells.first?.birthRate == 10)
    }

    @Test func theCellsImagesGoOutBeforeTheCellsAndAreReleasedWhenNoCellShowsThem() throws {
        let image = try #require(CGImage(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16)))
        let emitter = Self.fire(image: image)
        CATransaction.flush() // the committed values are what goes out
        let table = ImageTable()
        var encoder = CommitEncoder(images: table)
        try encoder.encode([emitter])
        let define = encoder.operations.firstIndex { if case .defineImage(image.imageID, 2, 2, _, _) = $0 { true } else { false } }
        let cells = encoder.operations.firstIndex { if case .setProperty(_, .emitterCells, _) = $0 { true } else { false } }
        #expect(try #require(define) < #require(cells))
        #expect(encoder.buffers.count == 1)
        // Cells without the image: the image is released after the new cells go out.
        let plain = CAEmitterCell()
        plain.birthRate = 3
        emitter.emitterCells = [plain]
        CATransaction.flush()
        var next = CommitEncoder(images: table)
        try next.encode([emitter])
        #expect(next.operations.contains { if case .releaseImage(image.imageID) = $0 { true } else { false } })
        #expect(!next.operations.contains { if case .defineImage = $0 { true } else { false } })
    }

    @Test func badCellValuesAreRejectedNamingCellAndKey() {
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "smoke"
        cell.lifetime = -2
        let logged = LogCapture.messages { emitter.emitterCells = [cell] }
        #expect(logged.contains { $0.contains(#"emitter cell "smoke" (emitterCells[0]): lifetime must be ≥ 0, got -2.0"#) })
        #expect(emitter.modelValues.emitter.emitterCells.isEmpty)
        #expect(emitter.emitterCells == nil, "the rejected cells are not the layer's")
    }
}
}
