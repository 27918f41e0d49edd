import ArgumentParser
import Foundation
import StrataProtocol

/// `strata clock advance SECONDS`: steps a server started with `--clock virtual` (docs/testing.md).
struct ClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock", abstract: "Step the virtual clock of a server started with --clock virtual.",
        subcommands: [Advance.self])

    struct Advance: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the clock on by SECONDS, drawing every frame inside the step, and print the time it reads then.",
            discussion: "Only inspectors (root, the server's user or the inspector-group) may; a server on the wall clock refuses.")
        @Argument(help: "Seconds, 0 to \(Int(ClientMessage.maxClockStep)).") var seconds: Double
        @OptionGroup var socket: SocketOption

        func validate() throws {
            guard seconds.isFinite, (0...ClientMessage.maxClockStep).contains(seconds) else {
                throw ValidationError("seconds must be 0…\(Int(ClientMessage.maxClockStep)), not \(seconds)")
            }
        }

        func run() throws {
            do {
                print(try socket.connect().advanceClock(by: seconds))
            } catch let error as ProtocolError {
                throw CLIError("\(error)")
            }
        }
    }
}
