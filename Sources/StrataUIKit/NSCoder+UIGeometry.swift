import Foundation
import Strata

/// UIKit's string forms of geometry (`NSStringFromCGPoint` and friends, in Swift `NSCoder.string(for:)` and
/// `NSCoder.cgPoint(for:)`): numbers in braces, `{x, y}`, `{{x, y}, {w, h}}`, `{a, b, c, d, tx, ty}`,
/// `{top, left, bottom, right}`. Parsing reads the numbers in order and ignores the rest, as UIKit's does: a
/// string with too few numbers gives zeros for the missing ones.
extension NSCoder {
    /// The point as `{x, y}`, each number written as `%g` does (`{1.5, -2}`; six significant digits).
    public class func string(for point: CGPoint) -> String { braced([point.x, point.y]) }
    /// The size as `{width, height}`, each number written as `%g` does (six significant digits).
    public class func string(for size: CGSize) -> String { braced([size.width, size.height]) }
    /// The vector as `{dx, dy}`, each number written as `%g` does (six significant digits).
    public class func string(for vector: CGVector) -> String { braced([vector.dx, vector.dy]) }
    /// The rectangle as `{{x, y}, {width, height}}`, each number written as `%g` does (six significant digits).
    public class func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }
    /// The transform as `{a, b, c, d, tx, ty}`, each number written as `%g` does (six significant digits).
    public class func string(for transform: CGAffineTransform) -> String {
        braced([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty])
    }
    /// The insets as `{top, left, bottom, right}`, each number written as `%g` does (six significant digits).
    public class func string(for insets: UIEdgeInsets) -> String {
        braced([insets.top, insets.left, insets.bottom, insets.right])
    }

    /// The point in a string of the form `{x, y}`: its first two numbers; braces, commas and white space are
    /// skipped, reading stops at anything else, and missing numbers are 0.
    public class func cgPoint(for string: String) -> CGPoint {
        let n = numbers(in: string, count: 2)
        return CGPoint(x: n[0], y: n[1])
    }
    /// The size in a string of the form `{width, height}`: its first two numbers; braces, commas and white space
    /// are skipped, reading stops at anything else, and missing numbers are 0.
    public class func cgSize(for string: String) -> CGSize {
        let n = numbers(in: string, count: 2)
        return CGSize(width: n[0], height: n[1])
    }
    /// The vector in a string of the form `{dx, dy}`: its first two numbers; braces, commas and white space are
    /// skipped, reading stops at anything else, and missing numbers are 0.
    public class func cgVector(for string: String) -> CGVector {
        let n = numbers(in: string, count: 2)
        return CGVector(dx: n[0], dy: n[1])
    }
    /// The rectangle in a string of the form `{{x, y}, {width, height}}`: its first four numbers; braces, commas
    /// and white space are skipped, reading stops at anything else, and missing numbers are 0.
    public class func cgRect(for string: String) -> CGRect {
        let n = numbers(in: string, count: 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    /// The transform in a string of the form `{a, b, c, d, tx, ty}`: its first six numbers; braces, commas and
    /// white space are skipped, reading stops at anything else, and missing numbers are 0.
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        let n = numbers(in: string, count: 6)
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
    /// The insets in a string of the form `{top, left, bottom, right}`: its first four numbers; braces, commas and
    /// white space are skipped, reading stops at anything else, and missing numbers are 0.
    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        let n = numbers(in: string, count: 4)
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// `%g`-style numbers, as UIKit writes them (`{1.5, 2}`).
    private static func braced(_ values: [CGFloat]) -> String {
        "{" + values.map { String(format: "%g", Double($0)) }.joined(separator: ", ") + "}"
    }

    /// The first `count` numbers in `string`, zeros where it has fewer.
    private static func numbers(in string: String, count: Int) -> [CGFloat] {
        let scanner = Scanner(string: string)
        scanner.charactersToBeSkipped = CharacterSet(charactersIn: "{}, \t\n")
        var found: [CGFloat] = []
        while found.count < count, !scanner.isAtEnd, let value = scanner.scanDouble() { found.append(CGFloat(value)) }
        return found + Array(repeating: 0, count: count - found.count)
    }
}
