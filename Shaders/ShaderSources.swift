import Foundation

/// The GLSL ES 3.00 sources shipped as package resources (Shaders/glsl is the only place shader text lives).
public enum ShaderSources {
    public enum Error: Swift.Error, CustomStringConvertible {
        case missing(String)
        public var description: String {
            switch self { case .missing(let name): "shader source \(name) not found in the Strata shader bundle" }
        }
    }

    /// Loads `glsl/NAME` (e.g. "layer.vert").
    public static func load(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "glsl"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw Error.missing(name)
        }
        return text
    }
}
