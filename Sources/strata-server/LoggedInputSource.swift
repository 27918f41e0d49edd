import Logging
import StrataInput
import StrataInputDevice

/// The libinput source as the server sees it: the same events, with the source's problems and notes
/// and the devices that come and go written to the log (StrataInputDevice has no logger, and the
/// server's router knows only `InputSource`).
final class LoggedInputSource: InputSource {
    private let source: LibinputSource
    private let logger: Logger

    init(_ source: LibinputSource, logger: Logger) {
        self.source = source
        self.logger = logger
    }

    var eventFD: Int32? { source.eventFD }

    func readEvents() throws -> [DeviceEvent] {
        defer { logMessages() }
        let events = try source.readEvents()
        for event in events {
            switch event {
            case let .added(device):
                logger.info("input device added", metadata: [
                    "id": "\(device.id)", "name": "\(device.name)", "node": "\(device.sysname)",
                    "can": "\(Self.describe(device.capabilities))", "wl_output": "\(device.output ?? "none")",
                ])
            case let .removed(id):
                logger.info("input device removed", metadata: ["id": "\(id)"])
            default:
                break
            }
        }
        return events
    }

    func logMessages() {
        for note in source.takeNotes() { logger.info("input: \(note)") }
        for problem in source.takeProblems() { logger.warning("input: \(problem)") }
    }

    static func describe(_ capabilities: InputCapabilities) -> String {
        let names: [(InputCapabilities, String)] = [(.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard")]
        let present = names.filter { capabilities.contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: ", ")
    }
}
