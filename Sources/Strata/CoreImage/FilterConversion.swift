import Foundation
import StrataCore

/// A layer's filter values as Core Animation code writes them: an array of `CIFilter`s (or of filter
/// names, which Core Animation also takes), a single filter or name for `compositingFilter`, nil or
/// `NSNull` for none.
enum FilterConversion {
    /// The filters of `any`; nil when something in it is neither a `CIFilter` nor a name Strata draws
    /// (`unknownName` says which).
    static func filters(_ any: Any) -> [FilterModel]? {
        if any is NSNull { return [] }
        let items = (any as? [Any]) ?? [any]
        var list: [FilterModel] = []
        for item in items {
            if let f = item as? CIFilter { list.append(f.model); continue }
            guard let name = item as? String, let type = FilterType(name: name) else { return nil }
            list.append(FilterModel(type: type))
        }
        return list
    }

    /// The first item of `any` that is not a filter Strata draws, described for the error.
    static func unknownItem(_ any: Any) -> String? {
        let items = (any as? [Any]) ?? [any]
        for item in items where !(item is CIFilter) {
            if let name = item as? String { if FilterType(name: name) == nil { return "filter \(name)" } } else { return "filter of type \(type(of: item))" }
        }
        return nil
    }
}
