import Foundation
import StrataPNG

/// Where a failed check's images go: NAME.actual.png and NAME.diff.png beside the reference, or in
/// `STRATA_SNAPSHOT_ARTIFACTS` (a CI job collects that folder; a read-only checkout needs it).
struct SnapshotArtifacts {
    let actualURL: URL
    let diffURL: URL

    init(referenceURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let name = referenceURL.deletingPathExtension().lastPathComponent
        let folder = environment["STRATA_SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? referenceURL.deletingLastPathComponent()
        actualURL = folder.appendingPathComponent("\(name).actual.png")
        diffURL = folder.appendingPathComponent("\(name).diff.png")
    }

    func write(actual image: RGBAImage) throws -> URL { try write(image, to: actualURL) }
    func write(diff image: RGBAImage) throws -> URL { try write(image, to: diffURL) }

    private func write(_ image: RGBAImage, to url: URL) throws -> URL {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(image, path: url.path)
        return url
    }

    /// An earlier failure's images, stale once the check passes.
    func removeStale() {
        try? FileManager.default.removeItem(at: actualURL)
        try? FileManager.default.removeItem(at: diffURL)
    }
}
