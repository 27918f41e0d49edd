import Foundation
import StrataCore
import StrataProtocol

/// `emitter`: one emitter layer whose cell keeps `particles` alive in steady state (a 4×4 soft dot, rate
/// particles / 2 s for 2 s, emitted in every direction, additive). Frames start 10 s into the layer's time,
/// when the system is already steady: the server's CPU per frame should not grow with the count, since
/// every particle is evaluated on the GPU.
enum EmitterScenario {
    /// The time the benchmark's frames start at (the layer's births start at 0).
    static let startTime = 10.0

    static func scene(particles n: Int, width: Int, height: Int) throws -> (Commit, [SharedPixelBuffer]) {
        var ops = BenchCommand.root(width: width, height: height, background: Color(red: 0, green: 0, blue: 0, alpha: 1))
        // The particle image: a 4×4 dot, brighter in the middle.
        var pixels: [UInt8] = []
        for y in 0..<4 { for x in 0..<4 { let a: UInt8 = (1...2).contains(x) && (1...2).contains(y) ? 255 : 96; pixels += [a, a, a, a] } }
        let buffer = try SharedPixelBuffer(byteCount: pixels.count, name: "strata-bench-dot")
        buffer.write(pixels)
        buffer.seal()
        let image: ImageID = 1 << 32
        var cell = EmitterCellModel(name: "dot")
        cell.contentsImage = image
        cell.birthRate = CGFloat(n) / 2
        cell.lifetime = 2
        cell.velocity = CGFloat(min(width, height)) / 5
        cell.velocityRange = cell.velocity / 2
        cell.emissionRange = .pi
        cell.color = Color(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        cell.alphaSpeed = -0.4
        let e: LayerID = 2
        ops += [.defineImage(image, width: 4, height: 4, fdIndex: 0),
                .createLayer(e, kind: .emitter),
                .setProperty(e, .bounds, .rect(CGRect(x: 0, y: 0, width: width, height: height))),
                .setProperty(e, .position, .point(CGPoint(x: width / 2, y: height / 2))),
                .setProperty(e, .emitterPosition, .point(CGPoint(x: width / 2, y: height / 2))),
                .setProperty(e, .renderMode, .scalar(CGFloat(EmitterRenderMode.additive.rawValue))),
                .setProperty(e, .emitterCells, .emitterCells([cell])),
                .insertSublayer(parent: 1, child: e, index: 0),
                .attachRoot(1)]
        return (Commit(transactionID: 1, operations: ops, fdCount: 1), [buffer])
    }
}
