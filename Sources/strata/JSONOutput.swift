import Foundation

enum JSONOutput {
    /// Prints one JSON object on one line; top-level keys in `keyOrder` first, in that order.
    static func print(_ object: [String: Any], keyOrder: [String] = []) throws {
        var parts: [String] = []
        let keys = keyOrder.filter { object[$0] != nil } + object.keys.filter { !keyOrder.contains($0) }.sorted()
        for key in keys {
            guard let v = object[key] else { continue }
            let data = try JSONSerialization.data(withJSONObject: v, options: [.sortedKeys, .fragmentsAllowed])
            let k = try JSONSerialization.data(withJSONObject: key, options: [.fragmentsAllowed])
            parts.append(String(decoding: k, as: UTF8.self) + ":" + String(decoding: data, as: UTF8.self))
        }
        Swift.print("{" + parts.joined(separator: ",") + "}")
    }
}
