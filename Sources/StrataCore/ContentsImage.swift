import Foundation

/// A layer's `contents` as animations carry and present it: the client's image ids (0: no image) of a
/// crossfade's two ends and how far it has gone. A layer not crossfading shows one image (`from` and `to`
/// the same, `fraction` 0). Interpolating two of them crossfades from the image the first one shows most to
/// the one the second shows most, as Core Animation crossfades `contents` (`Interpolation.interpolate`).
public struct ContentsImage: Hashable, Sendable, LayerValue {
    public let from: UInt64
    public let to: UInt64
    /// 0…1: the weight of `to` (`from` weighs 1 − fraction).
    public let fraction: Double

    /// One image, or none (0).
    public init(_ image: UInt64) { self.init(exactly: image, image, 0) }

    private init(exactly from: UInt64, _ to: UInt64, _ fraction: Double) {
        self.from = from
        self.to = to
        self.fraction = fraction
    }

    /// A crossfade; a fraction at or past an end, or two equal ends, is that end's image alone.
    public init(from: UInt64, to: UInt64, fraction: Double) {
        let f = fraction.isFinite ? fraction : 0
        if from == to || f <= 0 {
            self.init(from)
        } else if f >= 1 {
            self.init(to)
        } else {
            self.init(exactly: from, to, f)
        }
    }

    public static let none = ContentsImage(0)

    /// Whether two images show at once.
    public var isCrossfade: Bool { from != to }

    /// The image shown most (`from` until half-way): what a crossfade between two of these starts or ends at.
    public var dominant: UInt64 { fraction < 0.5 ? from : to }

    /// The images it names, without 0.
    public var images: [UInt64] { (isCrossfade ? [from, to] : [from]).filter { $0 != 0 } }

    public static var valueKind: ValueKind { .image }
    public var animatableValue: AnimatableValue { .image(self) }
    public init?(animatableValue value: AnimatableValue) {
        guard case let .image(c) = value else { return nil }
        self = c
    }
}
