import Foundation
import StrataCore

/// A layer's `"filters"`, `"backgroundFilters"` and `"compositingFilter"` in a scene file: an array of
/// filters, each a filter's name (`"CIColorInvert"`) or an object of its keys (`{"type": "CIGaussianBlur",
/// "name": "blur", "inputRadius": 8}`: `"type"` is Core Image's name, `"name"` what key paths find it by,
/// `"enabled"`, and the inputs, a vector as 4 numbers); `compositingFilter` is one blend mode's name
/// (`"multiplyBlendMode"`) or null. Errors name the filter and the key.
enum SceneFilters {
    static let shape = "an array of filters (a Core Image filter's name, or an object with \"type\" and its inputs)"

    static func parse(_ any: Any, at: String, property: String) throws -> [FilterModel] {
        if any is NSNull { return [] }
        let items: [Any]
        if property == "compositingFilter", !(any is [Any]) { items = [any] } else {
            guard let list = any as? [Any] else { throw SceneError("\(at) must be \(shape)") }
            items = list
        }
        let filters = try items.enumerated().map { i, item in try filter(item, at: "\(at)[\(i)]") }
        if let problem = filters.validationError(property: property) { throw SceneError("\(at): \(property) \(problem)") }
        return filters
    }

    private static func filter(_ item: Any, at: String) throws -> FilterModel {
        if let name = item as? String { return FilterModel(type: try type(name, at: at)) }
        guard let o = item as? [String: Any] else { throw SceneError("\(at) must be a filter's name or an object of its keys") }
        guard let typeName = o["type"] as? String else { throw SceneError("\(at): \"type\" must be a Core Image filter's name") }
        let type = try type(typeName, at: at)
        var name: String?
        if let v = o["name"] { guard let s = v as? String else { throw SceneError("\(at): \"name\" must be a string") }; name = s }
        var f = FilterModel(type: type, name: name)
        for key in o.keys.sorted() where key != "type" && key != "name" {
            let value: AnimatableValue
            if key == "enabled" {
                guard let b = o[key] as? Bool else { throw SceneError("\(at): \"enabled\" must be true or false") }
                value = .bool(b)
            } else if let input = type.input(key) {
                let shape = input.isVector ? "4 numbers" : "a number"
                if input.isVector {
                    guard let v = SceneValues.numbers(o[key] as Any, count: 4) else { throw SceneError("\(at): \"\(key)\" must be \(shape)") }
                    value = .numbers(v)
                } else {
                    guard let x = SceneValues.number(o[key] as Any) else { throw SceneError("\(at): \"\(key)\" must be \(shape)") }
                    value = .scalar(x)
                }
            } else {
                throw SceneError("\(at): unsupported: filter \(type.name) key \"\(key)\"")
            }
            do { try f.setValue(value, forKey: key) } catch { throw SceneError("\(at): \(error)") }
        }
        if let problem = f.validationError { throw SceneError("\(at): \(problem)") }
        return f
    }

    private static func type(_ name: String, at: String) throws -> FilterType {
        guard let t = FilterType(name: name) else { throw SceneError("\(at): unsupported: filter \(name)") }
        return t
    }

    /// The JSON form `parse` reads back: an object per filter with every input.
    static func json(_ filters: [FilterModel]) -> Any {
        filters.map { f -> [String: Any] in
            var o: [String: Any] = ["type": f.type.name, "name": f.name, "enabled": f.isEnabled]
            for (input, numbers) in zip(f.type.inputs, f.values) {
                o[input.key] = input.isVector ? numbers.map { Double($0) } as Any : Double(numbers.first ?? 0)
            }
            return o
        }
    }
}
