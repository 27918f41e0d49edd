import Foundation

/// Core Image's vector of numbers (a colour matrix's rows: `CIVector(x: 1, y: 0, z: 0, w: 0)`).
open class CIVector: NSObject, @unchecked Sendable {
    private let numbers: [CGFloat]

    /// A vector of the `count` numbers at `values`, copied (a negative count gives an empty vector).
    public init(values: UnsafePointer<CGFloat>, count: Int) {
        numbers = Array(UnsafeBufferPointer(start: values, count: max(0, count)))
    }
    /// A vector of one number.
    public init(x: CGFloat) { numbers = [x] }
    /// A vector of two numbers.
    public init(x: CGFloat, y: CGFloat) { numbers = [x, y] }
    /// A vector of three numbers.
    public init(x: CGFloat, y: CGFloat, z: CGFloat) { numbers = [x, y, z] }
    /// A vector of four numbers, e.g. a row of a colour matrix.
    public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { numbers = [x, y, z, w] }
    /// The vector [x, y] of a point.
    public convenience init(cgPoint p: CGPoint) { self.init(x: p.x, y: p.y) }
    /// The vector [x, y, width, height] of a rectangle (its origin and size as given, not standardised).
    public convenience init(cgRect r: CGRect) { self.init(x: r.origin.x, y: r.origin.y, z: r.width, w: r.height) }
    /// A vector from Core Image's string form, `"[1 0 0 0]"`; nil when it holds anything but numbers.
    public convenience init?(string: String) {
        let body = string.trimmingCharacters(in: .whitespaces)
        guard body.hasPrefix("["), body.hasSuffix("]") else { return nil }
        let parts = body.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "," })
        let values = parts.compactMap { Double($0) }.map { CGFloat($0) }
        guard values.count == parts.count else { return nil }
        self.init(numbers: values)
    }
    init(numbers: [CGFloat]) { self.numbers = numbers }

    /// How many numbers the vector holds.
    public var count: Int { numbers.count }
    /// The number at `index`; 0 past the end, as Core Image's.
    public func value(at index: Int) -> CGFloat { numbers.indices.contains(index) ? numbers[index] : 0 }
    /// The first number; 0 when there is none.
    public var x: CGFloat { value(at: 0) }
    /// The second number; 0 when there is none.
    public var y: CGFloat { value(at: 1) }
    /// The third number; 0 when there is none.
    public var z: CGFloat { value(at: 2) }
    /// The fourth number; 0 when there is none.
    public var w: CGFloat { value(at: 3) }
    /// The numbers in brackets, separated by spaces, each as Swift writes a `Double` (`"[1.0 0.0 0.5 0.0]"`, the
    /// form Apple's documentation shows); `init?(string:)` reads it back, and numbers without a fraction too.
    public var stringRepresentation: String { "[" + numbers.map { "\(Double($0))" }.joined(separator: " ") + "]" }
    var values: [CGFloat] { numbers }

    open override func isEqual(_ object: Any?) -> Bool { (object as? CIVector)?.numbers == numbers }
    open override var hash: Int { numbers.hashValue }
    open override var description: String { stringRepresentation }
}
