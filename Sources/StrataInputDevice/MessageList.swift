/// Messages waiting for the server's log. Nobody may drain them for a long time: the first ones are
/// kept, the rest only counted.
struct MessageList {
    private(set) var messages: [String] = []
    private var dropped = 0
    static let limit = 100

    mutating func append(_ message: String) {
        if messages.count < Self.limit { messages.append(message) } else { dropped += 1 }
    }

    /// The messages so far, oldest first (with a count of those not kept), emptying the list.
    mutating func take() -> [String] {
        defer { messages.removeAll(); dropped = 0 }
        return dropped == 0 ? messages : messages + ["\(dropped) more not shown"]
    }
}
