import Foundation
import StrataProtocol

/// Text layers' layouts from the text worker, handed over on the frame thread (docs/security.md,
/// *Third-party text code*).
extension Compositor {
    /// Hands the text worker's finished layouts to their layers, warns of fonts they found missing, reports
    /// failures, and has every output drawn again (damage keeps the repaint to what the new text changed).
    /// Returns how many arrived.
    @discardableResult
    public func collectTextLayouts() -> Int {
        guard let service = textLayouts else { return 0 }
        let arrived = service.collect()
        // A client whose updates are deferred gets its layouts with its next applied commits: a new layout
        // would otherwise make every frame a rebuild, as its commits would.
        var shown: [TextLayoutService.Delivery] = []
        for delivery in arrived {
            if rendersWithBudgets, budgets.every(delivery.ticket.client) > 1 { heldLayouts.append(delivery) } else { shown.append(delivery) }
        }
        for delivery in shown { handOver(delivery) }
        for delivery in arrived {
            for missing in delivery.missingFonts { FontWarnings.shared.warn(missing.name, using: missing.using) }
            if case .failed(let reason) = delivery.outcome, scenes[delivery.ticket.client] != nil {
                events?.textLayoutFailed(client: delivery.ticket.client, layer: delivery.ticket.layer, reason: reason)
            }
        }
        if !shown.isEmpty { redrawEverywhere() }
        return arrived.count
    }

    /// Gives a layout to its layer, which shows it when next drawn.
    func handOver(_ delivery: TextLayoutService.Delivery) {
        delivery.ticket.outcome = delivery.outcome
        scenes[delivery.ticket.client]?.changes &+= 1
    }
}
