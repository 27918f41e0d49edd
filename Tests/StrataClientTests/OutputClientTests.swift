import Foundation
import Strata
import Testing

extension ClientProcessSuite {
/// The server's outputs as a client sees them, and roots attached to one by name.
@Suite struct OutputClientTests {
    @Test func theHandshakeListsTheOutputsAndARootShowsOnlyOnTheOutputItNames() throws {
        let server = try ServerProcess(refresh: 50)
        defer { _ = server.stop() }
        let (connection, errors) = try SessionErrors.connect(server)
        defer { connection.close() }
        #expect(connection.outputs.map(\.name) == ["headless"])
        #expect(connection.outputs.first.map { [$0.width, $0.height] } == [160, 120])
        #expect(connection.outputs.first?.refreshRate == 50)

        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 80, y: 60)
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        // An output that is not lit (a screen not plugged in) shows nothing of it.
        connection.attach(layer, toOutput: "HDMI-A-1")
        CATransaction.flush()
        let marker = CALayer()                                   // committed after: once it shows, so would the layer
        marker.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        marker.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        connection.attach(marker)
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 1, 1) == [255, 255, 255, 255] })
        #expect(pixel(try server.snapshot().pixels, width: 160, 80, 60) == [0, 0, 0, 255])
        // Moved to the headless output by name, it shows.
        connection.attach(layer, toOutput: "headless")
        CATransaction.flush()
        #expect(try eventually { pixel(try server.snapshot().pixels, width: 160, 80, 60) == [0, 255, 0, 255] })
        // Snapshots by output name: the headless one, and one that is not lit.
        let shot = try connection.snapshot(output: "headless")
        #expect(shot.width == 160 && Array(shot.pixels[(60 * 160 + 80) * 4..<(60 * 160 + 80) * 4 + 4]) == [0, 255, 0, 255])
        #expect(throws: StrataConnection.ConnectionError.self) { _ = try connection.snapshot(output: "DP-1") }
        let (status, out) = try ServerProcess.cli(["snapshot", "--out", "/dev/null", "--output", "DP-1", "--socket", server.socketPath])
        #expect(status != 0 && out.contains("snapshot unavailable: no output DP-1 to read"), "\(out)")
        #expect(errors.reasons.isEmpty)
    }
}
}
