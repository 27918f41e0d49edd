import Foundation
import StrataCore

/// How a layer follows its superlayer's bounds (Core Animation's CAAutoresizingMask, its bit values):
/// StrataCore's flags, under Core Animation's names. "Min" is the smaller coordinate: in Strata's y-down
/// space kCALayerMinYMargin is the top margin.
public typealias CAAutoresizingMask = AutoresizingFlags

extension AutoresizingFlags {
    public static let layerMinXMargin = AutoresizingFlags.minXMargin
    public static let layerWidthSizable = AutoresizingFlags.widthSizable
    public static let layerMaxXMargin = AutoresizingFlags.maxXMargin
    public static let layerMinYMargin = AutoresizingFlags.minYMargin
    public static let layerHeightSizable = AutoresizingFlags.heightSizable
    public static let layerMaxYMargin = AutoresizingFlags.maxYMargin
}

public let kCALayerNotSizable = CAAutoresizingMask([])
public let kCALayerMinXMargin = CAAutoresizingMask.layerMinXMargin
public let kCALayerWidthSizable = CAAutoresizingMask.layerWidthSizable
public let kCALayerMaxXMargin = CAAutoresizingMask.layerMaxXMargin
public let kCALayerMinYMargin = CAAutoresizingMask.layerMinYMargin
public let kCALayerHeightSizable = CAAutoresizingMask.layerHeightSizable
public let kCALayerMaxYMargin = CAAutoresizingMask.layerMaxYMargin
