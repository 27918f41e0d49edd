import Foundation
import StrataPNG

/// Why `verifySnapshot` failed, with the files it wrote. Its description is the whole story.
public struct SnapshotFailure: Error, CustomStringConvertible, LocalizedError {
    public enum Reason: Equatable, Sendable {
        /// The reference was missing (or recording was asked for) and has been written: run again.
        case recorded
        /// The image and the reference differ in size.
        case sizeMismatch
        /// More pixels differ beyond the tolerance than allowed.
        case mismatch
    }

    public let reason: Reason
    public let referenceURL: URL
    /// The image that was checked, written on a mismatch (nil otherwise).
    public let actualURL: URL?
    /// The image with the differing pixels in red, written on a pixel mismatch (nil otherwise).
    public let diffURL: URL?
    /// The comparison, for a pixel mismatch.
    public let comparison: SnapshotComparison?
    public let description: String
    public var errorDescription: String? { description }
}

/// Whether recording is asked for: `STRATA_RECORD_SNAPSHOTS=1` rewrites every reference a run checks.
public var strataRecordsSnapshots: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD_SNAPSHOTS"] == "1" }

/// The reference PNG `name`.png in a `References` folder beside the test file that calls this
/// (`#filePath`), as swift-snapshot-testing keeps `__Snapshots__`.
public func referenceURL(_ name: String, file: StaticString = #filePath) -> URL {
    URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("References")
        .appendingPathComponent(name.hasSuffix(".png") ? name : name + ".png")
}

/// A PNG (a reference, or an actual or diff image a failed check wrote) as the premultiplied RGBA8 image a
/// snapshot is, so it compares with snapshots as `verifySnapshot` compares them.
public func readSnapshotPNG(at url: URL) throws -> RGBAImage {
    try PNGCodec.read(path: url.path).premultiplied()
}

/// Checks `image` against the reference PNG at `referenceURL`: at most `maxDifferingPixels` pixels may
/// have a channel (premultiplied RGBA8) differing by more than `tolerance`.
///
/// - A missing reference, or `record` (default: `STRATA_RECORD_SNAPSHOTS=1`), writes `image` there and
///   throws `.recorded`: look at the new PNG, commit it, run again.
/// - On a mismatch it writes NAME.actual.png and NAME.diff.png (differing pixels red on a dimmed copy)
///   beside the reference, or into `STRATA_SNAPSHOT_ARTIFACTS` when set, and throws how many pixels
///   differ, by how much at most, and those paths. A passing check removes such files left by an
///   earlier failure.
@discardableResult
public func verifySnapshot(_ image: RGBAImage, matches referenceURL: URL, tolerance: UInt8 = 0, maxDifferingPixels: Int = 0,
                           record: Bool = strataRecordsSnapshots) throws -> SnapshotComparison {
    let path = referenceURL.path
    if record || !FileManager.default.fileExists(atPath: path) {
        let why = record ? "recording was asked for (STRATA_RECORD_SNAPSHOTS=1 or record: true)" : "there was no reference"
        try FileManager.default.createDirectory(at: referenceURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(image, path: path)
        throw SnapshotFailure(reason: .recorded, referenceURL: referenceURL, actualURL: nil, diffURL: nil, comparison: nil,
                              description: "recorded reference at \(path) (\(why)); check it and run again")
    }
    let reference = try PNGCodec.read(path: path)
    let artifacts = SnapshotArtifacts(referenceURL: referenceURL)
    guard reference.width == image.width, reference.height == image.height else {
        let actual = try artifacts.write(actual: image)
        throw SnapshotFailure(reason: .sizeMismatch, referenceURL: referenceURL, actualURL: actual, diffURL: nil, comparison: nil,
                              description: "snapshot is \(image.width)×\(image.height) but the reference \(path) is "
                                  + "\(reference.width)×\(reference.height); actual image: \(actual.path)")
    }
    let comparison = SnapshotComparison(image, reference, tolerance: tolerance)
    guard comparison.differingPixels > maxDifferingPixels else {
        artifacts.removeStale()
        return comparison
    }
    let actual = try artifacts.write(actual: image)
    let diff = try artifacts.write(diff: comparison.diffImage(of: image))
    throw SnapshotFailure(reason: .mismatch, referenceURL: referenceURL, actualURL: actual, diffURL: diff, comparison: comparison,
                          description: "snapshot differs from \(path): \(comparison.differingPixels) pixel(s) beyond the tolerance of "
                              + "\(tolerance) (at most \(maxDifferingPixels) allowed), largest channel difference "
                              + "\(comparison.largestDifference); actual: \(actual.path), diff: \(diff.path)")
}
