import ArgumentParser
import Foundation
import LuaRuntime

/// `rebound eval`: runs a Lua file or a chunk of code and prints what it returns.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Lua code in Rebound's runtime and print its results.",
        discussion: """
            Prints each value the chunk returns on its own line, as Lua's tostring gives it. \
            On an error, prints the message and the traceback to standard error and exits with \
            status 1. Ctrl-C stops the running code with a traceback (status 130); a second \
            Ctrl-C exits at once.
            """
    )

    @Argument(help: "A Lua file to run (- for standard input).", completion: .file(extensions: ["lua"]))
    var file: String?

    @Option(name: .customShort("e"), help: "Lua code to run instead of a file.")
    var code: String?

    @OptionGroup var limits: LuaLimits

    func validate() throws {
        if (file == nil) == (code == nil) {
            throw ValidationError("Give either a FILE or -e CODE.")
        }
    }

    func run() throws {
        var options = limits.options
        options.warningHandler = { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) }
        do {
            let lua = try LuaState(options: options)
            defer { lua.close() }
            let interrupter = lua.interrupter
            let signals = Signals(interrupt: { interrupter.interrupt() })
            defer { withExtendedLifetime(signals) {} }
            let chunk = try load(into: lua)
            for value in try chunk.call() {
                print(try lua.describe(value))
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(error.kind == .interrupted ? 130 : 1)
        }
    }

    private func load(into lua: LuaState) throws(LuaError) -> LuaFunction {
        switch file {
        case "-": try lua.load(FileHandle.standardInput.readDataToEndOfFile(), chunkName: "=stdin")
        case let path?: try lua.load(contentsOfFile: path)
        case nil: try lua.load(code ?? "", chunkName: "=(command line)")
        }
    }
}
