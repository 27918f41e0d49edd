import StrataTestSupport
import Foundation
import Strata
import Testing

extension ClientProcessSuite {
/// CATextLayer from the client library to a real server: the server draws the string (the client
/// renders nothing), and a font no installed font carries is logged once, naming it.
@Suite struct TextLayerServerTests {
    init() { TestFonts.install() }

    @Test func theServerDrawsTheStringAndWarnsOnceOfAMissingFont() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        for (i, text) in ["Gate 12", "Gate 14"].enumerated() {
            let label = CATextLayer()
            label.frame = CGRect(x: 10, y: 10 + 50 * CGFloat(i), width: 140, height: 40)
            label.font = "NoSuchFont" as NSString
            label.fontSize = 24
            label.string = text
            root.addSublayer(label)
        }
        connection.attach(root)
        CATransaction.flush()
        // White text (the default colour) on the black background, inside the first label.
        func inked() throws -> Int {
            let shot = try server.snapshot()
            return (10..<50).reduce(0) { n, y in n + (10..<150).filter { pixel(shot.pixels, width: 160, $0, y) == [255, 255, 255, 255] }.count }
        }
        #expect(try eventually { try inked() > 50 })
        // `strata tree` shows each label's class and string.
        let (status, tree) = try ServerProcess.cli(["tree", "--socket", server.socketPath])
        #expect(status == 0)
        #expect(tree.contains("\"text\"") && tree.contains("Gate 14") && tree.contains("NoSuchFont"), "\(tree)")
        let log = server.stop()
        let warnings = log.split(separator: "\n").filter { $0.contains("font not found") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("NoSuchFont") == true)
        #expect(errors.reasons.isEmpty)
    }
}
}
