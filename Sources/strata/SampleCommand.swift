import ArgumentParser
import Foundation
import StrataScene

/// `strata sample SCENE.json --layer ID --key KEYPATH --times T1,T2,...`
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sample", abstract: "Print presentation values of a key path at scene times.")

    @Argument(help: "Scene file.") var scene: String
    @Option(help: "Layer id.") var layer: String
    @Option(help: "Key path, e.g. opacity, position, transform.rotation.z.") var key: String
    @Option(help: "Comma-separated scene times in seconds.") var times: String
    @Option(help: "Which copy of the nearest replicator above the layer (0: the original).") var instance = 0

    func run() throws {
        let s = try SceneParser.load(path: scene)
        let ts = try times.split(separator: ",").map { part -> Double in
            guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite else {
                throw ValidationError("--times must be comma-separated numbers (got \"\(part)\")")
            }
            return t
        }
        let samples = try ts.map { t -> [String: Any] in
            ["t": t, "value": s.json(try s.sample(layer: layer, keyPath: key, at: t, instance: instance), keyPath: key)]
        }
        let layerJSON: Any = Int(layer).map { $0 as Any } ?? layer
        try JSONOutput.print(["layer": layerJSON, "keyPath": key, "samples": samples], keyOrder: ["layer", "keyPath", "samples"])
    }
}
