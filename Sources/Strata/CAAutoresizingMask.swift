import Foundation
import StrataCore

/// How a layer follows its superlayer's bounds (Core Animation's CAAutoresizingMask, its bit values):
/// StrataCore's flags, under Core Animation's names. "Min" is the smaller coordinate: in Strata's y-down
/// space kCALayerMinYMargin is the top margin.
public typealias CAAutoresizingMask = AutoresizingFlags

extension AutoresizingFlags {
    /// The left margin (bit 0, value 1) is flexible: it takes a share of the superlayer's width change.
    public static let layerMinXMargin = AutoresizingFlags.minXMargin
    /// The width (bit 1, value 2) is flexible: it takes a share of the superlayer's width change.
    public static let layerWidthSizable = AutoresizingFlags.widthSizable
    /// The right margin (bit 2, value 4) is flexible: it takes a share of the superlayer's width change.
    public static let layerMaxXMargin = AutoresizingFlags.maxXMargin
    /// The margin at the smaller y (bit 3, value 8) is flexible: in Strata's y-down space the top margin, where
    /// macOS's y-up space makes it the bottom one. See <doc:Status#CALayer-properties-(spec-§13)>.
    public static let layerMinYMargin = AutoresizingFlags.minYMargin
    /// The height (bit 4, value 16) is flexible: it takes a share of the superlayer's height change.
    public static let layerHeightSizable = AutoresizingFlags.heightSizable
    /// The margin at the larger y (bit 5, value 32) is flexible: in Strata's y-down space the bottom margin, where
    /// macOS's y-up space makes it the top one. See <doc:Status#CALayer-properties-(spec-§13)>.
    public static let layerMaxYMargin = AutoresizingFlags.maxYMargin
}

/// No flags (0): the layer keeps its frame when the superlayer's bounds change.
public let kCALayerNotSizable = CAAutoresizingMask([])
/// Core Animation's name for `CAAutoresizingMask.layerMinXMargin`: the left margin is flexible.
public let kCALayerMinXMargin = CAAutoresizingMask.layerMinXMargin
/// Core Animation's name for `CAAutoresizingMask.layerWidthSizable`: the width is flexible.
public let kCALayerWidthSizable = CAAutoresizingMask.layerWidthSizable
/// Core Animation's name for `CAAutoresizingMask.layerMaxXMargin`: the right margin is flexible.
public let kCALayerMaxXMargin = CAAutoresizingMask.layerMaxXMargin
/// Core Animation's name for `CAAutoresizingMask.layerMinYMargin`: the margin at the smaller y, the top one in
/// Strata's y-down space (the bottom one on macOS). See <doc:Status#CALayer-properties-(spec-§13)>.
public let kCALayerMinYMargin = CAAutoresizingMask.layerMinYMargin
/// Core Animation's name for `CAAutoresizingMask.layerHeightSizable`: the height is flexible.
public let kCALayerHeightSizable = CAAutoresizingMask.layerHeightSizable
/// Core Animation's name for `CAAutoresizingMask.layerMaxYMargin`: the margin at the larger y, the bottom one in
/// Strata's y-down space (the top one on macOS). See <doc:Status#CALayer-properties-(spec-§13)>.
public let kCALayerMaxYMargin = CAAutoresizingMask.layerMaxYMargin
