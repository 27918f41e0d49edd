/// A variable times a coefficient (kiwi's `Term`).
public struct Term: Sendable, CustomStringConvertible {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var value: Double { variable.value * coefficient }
    public var description: String { "\(coefficient) * \(variable)" }
}

/// A linear expression: a sum of terms plus a constant (kiwi's `Expression`).
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    /// The value with the variables' current values.
    public var value: Double { terms.reduce(constant) { $0 + $1.value } }

    /// Like terms combined into one, in first-seen order (kiwi reduces a constraint's expression so).
    public func reduced() -> Expression {
        var order: [Variable] = []
        var sums: [Variable: Double] = [:]
        for term in terms {
            if sums[term.variable] == nil { order.append(term.variable) }
            sums[term.variable, default: 0] += term.coefficient
        }
        return Expression(order.map { Term($0, sums[$0] ?? 0) }, constant: constant)
    }

    public var description: String {
        (terms.map(\.description) + [String(constant)]).joined(separator: " + ")
    }
}

/// What can stand on either side of the arithmetic operators below.
public protocol ExpressionConvertible {
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible { public var expression: Expression { Expression(self) } }
extension Term: ExpressionConvertible { public var expression: Expression { Expression([self]) } }
extension Expression: ExpressionConvertible { public var expression: Expression { self } }

public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let l = lhs.expression, r = rhs.expression
    return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + (-rhs.expression)
}

public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression { operand * -1 }

public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    let e = lhs.expression
    return Expression(e.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: e.constant * rhs)
}

public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression { rhs * lhs }

public func / <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression { lhs * (1 / rhs) }

public func + <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    let e = lhs.expression
    return Expression(e.terms, constant: e.constant + rhs)
}

public func - <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression { lhs + (-rhs) }

public func + <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression { rhs + lhs }
