import Foundation
import Testing

/// scripts/check-doc-coverage.py, the API reference's coverage gate (docs/api-reference.md), on hand-made symbol
/// graphs: a public symbol without a doc comment fails it and is named; a documented one, an internal one and a
/// synthesised one (no source location) do not.
@Suite struct DocCoverageScriptTests {
    static let script = InstallScriptTests.repository.appendingPathComponent("scripts/check-doc-coverage.py")

    static func symbol(_ name: String, access: String = "public", doc: String? = nil, located: Bool = true) -> [String: Any] {
        var s: [String: Any] = [
            "identifier": ["precise": "s:M\(name)", "interfaceLanguage": "swift"],
            "kind": ["identifier": "swift.property", "displayName": "Instance Property"],
            "pathComponents": ["Thing", name],
            "accessLevel": access,
        ]
        if located { s["location"] = ["uri": "file:///src/Thing.swift", "position": ["line": 9, "character": 4]] }
        if let doc { s["docComment"] = ["lines": [["text": doc]]] }
        return s
    }

    static func run(_ symbols: [[String: Any]], extensionSymbols: [[String: Any]] = []) throws -> (Int32, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("doc-coverage-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ symbols: [[String: Any]], _ file: String) throws {
            let graph: [String: Any] = ["module": ["name": "M"], "symbols": symbols, "relationships": []]
            try JSONSerialization.data(withJSONObject: graph).write(to: dir.appendingPathComponent(file))
        }
        try write(symbols, "M.symbols.json")
        if !extensionSymbols.isEmpty { try write(extensionSymbols, "M@Swift.symbols.json") }
        return try runToCompletion(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, dir.path, "M"])
    }

    @Test func anUndocumentedPublicSymbolFailsAndIsNamed() throws {
        let (status, out) = try Self.run([
            Self.symbol("documented", doc: "Says what it does."),
            Self.symbol("bare"),
            Self.symbol("blank", doc: "   "),
            Self.symbol("hidden", access: "internal"),
            Self.symbol("hashValue", located: false),
        ], extensionSymbols: [Self.symbol("extended")])
        #expect(status == 1)
        #expect(out.contains("/src/Thing.swift:10: property Thing.bare"), "\(out)")
        #expect(out.contains("Thing.blank") && out.contains("Thing.extended"), "\(out)")
        #expect(!out.contains("Thing.documented") && !out.contains("Thing.hidden") && !out.contains("Thing.hashValue"), "\(out)")
        #expect(out.contains("M: 1 of 4 public symbols documented"), "\(out)")
    }

    @Test func everySymbolDocumentedPasses() throws {
        let (status, out) = try Self.run([Self.symbol("a", doc: "A."), Self.symbol("b", access: "open", doc: "B.")])
        #expect(status == 0, "\(out)")
        #expect(out.contains("M: 2 of 2 public symbols documented"), "\(out)")
    }
}
