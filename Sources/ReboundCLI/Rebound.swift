import ArgumentParser

/// The `rebound` command: runs Lua layout projects headlessly and live.
@main
struct Rebound: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebound",
        abstract: "A live-coding host for scripted UI layout.",
        subcommands: [Run.self, Check.self, Export.self, PackageCommand.self, Eval.self]
    )
}
