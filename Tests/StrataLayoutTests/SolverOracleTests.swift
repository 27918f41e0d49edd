import Foundation
import Testing
import StrataLayout

/// Acceptance 1 of issue 54: on 10,000 seeded random systems (equalities, inequalities, every strength,
/// removals, constants changed in place, edit variables and suggestions) the solver agrees with kiwisolver
/// within 1e-6.
/// scripts/solver-oracle.py makes the systems and kiwi's answers; this replays them.
@Suite("Cassowary solver against kiwisolver")
struct SolverOracleTests {
    static let tolerance = 1e-6

    @Test func agreesWithKiwisolverOnTenThousandRandomSystems() throws {
        let systems = try Self.oracleSystems(count: 10_000, seed: 54)
        #expect(systems.count == 10_000)
        var compared = 0, unsatisfiable = 0
        for (index, system) in systems.enumerated() {
            let outcome = try Self.replay(system)
            if let kiwiUnsat = system["unsat"] as? Int {
                #expect(outcome.unsatisfiableAt == kiwiUnsat, "system \(index): kiwi refuses op \(kiwiUnsat), Strata \(String(describing: outcome.unsatisfiableAt))")
                unsatisfiable += 1
                continue
            }
            #expect(outcome.unsatisfiableAt == nil, "system \(index): Strata refuses op \(outcome.unsatisfiableAt ?? -1), kiwi none")
            let expected = system["values"] as? [Double] ?? []
            let worst = zip(expected, outcome.values).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= Self.tolerance, "system \(index): kiwi \(expected), Strata \(outcome.values)")
            compared += 1
        }
        // The generator's mix: most systems solve, a few hit a contradicting required constraint.
        #expect(compared > 9000 && unsatisfiable > 0)
    }

    struct Outcome {
        var unsatisfiableAt: Int?
        var values: [Double]
    }

    /// Runs one system's ops on a fresh solver, stopping at the first unsatisfiable constraint.
    static func replay(_ system: [String: Any]) throws -> Outcome {
        let count = system["variables"] as? Int ?? 0
        let variables = (0..<count).map { Variable("v\($0)") }
        let solver = Solver()
        var made: [Int: Constraint] = [:]
        for (index, op) in (system["ops"] as? [[Any]] ?? []).enumerated() {
            switch op.first as? String {
            case "add":
                let terms = (op[1] as? [[Double]] ?? []).map { Term(variables[Int($0[0])], $0[1]) }
                let relation: RelationalOperator = switch op[3] as? String {
                case "<=": .lessThanOrEqual
                case ">=": .greaterThanOrEqual
                default: .equal
                }
                let constraint = Constraint(Expression(terms, constant: op[2] as? Double ?? 0), relation, strength: op[4] as? Double ?? 0)
                do {
                    try solver.addConstraint(constraint)
                } catch SolverError.unsatisfiableConstraint {
                    return Outcome(unsatisfiableAt: index, values: [])
                }
                made[index] = constraint
            case "constant":
                // The constraint that op added, its constant changed in place (kiwi removes and adds it).
                guard let old = made[op[1] as? Int ?? -1] else { continue }
                let changed = Constraint(Expression(old.expression.terms, constant: op[2] as? Double ?? 0), old.relation,
                                         strength: old.strength)
                do {
                    try solver.replaceConstant(of: old, with: changed)
                } catch SolverError.unsatisfiableConstraint {
                    return Outcome(unsatisfiableAt: index, values: [])
                }
                made[op[1] as? Int ?? -1] = changed
            case "remove":
                if let constraint = made.removeValue(forKey: op[1] as? Int ?? -1) { try solver.removeConstraint(constraint) }
            case "edit":
                try solver.addEditVariable(variables[op[1] as? Int ?? 0], strength: op[2] as? Double ?? 0)
            default:
                try solver.suggestValue(variables[op[1] as? Int ?? 0], op[2] as? Double ?? 0)
            }
        }
        solver.updateVariables()
        return Outcome(unsatisfiableAt: nil, values: variables.map(\.value))
    }

    struct OracleMissing: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs scripts/solver-oracle.py; a missing kiwisolver fails the test, naming the fix.
    static func oracleSystems(count: Int, seed: Int) throws -> [[String: Any]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        // Debian's interpreter, which sees the python3-kiwisolver that scripts/install-deps.sh installs (a
        // python3 earlier on PATH, e.g. pyenv's, would not); another system's python3 otherwise.
        let script = [root.appendingPathComponent("scripts/solver-oracle.py").path, "--count", "\(count)", "--seed", "\(seed)"]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = script
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + script
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleMissing(description: process.terminationStatus == 3
                ? "kiwisolver (the oracle) is not installed: run scripts/install-deps.sh. \(message)"
                : "scripts/solver-oracle.py failed (\(process.terminationStatus)): \(message)")
        }
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return json?["systems"] as? [[String: Any]] ?? []
    }
}
