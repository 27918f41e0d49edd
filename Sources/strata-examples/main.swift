import Foundation
import StrataExamples
import StrataUIKit

// `strata-examples NAME`: shows one of seed 003's demos on the render server (STRATA_SOCKET) until killed;
// drive it with `strata input tap X Y` / `strata input swipe …`. `strata-examples` alone lists them.

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first else {
    print("usage: strata-examples NAME\n")
    for entry in ExampleCatalog.all { print("  \(entry.name.padding(toLength: 5, withPad: " ", startingAt: 0)) \(entry.summary)") }
    exit(0)
}
guard let entry = ExampleCatalog.entry(named: name) else {
    FileHandle.standardError.write(Data("strata-examples: no demo named \"\(name)\" (run it alone for the list)\n".utf8))
    exit(2)
}
do {
    let window = try ExampleLauncher.show(entry)
    print("showing \(entry.name) on \(UIScreen.main.outputName), \(Int(window.bounds.width))×\(Int(window.bounds.height)) points")
} catch {
    FileHandle.standardError.write(Data("strata-examples: \(error)\n".utf8))
    exit(1)
}
RunLoop.main.run()
