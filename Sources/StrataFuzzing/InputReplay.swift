import Foundation

/// What both libFuzzer targets' replayers do with the files they are given: each file, or each file of a
/// directory in name order, through the target's harness, printing every input the harness refuses.
public enum InputReplay {
    /// Runs the inputs; returns how many there were and how many the harness refused.
    public static func run(_ paths: [String], through harness: ([UInt8]) throws -> Void) -> (count: Int, violations: Int) {
        var count = 0, violations = 0
        for path in paths {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                count += 1
                do { try harness(Array(data)) } catch {
                    violations += 1
                    print("\(file): \(error)")
                }
            }
        }
        print("replayed \(count) inputs, \(violations) violations")
        return (count, violations)
    }

    /// `path` itself, or the files of the directory it names, sorted.
    public static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { "\(path)/\($0)" }
    }
}
