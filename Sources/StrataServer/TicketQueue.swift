/// One client's layouts waiting for the text worker, first in first out. Taking the first is O(1) and
/// modifies the queue in place: the text thread takes one under the service's lock, which the frame
/// thread needs to submit, and a copy of a 1,000-ticket array there (a hostile client's labels) kept the
/// frame thread waiting on a niced thread for milliseconds.
struct TicketQueue {
    private var items: [TextLayoutTicket] = []
    private var head = 0

    var count: Int { items.count - head }
    var isEmpty: Bool { head == items.count }

    mutating func append(_ ticket: TextLayoutTicket) { items.append(ticket) }

    mutating func popFirst() -> TextLayoutTicket? {
        guard head < items.count else { return nil }
        let ticket = items[head]
        head += 1
        // The taken front goes once it is the larger half (amortised O(1)).
        if head > 32, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return ticket
    }

    /// Removes `ticket` if it is waiting; whether it was.
    mutating func remove(_ ticket: TextLayoutTicket) -> Bool {
        guard let i = items[head...].firstIndex(where: { $0 === ticket }) else { return false }
        items.remove(at: i)
        return true
    }
}
