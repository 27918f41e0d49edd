import Foundation
import StrataCore
import StrataProtocol
import StrataText
import StrataTextWorker
@testable import StrataServer
import Testing

/// A client's queue of layouts for the text worker: first in, first out, through compaction, and a
/// cancelled ticket taken out wherever it waits.
@Suite struct TicketQueueTests {
    static func ticket(_ layer: LayerID) -> TextLayoutTicket {
        TextLayoutTicket(request: TextLayoutRequest(text: AttributedText("x"), style: TextStyle(), size: CGSize(width: 10, height: 10)),
                         client: 1, layer: layer)
    }

    @Test func ticketsComeOutInOrderAcrossCompactionsAndRemovals() {
        var queue = TicketQueue()
        let tickets = (0..<1000).map { Self.ticket(LayerID($0)) }
        for t in tickets { queue.append(t) }
        #expect(queue.count == 1000)
        var taken: [LayerID] = []
        for _ in 0..<600 { queue.popFirst().map { taken.append($0.layer) } }
        // Removing one still waiting, one already taken, then appending more: order kept.
        let waiting = queue.remove(tickets[700]), gone = queue.remove(tickets[10])
        #expect(waiting && !gone)
        queue.append(Self.ticket(5000))
        while let t = queue.popFirst() { taken.append(t.layer) }
        #expect(taken == Array(0..<600) + Array(600..<700) + Array(701..<1000) + [5000])
        let after = queue.popFirst()
        #expect(queue.isEmpty && queue.count == 0 && after == nil)
    }
}
