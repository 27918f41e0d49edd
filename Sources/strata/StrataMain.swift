import ArgumentParser

@main
struct StrataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Render and sample Strata scene files, and inspect a running render server.",
        subcommands: [RenderCommand.self, SampleCommand.self, PlayCommand.self, SnapshotCommand.self, TreeCommand.self, StatsCommand.self, InputCommand.self,
                      TilesCommand.self, ClockCommand.self])
}
