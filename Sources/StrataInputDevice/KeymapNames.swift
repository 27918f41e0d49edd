/// The keymap by its RMLVO names (rules, model, layout, variant, options), as in xorg.conf or
/// `setxkbmap`. nil: xkbcommon's default, which also reads the XKB_DEFAULT_* environment variables.
public struct KeymapNames: Equatable, Sendable, CustomStringConvertible {
    public var rules: String?
    public var model: String?
    public var layout: String?
    public var variant: String?
    public var options: String?

    public init(rules: String? = nil, model: String? = nil, layout: String? = nil, variant: String? = nil, options: String? = nil) {
        self.rules = rules; self.model = model; self.layout = layout; self.variant = variant; self.options = options
    }

    /// "layout de, variant nodeadkeys", or "xkbcommon defaults" when none is set: for logs and errors.
    public var description: String {
        let named = [("rules", rules), ("model", model), ("layout", layout), ("variant", variant), ("options", options)]
            .compactMap { name, value in value.map { "\(name) \($0)" } }
        return named.isEmpty ? "xkbcommon defaults" : named.joined(separator: ", ")
    }
}
