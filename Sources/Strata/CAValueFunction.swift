import Foundation
import Logging
import StrataCore
import StrataProtocol

/// The names of Core Animation's value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A rotation about the x axis by the animated angle, in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation about the y axis by the animated angle, in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation about the z axis by the animated angle, in radians (0 to 2π turns once).
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by three animated factors, the values given as `[x, y, z]`.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale of x by the animated factor.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale of y by the animated factor.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale of z by the animated factor.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by three animated offsets, the values given as `[x, y, z]`.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x by the animated offset, in points.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y by the animated offset, in points (down in Strata's y-down space).
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z by the animated offset, in points.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Builds a transform from an animation's scalar or [x, y, z] values (e.g. rotateZ from angles, so a
/// `transform` animation from 0 to 2π turns once).
open class CAValueFunction: NSObject, @unchecked Sendable {
    /// The function's name, as given to `init(name:)`.
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
