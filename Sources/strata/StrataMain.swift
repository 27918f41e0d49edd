import ArgumentParser
import StrataProtocol

@main
struct StrataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Render and sample Strata scene files, and inspect a running render server.",
        version: StrataVersion.current,
        subcommands: [RenderCommand.self, SampleCommand.self, PlayCommand.self, SnapshotCommand.self, TreeCommand.self, StatsCommand.self, InputCommand.self,
                      TilesCommand.self, ClockCommand.self])
}
