import Foundation

/// CALayer's filter properties (docs/filters.md). Changing a list shows at once; a filter's inputs animate
/// through key paths into named filters (`filters.blur.inputRadius`, `LayerKeyPath.filter`).
extension LayerProperty {
    public static let filters = filterList(150, "filters", { $0.filters }, { $0.filters = $1 })
    public static let backgroundFilters = filterList(151, "backgroundFilters", { $0.backgroundFilters }, { $0.backgroundFilters = $1 })
    /// At most one blend mode: how the layer's drawing combines with what lies beneath it.
    public static let compositingFilter = filterList(152, "compositingFilter", { $0.compositingFilter }, { $0.compositingFilter = $1 })

    static let filterProperties: [LayerProperty] = [filters, backgroundFilters, compositingFilter]

    private static func filterList(_ id: UInt16, _ name: String, _ get: @escaping @Sendable (borrowing LayerModel) -> [FilterModel],
                                   _ set: @escaping @Sendable (inout LayerModel, [FilterModel]) -> Void) -> LayerProperty {
        let limit = name == "compositingFilter" ? "one blend mode" : "at most \(FilterModel.maxCount) filters"
        return LayerProperty(id, name, kind: .filters, animation: .none,
                             rule: .custom(shape: "an array of Core Image filters (\(limit))") { value in
                                 guard case let .filters(list) = value else { return nil }
                                 return list.validationError(property: name)
                             },
                             read: { .filters(get($0)) },
                             write: { m, v in if case let .filters(list) = v { set(&m, list) } })
    }
}
