import ArgumentParser
import LuaRuntime
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

    /// Parses and runs the command; a `CommandFailure` or another `UserFacingError` that ends it
    /// is printed here, and nowhere else.
    static func main() {
        do {
            var command = try parseAsRoot(nil)
            do {
                try command.run()
            } catch let failure as CommandFailure {
                throw failure.report()
            } catch let error as any UserFacingError {
                throw CommandFailure.failed(error).report()
            }
        } catch {
            exit(withError: error)
        }
    }
}
