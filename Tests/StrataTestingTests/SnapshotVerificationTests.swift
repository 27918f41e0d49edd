import Foundation
import StrataPNG
@testable import StrataTesting
import Testing

/// verifySnapshot on made-up images: no server needed.
@Suite struct SnapshotVerificationTests {
    /// A 4 × 3 opaque grey image with one half-transparent pixel (premultiplied, as snapshots are).
    static func image(changing change: (inout [UInt8]) -> Void = { _ in }) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 4 * 3 * 4)
        for p in 0..<12 { pixels[p * 4] = 100; pixels[p * 4 + 1] = 110; pixels[p * 4 + 2] = 120; pixels[p * 4 + 3] = 255 }
        pixels[20..<24] = [40, 50, 60, 128]
        change(&pixels)
        return RGBAImage(width: 4, height: 3, pixels: pixels, isPremultiplied: true)
    }

    @Test func aMissingReferenceIsRecordedAndTheCheckThrowsThenPassesNextTime() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("nested/screen.png")
        let failure = try #require(throws: SnapshotFailure.self) { try verifySnapshot(Self.image(), matches: reference, record: false) }
        #expect(failure.reason == .recorded)
        #expect(failure.description.contains("recorded reference at \(reference.path)") && failure.description.contains("run again"))
        #expect(FileManager.default.fileExists(atPath: reference.path))
        // Premultiplied → PNG's straight alpha → premultiplied gives back the same bytes.
        #expect(try verifySnapshot(Self.image(), matches: reference, record: false).differingPixels == 0)
        // Recording asked for rewrites even a matching reference, and says so.
        #expect(throws: SnapshotFailure.self) { try verifySnapshot(Self.image(), matches: reference, record: true) }
    }

    @Test func differencesWithinTheToleranceOrTheAllowedCountPass() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("screen.png")
        try PNGCodec.write(Self.image(), path: reference.path)
        let nudged = Self.image { $0[0] += 2; $0[6] -= 2 }
        let comparison = try verifySnapshot(nudged, matches: reference, tolerance: 2)
        #expect(comparison.differingPixels == 0 && comparison.largestDifference == 2)
        #expect(try verifySnapshot(nudged, matches: reference, tolerance: 1, maxDifferingPixels: 2).differingPixels == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("screen.diff.png").path))
    }

    @Test func aMismatchWritesTheActualAndDiffImagesAndAPassRemovesThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("screen.png")
        try PNGCodec.write(Self.image(), path: reference.path)
        let failure = try #require(throws: SnapshotFailure.self) {
            try verifySnapshot(Self.image { $0[3] = 200 }, matches: reference, tolerance: 10)
        }
        #expect(failure.reason == .mismatch && failure.comparison?.largestDifference == 55)
        #expect(failure.actualURL?.lastPathComponent == "screen.actual.png" && failure.diffURL?.lastPathComponent == "screen.diff.png")
        let diff = try PNGCodec.read(path: try #require(failure.diffURL).path)
        #expect(diff.pixel(x: 0, y: 0) == (255, 0, 0, 255) && diff.pixel(x: 1, y: 0) == (25, 27, 30, 255))
        try verifySnapshot(Self.image(), matches: reference)
        #expect(!FileManager.default.fileExists(atPath: try #require(failure.diffURL).path))
    }

    @Test func aSizeMismatchSaysBothSizes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("screen.png")
        try PNGCodec.write(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16), isPremultiplied: true), path: reference.path)
        let failure = try #require(throws: SnapshotFailure.self) { try verifySnapshot(Self.image(), matches: reference) }
        #expect(failure.reason == .sizeMismatch && failure.description.contains("4×3") && failure.description.contains("2×2"))
    }

    @Test func artifactsGoToTheFolderTheEnvironmentNames() {
        let reference = URL(fileURLWithPath: "/src/Tests/References/home.png")
        let beside = SnapshotArtifacts(referenceURL: reference, environment: [:])
        #expect(beside.diffURL.path == "/src/Tests/References/home.diff.png")
        let ci = SnapshotArtifacts(referenceURL: reference, environment: ["STRATA_SNAPSHOT_ARTIFACTS": "/tmp/artifacts"])
        #expect(ci.actualURL.path == "/tmp/artifacts/home.actual.png")
    }

    @Test func aMissingServerSaysWhereItLookedAndHowToBuildIt() {
        let missing = URL(fileURLWithPath: "/nonexistent/strata-server")
        let error = #expect(throws: StrataTestingError.self) { try StrataTestServer(.init(executable: missing)) }
        #expect(error?.message.contains("/nonexistent/strata-server") == true)
        #expect(error?.message.contains("swift build --product strata-server") == true)
        let viaEnvironment = #expect(throws: StrataTestingError.self) {
            try ServerExecutable.locate(explicit: nil, environment: ["STRATA_SERVER": "/nowhere/server"])
        }
        #expect(viaEnvironment?.message.contains("/nowhere/server (STRATA_SERVER)") == true)
    }

    @Test func keysTypeLatin1DirectlyAndOtherCharactersAsUnicodeKeysyms() {
        #expect(TestKey(typing: "a") == TestKey(keysym: 0x61, text: "a"))
        #expect(TestKey(typing: "é")?.keysym == 0xe9)
        #expect(TestKey(typing: "€")?.keysym == 0x0100_20ac)
        #expect(TestKey(typing: "\n") == nil)
    }
}

/// A fresh temporary folder (the caller removes it).
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-testing-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
