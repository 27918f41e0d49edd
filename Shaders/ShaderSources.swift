import Foundation

/// The GLSL ES 3.00 sources shipped as package resources (Shaders/glsl is the only place shader text lives).
/// A line `#include "NAME"` is replaced by the text of glsl/NAME (itself expanded the same way), so code
/// several shaders share (the rounded-box distance, say) is written once.
public enum ShaderSources {
    public enum Error: Swift.Error, CustomStringConvertible {
        case missing(String)
        case includeCycle(String)
        public var description: String {
            switch self {
            case .missing(let name): "shader source \(name) not found in the Strata shader bundle"
            case .includeCycle(let name): "shader source \(name) includes itself"
            }
        }
    }

    /// Loads `glsl/NAME` (e.g. "layer.vert") with its includes expanded. `generated`: sources made by the
    /// program rather than kept as files (StrataRender's "motion_layout.glsl"), by the names they are
    /// included under.
    public static func load(_ name: String, generated: [String: String] = [:]) throws -> String {
        var expanded: Set<String> = []
        return try load(name, generated: generated, including: [], expanded: &expanded)
    }

    /// Where an installed system keeps the sources: `PREFIX/share/strata/glsl` for executables in `PREFIX/bin` or
    /// `PREFIX/libexec/strata` (the Debian packages' layout, docs/deployment.md). Nil when absent, as in a build tree.
    static let installedDirectory: URL? = {
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var prefix = exe.deletingLastPathComponent().deletingLastPathComponent()
        if prefix.lastPathComponent == "libexec" { prefix = prefix.deletingLastPathComponent() }
        let dir = prefix.appendingPathComponent("share/strata/glsl")
        return FileManager.default.fileExists(atPath: dir.appendingPathComponent("layer.vert").path) ? dir : nil
    }()

    /// The installed directory first; else the resource bundle SwiftPM puts beside the executable (a build tree,
    /// scripts/install.sh). Bundle.module is asked last because it stops the process when it finds no bundle.
    private static func sourceURL(_ name: String) -> URL? {
        if let dir = installedDirectory { return dir.appendingPathComponent(name) }
        return Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "glsl")
    }

    /// A file included again (through another include) is left out the second time: its declarations are
    /// in already.
    private static func load(_ name: String, generated: [String: String], including open: [String], expanded: inout Set<String>) throws -> String {
        guard !open.contains(name) else { throw Error.includeCycle(name) }
        expanded.insert(name)
        let text: String
        if let made = generated[name] {
            text = made
        } else {
            guard let url = sourceURL(name), let read = try? String(contentsOf: url, encoding: .utf8) else {
                throw Error.missing(name)
            }
            text = read
        }
        guard text.contains("#include") else { return text }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include \""), trimmed.hasSuffix("\""), trimmed.count > 11 {
                let included = String(trimmed.dropFirst(10).dropLast())
                if included == name || open.contains(included) { throw Error.includeCycle(included) }
                guard !expanded.contains(included) else { continue }
                var body = try load(included, generated: generated, including: open + [name], expanded: &expanded)
                if body.hasSuffix("\n") { body.removeLast() }
                lines.append(body)
            } else {
                lines.append(String(line))
            }
        }
        return lines.joined(separator: "\n")
    }
}
