import Foundation

/// An enumeration whose cases carry Core Animation's string names (kCAFillModeForwards is "forwards",
/// kCALineCapRound "round", …). Each type's `name` is its table of names; finding a case by name is
/// written once, here.
public protocol NamedCases: CaseIterable, Sendable {
    var name: String { get }
}

extension NamedCases {
    /// The case called `name`; nil for any other name.
    public init?(name: String) {
        guard let c = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = c
    }

    /// Every name, in case order (for messages that list the choices).
    public static var names: [String] { allCases.map(\.name) }
}
