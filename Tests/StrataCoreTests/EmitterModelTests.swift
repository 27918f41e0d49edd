import Foundation
import Testing
import StrataCore

@Suite("Emitter model: defaults, names, validation, bounds, cell key paths")
struct EmitterModelTests {
    @Test func layerDefaults() {
        let m = EmitterModel()
        #expect(m.emitterCells.isEmpty)
        #expect(m.birthRate == 1 && m.lifetime == 1 && m.velocity == 1 && m.scale == 1 && m.spin == 1)
        #expect(m.emitterPosition == .zero && m.emitterZPosition == 0 && m.emitterSize == .zero && m.emitterDepth == 0)
        #expect(m.emitterShape == .point && m.emitterMode == .volume && m.renderMode == .unordered)
        #expect(!m.preservesDepth && m.seed == 0)
    }

    @Test func cellDefaults() {
        let c = EmitterCellModel()
        #expect(c.name == nil && c.isEnabled && c.birthRate == 0 && c.lifetime == 0 && c.lifetimeRange == 0)
        #expect(c.emissionLatitude == 0 && c.emissionLongitude == 0 && c.emissionRange == 0)
        #expect(c.velocity == 0 && c.velocityRange == 0 && c.xAcceleration == 0 && c.yAcceleration == 0 && c.zAcceleration == 0)
        #expect(c.scale == 1 && c.scaleRange == 0 && c.scaleSpeed == 0 && c.spin == 0 && c.spinRange == 0)
        #expect(c.color == .white && c.redRange == 0 && c.alphaRange == 0 && c.redSpeed == 0 && c.alphaSpeed == 0)
        #expect(c.contentsImage == nil && c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && c.contentsScale == 1)
        #expect(c.minificationFilter == .linear && c.magnificationFilter == .linear && c.emitterCells.isEmpty)
        #expect(c.timing == MediaTiming())
        #expect(c.emissionWindow == (0, .infinity))
    }

    @Test func coreAnimationNames() {
        #expect(EmitterShape.names == ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
        #expect(EmitterMode.names == ["points", "outline", "surface", "volume"])
        #expect(EmitterRenderMode.names == ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])
        #expect(EmitterShape(name: "cuboid") == .cuboid && EmitterMode(name: "outline") == .outline)
        #expect(EmitterRenderMode(name: "additive") == .additive && EmitterShape(name: "kCAEmitterLayerPoint") == nil)
    }

    @Test func emissionWindowFollowsTiming() {
        var c = EmitterCellModel()
        c.timing.beginTime = 1; c.timing.duration = 2
        #expect(c.emissionWindow == (1, 3))
        c.timing.speed = 2
        #expect(c.emissionWindow == (1, 2))
        c.timing.repeatCount = 3
        #expect(c.emissionWindow == (1, 4))
        c.timing.timeOffset = 0.5
        #expect(c.emissionWindow == (1, 4))
        c.timing.speed = 0
        #expect(c.emissionWindow == (0, 0) && !c.emits(at: 0))
        c.timing = MediaTiming(); c.timing.beginTime = 1
        #expect(!c.emits(at: 0.999) && c.emits(at: 1) && c.emits(at: 1e9))
        c.isEnabled = false
        #expect(!c.emits(at: 2))
    }

    static func fireAndSmoke() -> EmitterModel {
        var smoke = EmitterCellModel(name: "smoke")
        smoke.birthRate = 3
        var fire = EmitterCellModel(name: "fire")
        fire.emitterCells = [EmitterCellModel(), smoke]
        var m = EmitterModel()
        m.emitterCells = [EmitterCellModel(name: "spark"), fire]
        return m
    }

    @Test func flattenedIDsAreDepthFirst() {
        let cells = Self.fireAndSmoke().flattenedCells
        #expect(cells.map(\.id) == [0, 1, 2, 3])
        #expect(cells.map(\.indexPath) == [[0], [1], [1, 0], [1, 1]])
        #expect(cells.map(\.parentID) == [nil, nil, 1, 1])
        #expect(cells[3].cell.name == "smoke")
    }

    @Test func validationNamesCellAndKey() {
        var m = Self.fireAndSmoke()
        #expect(m.validationError() == nil)
        m.emitterCells[1].birthRate = -1
        #expect(m.validationError() == "emitter cell \"fire\" (emitterCells[1]): birthRate must be ≥ 0, got -1.0")
        m.emitterCells[1].birthRate = 1
        m.emitterCells[1].emitterCells[0].lifetime = .nan
        #expect(m.validationError() == "emitter cell emitterCells[1].emitterCells[0]: lifetime must be finite, got nan")
        m.emitterCells[1].emitterCells[0].lifetime = 1
        m.emitterCells[1].emitterCells[1].contentsScale = 0
        #expect(m.validationError() == "emitter cell \"smoke\" (emitterCells[1].emitterCells[1]): contentsScale must be finite and > 0, got 0.0")
        m.emitterCells[1].emitterCells[1].contentsScale = 2
        m.emitterCells[0].velocity = -5
        m.emitterCells[0].spin = -1
        m.emitterCells[0].alphaSpeed = -0.5
        #expect(m.validationError() == nil)
        m.emitterCells[0].velocityRange = -1
        #expect(m.validationError() == "emitter cell \"spark\" (emitterCells[0]): velocityRange must be ≥ 0, got -1.0")
        m.emitterCells[0].velocityRange = 0
        m.emitterCells[0].greenRange = -0.1
        #expect(m.validationError() == "emitter cell \"spark\" (emitterCells[0]): greenRange must be ≥ 0, got -0.1")
        m.emitterCells[0].greenRange = 0
        m.emitterSize.width = -1
        #expect(m.validationError() == "emitter layer: emitterSize.width must be ≥ 0, got -1.0")
        m.emitterSize.width = 1
        m.velocity = .infinity
        #expect(m.validationError() == "emitter layer: velocity must be finite, got inf")
    }

    @Test(arguments: ["birthRate", "lifetime", "lifetimeRange", "emissionRange", "velocityRange", "scale",
                      "scaleRange", "spinRange", "redRange", "greenRange", "blueRange", "alphaRange"])
    func negativeRejected(key: String) throws {
        var m = EmitterModel()
        m.emitterCells = [EmitterCellModel(name: "c")]
        try m.setCellValue(.scalar(-0.5), forKeyPath: ["emitterCells", "c", key])
        #expect(m.validationError() == "emitter cell \"c\" (emitterCells[0]): \(key) must be ≥ 0, got -0.5")
    }

    /// A chain of `depth` cells, each the only sub-cell of the one before.
    static func chain(_ depth: Int) -> EmitterModel {
        var cell = EmitterCellModel()
        for _ in 1..<depth { var parent = EmitterCellModel(); parent.emitterCells = [cell]; cell = parent }
        var m = EmitterModel()
        m.emitterCells = [cell]
        return m
    }

    @Test func depthAndCountBounds() {
        #expect(EmitterCellModel.maxDepth == 4 && EmitterCellModel.maxCells == 64)
        #expect(Self.chain(4).validationError() == nil)
        #expect(Self.chain(5).validationError()
            == "emitter cell emitterCells[0].emitterCells[0].emitterCells[0].emitterCells[0].emitterCells[0]: nested 5 levels deep, at most 4 allowed")
        var m = EmitterModel()
        m.emitterCells = Array(repeating: EmitterCellModel(), count: 64)
        #expect(m.validationError() == nil)
        m.emitterCells[63].emitterCells = [EmitterCellModel()]
        #expect(m.validationError() == "emitter layer: 65 emitter cells, at most 64 allowed")
    }

    @Test func cellKeyPaths() throws {
        var m = Self.fireAndSmoke()
        let path = ["emitterCells", "fire", "emitterCells", "smoke", "birthRate"]
        let found = try #require(m.locateCell(path))
        #expect(found.indexPath == [1, 1] && found.key == "birthRate")
        #expect(m.cellValue(forKeyPath: path) == .scalar(3))
        try m.setCellValue(.scalar(30), forKeyPath: path)
        #expect(m.emitterCells[1].emitterCells[1].birthRate == 30)
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        try m.setCellValue(.color(red), forKeyPath: ["emitterCells", "fire", "color"])
        #expect(m.emitterCells[1].color == red)
        #expect(m.cellValue(forKeyPath: ["emitterCells", "fire", "enabled"]) == .bool(true))
        try m.setCellValue(.bool(false), forKeyPath: ["emitterCells", "spark", "enabled"])
        #expect(!m.emitterCells[0].isEnabled)
        #expect(m.locateCell(["emitterCells", "fire"]) == nil)
        #expect(m.locateCell(["emitterCells", "ash", "birthRate"]) == nil)
        #expect(m.locateCell(["birthRate"]) == nil)
        #expect(m.cellValue(forKeyPath: ["emitterCells", "fire", "contents"]) == nil)
        #expect(throws: StrataError.invalidValue(key: "velocity", expected: "a number")) {
            try m.setCellValue(.color(red), forKeyPath: ["emitterCells", "fire", "velocity"])
        }
        #expect(throws: StrataError.invalidValue(key: "color", expected: "a colour")) {
            try m.setCellValue(.color(nil), forKeyPath: ["emitterCells", "fire", "color"])
        }
        #expect(throws: StrataError.unsupported("key path emitterCells.ash.velocity")) {
            try m.setCellValue(.scalar(1), forKeyPath: ["emitterCells", "ash", "velocity"])
        }
        #expect(throws: StrataError.unsupported("emitter cell key bogus")) {
            try m.setCellValue(.scalar(1), forKeyPath: ["emitterCells", "fire", "bogus"])
        }
    }
}
