import Foundation
import StrataCore

/// A colour ramp for `CGContext.drawLinearGradient`/`drawRadialGradient`, standing in for CoreGraphics'
/// CGGradient: colours at locations in 0…1. Colours are sRGB (see `CGColorSpace`); they are interpolated
/// as Cairo does, componentwise between neighbouring stops.
///
/// As in Quartz, nil locations spread the colours evenly (the first at 0, the last at 1; a single colour at
/// 0). Given locations are clamped into 0…1 and sorted, keeping the order of equal ones (Quartz asks for
/// them in order). Creation fails (nil) for no colours, a non-finite component or location, or components
/// that do not match the colour space. Where the first location is above 0 the first colour fills the
/// ramp down to 0; likewise the last colour up to 1.
public final class CGGradient: @unchecked Sendable {
    struct Stop: Equatable {
        var location: CGFloat
        var color: Color
    }

    /// Sorted by location, all in 0…1; never empty.
    let stops: [Stop]
    /// The space the gradient was made with (device RGB when created with a nil space); its colours are drawn as
    /// sRGB either way.
    public let colorSpace: CGColorSpace

    /// `count` colours of `space.numberOfComponents` components plus alpha each, in `components`, at
    /// `locations` (`count` of them) or evenly spaced when nil.
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        let colors = (0..<count).map { space.color(components + $0 * n) }
        guard let stops = Self.stops(colors, locations.map { p in (0..<count).map { p[$0] } }) else { return nil }
        self.stops = stops
        colorSpace = space
    }

    /// `colors` as ported code passes them, `[c1, c2] as CFArray`: nil unless every element is a CGColor.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { $0 as? CGColor }
        guard list.count == colors.count else { return nil }
        self.init(colorsSpace: space, colors: list, locations: locations)
    }

    /// `colors` at `locations` (one for each colour) or evenly spaced when nil. CoreGraphics takes a
    /// CFArray of CGColors; Strata takes the Swift array too. A nil space means device RGB.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty,
              let stops = Self.stops(colors.map(\.color), locations.map { p in (0..<colors.count).map { p[$0] } }) else { return nil }
        self.stops = stops
        colorSpace = space ?? CGColorSpaceCreateDeviceRGB()
    }

    private static func stops(_ colors: [Color], _ locations: [CGFloat]?) -> [Stop]? {
        guard colors.allSatisfy({ $0.components.allSatisfy(\.isFinite) }) else { return nil }
        let places = locations ?? colors.indices.map { colors.count == 1 ? 0 : CGFloat($0) / CGFloat(colors.count - 1) }
        guard places.allSatisfy(\.isFinite) else { return nil }
        let stops = zip(places, colors).map { Stop(location: min(max($0, 0), 1), color: $1) }
        return stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// Whether a gradient also paints beyond its ends (CoreGraphics' CGGradientDrawingOptions; same raw values).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Before the start point (or inside the start circle) the colour at location 0 is painted.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// After the end point (or outside the end circle) the colour at location 1 is painted.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
