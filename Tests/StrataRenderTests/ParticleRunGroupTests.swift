import Foundation
import StrataCore
import StrataDisplay
@testable import StrataRender
import Testing

extension ParticleGPUTests {
    /// A cell's runs of births (a rate animated frame by frame makes one a frame) go out
    /// `ParticleUniforms.runsPerDraw` to a draw: the pixels are those of a draw per run, in fewer draws.
    @Test func runsGoOutSixteenToADrawWithThePixelsOfADrawEach() throws {
        let image = WhiteImage(id: 950, size: 4)
        var cell = Self.resting { $0.color = Color(red: 0.9, green: 0.5, blue: 0.2, alpha: 0.6) }
        cell.velocity = 9
        cell.emissionRange = 2 * .pi
        cell.lifetime = 3
        // 20 runs, each a tenth of a second of births at a rate of its own, indices consecutive.
        var runs: [EmitterFrame.Run] = []
        var index: UInt32 = 0, birth = 0.0
        for i in 0..<20 {
            let rate = Double(10 + 3 * i), count = UInt32(rate / 10)
            runs.append(EmitterFrame.Run(firstIndex: index, count: count, firstBirth: birth, rate: rate))
            index += count
            birth += Double(count) / rate + 0.05 // a gap: each run's births are its own
        }
        var layer = EmitterModel()
        layer.emitterCells = [cell]
        layer.emitterPosition = CGPoint(x: 12, y: 9)
        func frame(_ runs: [EmitterFrame.Run]) -> EmitterFrame {
            EmitterFrame(layer: layer, time: 2.2, cells: [EmitterFrame.Cell(id: 0, parentID: nil, cell: cell, texture: image.image, runs: runs)])
        }
        let grouped = try Self.draw([.content(EmitterDraw(matrix: .identity, frame: frame(runs), alpha: 1, tint: .white))])
        let single = try Self.draw(runs.map { .content(EmitterDraw(matrix: .identity, frame: frame([$0]), alpha: 1, tint: .white)) })
        #expect(grouped.drawCalls == 2 && single.drawCalls == 20)
        let differing = zip(grouped.pixels, single.pixels).filter { $0 != $1 }.count
        #expect(grouped.pixels.count == single.pixels.count && differing == 0, "\(differing) channel values differ")
        #expect(grouped.pixels.contains { $0 != 0 })
    }

    static func draw(_ commands: [DrawCommand]) throws -> (pixels: [UInt8], drawCalls: Int) {
        let display = try HeadlessDisplay(width: width, height: height)
        defer { display.releaseCurrent() }
        let renderer = try Renderer()
        var list = DrawList()
        list.clearColor = .clear
        list.commands = commands
        let counters = try renderer.render(list, framebuffer: display.framebuffer, width: width, height: height)
        return (try display.readPixels().pixels, counters.drawCalls)
    }
}
