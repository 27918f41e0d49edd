import Foundation
import StrataCore

/// How a layer follows its superlayer's bounds (Core Animation's CAAutoresizingMask; its bit values).
/// "Min" is the smaller coordinate: in Strata's y-down space kCALayerMinYMargin is the top margin.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}

public let kCALayerNotSizable = CAAutoresizingMask([])
public let kCALayerMinXMargin = CAAutoresizingMask.layerMinXMargin
public let kCALayerWidthSizable = CAAutoresizingMask.layerWidthSizable
public let kCALayerMaxXMargin = CAAutoresizingMask.layerMaxXMargin
public let kCALayerMinYMargin = CAAutoresizingMask.layerMinYMargin
public let kCALayerHeightSizable = CAAutoresizingMask.layerHeightSizable
public let kCALayerMaxYMargin = CAAutoresizingMask.layerMaxYMargin
