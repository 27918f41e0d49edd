import Foundation
import StrataCore

/// A layer's filters on the wire: u16 count, then per filter its type (u8, `FilterType`'s raw value), name,
/// enabled flag and its inputs' numbers in the type's order (a vector's four). The count is bounded before
/// anything is read; every number must be finite, and the property's rule checks ranges and names.
extension ByteWriter {
    mutating func filters(_ list: [FilterModel]) {
        u16(UInt16(min(list.count, Int(UInt16.max))))
        for f in list.prefix(Int(UInt16.max)) {
            u8(f.type.rawValue)
            string(f.name)
            bool(f.isEnabled)
            for numbers in f.values { for x in numbers { f64(Double(x)) } }
        }
    }
}

extension ByteReader {
    mutating func filters(_ what: String) throws -> [FilterModel] {
        let count = Int(try u16("\(what) filter count"))
        guard count <= FilterModel.maxCount else {
            throw ProtocolError.invalid("\(what): a chain of \(count) filters exceeds \(FilterModel.maxCount)")
        }
        var list: [FilterModel] = []
        for i in 0..<count {
            let here = "\(what) filter \(i)"
            let raw = try u8("\(here) type")
            guard let type = FilterType(rawValue: raw) else { throw ProtocolError.invalid("\(here): unsupported: filter type \(raw)") }
            var f = FilterModel(type: type, name: try string("\(here) name", max: FilterModel.maxNameBytes))
            f.isEnabled = try bool("\(here) enabled")
            for (index, input) in type.inputs.enumerated() {
                f.setValues(try input.defaultValue.map { _ in CGFloat(try finiteF64("\(here) \(input.key)")) }, at: index)
            }
            list.append(f)
        }
        return list
    }
}
