import Foundation

/// Where `strata-server` is: an explicit URL, else `STRATA_SERVER`, else beside the running test binary
/// (SwiftPM puts a package's test bundle and its executables in the same `.build/<config>/`).
enum ServerExecutable {
    static func locate(explicit: URL?, environment: [String: String] = ProcessInfo.processInfo.environment,
                       arguments: [String] = CommandLine.arguments) throws -> URL {
        let candidate: URL
        let source: String
        if let explicit {
            (candidate, source) = (explicit, "the URL given to StrataTestServer")
        } else if let path = environment["STRATA_SERVER"], !path.isEmpty {
            (candidate, source) = (URL(fileURLWithPath: path), "STRATA_SERVER")
        } else if let binary = arguments.first, !binary.isEmpty {
            let directory = URL(fileURLWithPath: binary).deletingLastPathComponent()
            (candidate, source) = (directory.appendingPathComponent("strata-server"), "beside the test binary")
        } else {
            throw StrataTestingError("strata-server not found: no URL given, STRATA_SERVER unset, and the test binary's path is unknown. \(howToBuild)")
        }
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw StrataTestingError("strata-server not found at \(candidate.path) (\(source)). \(howToBuild)")
        }
        // The server starts its text worker from its own directory; without it every text layer fails later.
        let worker = candidate.deletingLastPathComponent().appendingPathComponent("strata-text-worker")
        guard FileManager.default.isExecutableFile(atPath: worker.path) else {
            throw StrataTestingError("strata-text-worker not found at \(worker.path), beside strata-server. \(howToBuild)")
        }
        return candidate
    }

    static let howToBuild = "Build it with `swift build --product strata-server` and `swift build --product strata-text-worker` "
        + "in Strata's checkout (or `swift build` there), then point STRATA_SERVER at .build/debug/strata-server."
}
