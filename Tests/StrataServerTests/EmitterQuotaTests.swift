import Foundation
import StrataCore
import StrataDisplay
import StrataProtocol
@testable import StrataServer
import Testing

/// `client-max-particles`: the particles a client's emitters' values keep alive, counted when cells,
/// `birthRate` or `lifetime` are set, given back when the layer goes; going over it ends the client with
/// an error naming the key, and the server serves on.
@Suite struct EmitterQuotaTests {
    static func cells(rate: CGFloat, lifetime: CGFloat, image: UInt64? = nil) -> AnimatableValue {
        var cell = EmitterCellModel(name: "fire")
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.contentsImage = image
        return .emitterCells([cell])
    }

    /// The commit failures a compositor reported.
    final class Failures: @unchecked Sendable {
        let log = CompositorEventLog()
        var messages: [String] { log.commitFailures.map(\.reason) }
    }

    /// A compositor whose client 1 may keep 1000 particles alive, and the commit failures it reports.
    static func server() throws -> (HeadlessDisplay, Compositor, Failures) {
        let display = try HeadlessDisplay(width: 32, height: 32)
        let compositor = try Compositor(display: display)
        compositor.quotas.particles = 1000
        let failures = Failures()
        compositor.events = failures.log
        compositor.addClient(1)
        return (display, compositor, failures)
    }

    @Test func theQuotaCountsEveryEmitterAndNamesItsKey() throws {
        let (display, compositor, failures) = try Self.server()
        defer { display.releaseCurrent() }
        // 150 × 5 = 750 particles: within 1000.
        compositor.submit(Commit(transactionID: 1, operations: [.createLayer(1, kind: .emitter),
                                                                .setProperty(1, .emitterCells, Self.cells(rate: 150, lifetime: 5))]), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(failures.messages.isEmpty)
        // A second emitter of 300 more goes over: the client ends, naming the key.
        compositor.submit(Commit(transactionID: 2, operations: [.createLayer(2, kind: .emitter),
                                                                .setProperty(2, .emitterCells, Self.cells(rate: 60, lifetime: 5))]), fds: [], from: 1)
        try compositor.renderFrame(at: 0.1)
        #expect(failures.messages == ["transaction 2: quota exceeded: client-max-particles is 1000 (operation 1 setProperty emitterCells of layer 2 keeps up to 300 particles alive, 750 held)"])
    }

    @Test func releasingTheLayerOrLoweringItsRateGivesParticlesBack() throws {
        let (display, compositor, failures) = try Self.server()
        defer { display.releaseCurrent() }
        let ops: [[LayerOperation]] = [
            [.createLayer(1, kind: .emitter), .setProperty(1, .emitterCells, Self.cells(rate: 150, lifetime: 5))],
            [.setProperty(1, .birthRate, .scalar(0.5))],   // 375
            [.createLayer(2, kind: .emitter), .setProperty(2, .emitterCells, Self.cells(rate: 120, lifetime: 5))],   // + 600
            [.releaseLayer(1)],   // 600
            [.createLayer(3, kind: .emitter), .setProperty(3, .emitterCells, Self.cells(rate: 80, lifetime: 5))],   // + 400
        ]
        for (i, batch) in ops.enumerated() {
            compositor.submit(Commit(transactionID: UInt64(i + 1), operations: batch), fds: [], from: 1)
            try compositor.renderFrame(at: Double(i) * 0.1)
        }
        #expect(failures.messages.isEmpty)
        // An unknown cell image is the commit's error, naming the layer and cell.
        compositor.submit(Commit(transactionID: 9, operations: [.setProperty(3, .emitterCells, Self.cells(rate: 1, lifetime: 1, image: 77))]),
                          fds: [], from: 1)
        try compositor.renderFrame(at: 1)
        #expect(failures.messages == [#"transaction 9: operation 0 setProperty emitterCells of layer 3: emitter cell "fire": unknown image id 77"#])
    }

    /// Cells are model values: what they hold counts into `client-model-bytes`, so emitters of 64 cells
    /// cannot hold the server's memory beyond the client's quota.
    @Test func cellsCountIntoTheModelBytesQuota() throws {
        let (display, compositor, failures) = try Self.server()
        defer { display.releaseCurrent() }
        let cells = (0..<64).map { EmitterCellModel(name: "cell \($0)") }
        let each = MemoryEstimate.cellBytes(cells)
        #expect(each >= 64 * MemoryLayout<EmitterCellModel>.stride)
        compositor.quotas.modelBytes = 3 * each + each / 2
        var ops: [LayerOperation] = []
        for id: LayerID in 1...4 { ops += [.createLayer(id, kind: .emitter), .setProperty(id, .emitterCells, .emitterCells(cells))] }
        compositor.submit(Commit(transactionID: 1, operations: ops), fds: [], from: 1)
        try compositor.renderFrame(at: 0)
        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.hasPrefix("transaction 1: quota exceeded: client-model-bytes") == true)
    }
}
