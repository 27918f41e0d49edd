import Foundation
import StrataCore
import StrataRender

/// StrataLayerHost (Apple's CALayerHost): draws as a plain layer (background, contents, border, shadow,
/// mask, corner radius, filters all apply), then the context bound to it, another client's layer tree,
/// placed in its sublayer space as a first sublayer would be, then its own sublayers over that.
/// It is never culled as a whole: what it shows changes with another client's commits, which its own
/// client's cached extent does not see.
struct HostLayerContent: LayerKindContent {
    func appendSublayers(_ node: RenderNode, matrix m: Transform3D, alpha: CGFloat, builder: DrawListBuilder, into list: inout DrawList) {
        if let layer = node.links.hosting?.layer, builder.hostingDepth < ContextRegistry.maxNesting, builder.replication == 1 {
            let p = node.drawnValues
            let flattened = DrawListBuilder.flattened(m)
            var inner = builder
            // The hosted tree runs in its own time, not in a delayed copy's, one level deeper.
            inner.copyShift = 0
            inner.hostingDepth += 1
            let base = p.hasSublayerSpace ? p.sublayerToLocal * flattened : flattened
            let mark = builder.hostedCosts?.begin(commands: list.commands.count)
            inner.emitInPaintersOrder([layer], parentToTarget: base, alpha: alpha, into: &list)
            if let mark, let costs = builder.hostedCosts, let exporter = layer.owner?.clientID {
                costs.end(mark, exporter: exporter, list: list)
            }
        }
        builder.emitFlattenedSublayers(node, matrix: m, alpha: alpha, into: &list)
    }
}

/// What building the hosted trees of a frame cost, by exporter (render budgets charge it to the exporter,
/// not to the host whose root holds it): milliseconds and draw cost, nested hosting counted once.
final class HostedCosts {
    private(set) var milliseconds: [UInt32: Double] = [:]
    private(set) var drawCost: [UInt32: Int] = [:]
    /// Everything charged so far (a hosted tree's own share leaves out the trees hosted inside it).
    private(set) var totalMilliseconds = 0.0
    private(set) var totalDrawCost = 0

    struct Mark { let started: UInt64, commands: Int, charged: Double, chargedCost: Int }

    func begin(commands: Int) -> Mark {
        Mark(started: DispatchTime.now().uptimeNanoseconds, commands: commands, charged: totalMilliseconds, chargedCost: totalDrawCost)
    }

    func end(_ mark: Mark, exporter: UInt32, list: DrawList) {
        let spent = Double(DispatchTime.now().uptimeNanoseconds - mark.started) / 1e6 - (totalMilliseconds - mark.charged)
        let cost = DrawCost.of(list.commands[mark.commands...]) - (totalDrawCost - mark.chargedCost)
        milliseconds[exporter, default: 0] += spent
        drawCost[exporter, default: 0] += cost
        totalMilliseconds += spent
        totalDrawCost += cost
    }
}

/// How much drawing a run of commands costs (a content's own cost, 1 for any other command): what render
/// budgets count a client's layers by.
enum DrawCost {
    static func of(_ commands: ArraySlice<DrawCommand>) -> Int {
        commands.reduce(0) { n, command in
            if case .content(let content) = command { n + content.drawCost } else { n + 1 }
        }
    }
}
