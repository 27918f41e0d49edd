import Foundation
import Logging
import StrataCore
import StrataProtocol

/// The names of Core Animation's value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Builds a transform from an animation's scalar or [x, y, z] values (e.g. rotateZ from angles, so a
/// `transform` animation from 0 to 2π turns once).
open class CAValueFunction: NSObject, @unchecked Sendable {
    public let name: CAValueFunctionName
    let function: ValueFunction

    /// nil for a name Core Animation does not define (as Core Animation's), logged as "unsupported: value
    /// function …".
    public convenience init?(name: CAValueFunctionName) {
        guard let function = ValueFunction(rawValue: name.rawValue) else {
            StrataLog.logger.error("unsupported: value function \(name.rawValue)")
            return nil
        }
        self.init(name: name, function: function)
    }

    init(name: CAValueFunctionName, function: ValueFunction) {
        self.name = name
        self.function = function
        super.init()
    }
}
