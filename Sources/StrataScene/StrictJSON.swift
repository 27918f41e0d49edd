import Foundation

/// JSON read with JSONDecoder, which keeps booleans and numbers apart (JSONSerialization on Linux hands
/// back NSNumber for both, so `true` would pass as 1). Converted to plain Swift values: Bool, Double,
/// String, [Any], [String: Any] and NSNull.
enum StrictJSON: Decodable {
    case bool(Bool), number(Double), string(String), array([StrictJSON]), object([String: StrictJSON]), null

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([StrictJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: StrictJSON].self)) }
    }

    var value: Any {
        switch self {
        case .bool(let b): b
        case .number(let n): n
        case .string(let s): s
        case .array(let a): a.map(\.value)
        case .object(let o): o.mapValues(\.value)
        case .null: NSNull()
        }
    }

    static func parse(_ data: Data) throws -> Any {
        do { return try JSONDecoder().decode(StrictJSON.self, from: data).value } catch let DecodingError.dataCorrupted(context) {
            throw SceneError("scene is not valid JSON: \(context.underlyingError.map { "\($0)" } ?? context.debugDescription)")
        } catch {
            throw SceneError("scene is not valid JSON: \(error)")
        }
    }
}
