import StrataUIKit

extension ExampleCatalog {
    /// The demos written with layers in a view controller (Seed003/Layers*).
    static let layers: [Entry] = []
}
