import ArgumentParser

/// The `rebound` command: runs Lua layout scripts headlessly.
@main
struct Rebound: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebound",
        abstract: "A live-coding host for scripted UI layout.",
        subcommands: [Eval.self]
    )
}
