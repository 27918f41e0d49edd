import Foundation
import StrataCore

/// `filters`, `backgroundFilters` and `compositingFilter` (docs/filters.md): the values are copied from the
/// filters when set, as Core Animation copies them; reading gives new `CIFilter`s with the layer's values.
extension CALayer {
    /// Sets a filter property from what app code assigned; a filter Strata does not draw is logged as
    /// "unsupported: filter NAME" and changes nothing.
    func setFilters(_ property: LayerProperty, _ value: Any?) {
        guard let value else { return set(property, .filters([])) }
        guard let list = FilterConversion.filters(value) else {
            let what = FilterConversion.unknownItem(value) ?? "filter"
            StrataLog.logger.error("\(logName): \(property.name) rejected: unsupported: \(what)")
            return
        }
        set(property, .filters(list))
    }

    func filterObjects(_ property: LayerProperty) -> [CIFilter] {
        read { m in
            guard case let .filters(list) = m[property] else { return [] }
            return list.map(CIFilter.init(model:))
        }
    }
}
