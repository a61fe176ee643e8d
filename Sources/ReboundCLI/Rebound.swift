import ArgumentParser
import Rendering

/// The version `rebound --version` prints.
let reboundVersion = "0.16.0"

/// The `rebound` command: runs Lua layout projects headlessly and live.
@main
struct Rebound: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebound",
        abstract: "A live-coding host for scripted UI layout.",
        version: "rebound \(reboundVersion) (Lua 5.4)",
        subcommands: [
            Run.self, New.self, Check.self, Export.self, PackageCommand.self, Eval.self, ConsoleCommand.self,
            DebugAdapter.self, Annotations.self, TestCommand.self, Render.self,
        ]
    )

    static func main() {
        main(nil)
    }
}
