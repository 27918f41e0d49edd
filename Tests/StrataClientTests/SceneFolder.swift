import Foundation
import Testing

/// A temporary folder of scene files for the tests that run the `strata` CLI on them.
struct SceneFolder {
    let dir: URL

    init(_ prefix: String) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    /// Writes `text` as the file `name` in the folder; returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `strata sample` of `key` on layer `layer` at `times` (and `extra` arguments): each time with its value.
    func samples(_ scene: String, layer: String, key: String, times: [Double], extra: [String] = [],
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> [(Double, Any)] {
        let (status, out) = try ServerProcess.cli(["sample", scene, "--layer", layer, "--key", key,
                                                   "--times", times.map { String($0) }.joined(separator: ",")] + extra)
        #expect(status == 0, "strata sample failed: \(out)", sourceLocation: sourceLocation)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        #expect(o["keyPath"] as? String == key, sourceLocation: sourceLocation)
        let list = try #require(o["samples"] as? [[String: Any]], sourceLocation: sourceLocation)
        return try list.map { (try #require($0["t"] as? Double), try #require($0["value"])) }
    }
}
