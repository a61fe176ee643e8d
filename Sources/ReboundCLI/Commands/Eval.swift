import ArgumentParser
import Console
import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge
import Rendering

/// `rebound eval`: runs a Lua file or a chunk of code and prints what it returns.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Lua code in Rebound's headless world and print its results.",
        discussion: """
            The code runs in a headless world, as a project's modules do: objc, class, struct, \
            simulate and the binding modules are there (--bare: plain Lua). \
            Prints each value the chunk returns on its own line, as Lua's tostring gives it. \
            With no FILE and no -e, and a terminal on standard input, it is an interactive \
            console: expressions and statements, multi-line chunks, values shown readably, \
            line editing and a history kept in ~/.local/state/rebound/history. \
            On an error, prints the message and the traceback to standard error and exits with \
            status 1. Ctrl-C stops the running code with a traceback (status 130); a second \
            Ctrl-C exits at once.
            """
    )

    @Argument(help: "A Lua file to run (- for standard input).", completion: .file(extensions: ["lua"]))
    var file: String?

    @Option(name: .customShort("e"), help: "Lua code to run instead of a file.")
    var code: String?

    @Flag(help: "Plain Lua: no headless world, so no objc, class, struct or simulate.")
    var bare = false

    @Option(help: "The device profile of the world (phone, large-phone, tablet, or WIDTHxHEIGHT@SCALE).")
    var device: String?

    @OptionGroup var limits: LuaLimits

    func validate() throws {
        if file != nil, code != nil { throw ValidationError("Give either a FILE or -e CODE, not both.") }
        if file == nil, code == nil, isatty(STDIN_FILENO) == 0 {
            throw ValidationError("Give a FILE, - for standard input, or -e CODE (the console needs a terminal).")
        }
        if bare, device != nil { throw ValidationError("--device has no world to set with --bare.") }
        if let device { _ = try DeviceProfile(parsing: device) }
    }

    func run() throws {
        var options = limits.options
        options.warningHandler = { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) }
        do {
            // The world (when there is one) owns the state; keep it for the run.
            let world =
                bare
                ? nil
                : try UIWorld(
                    profile: try DeviceProfile(parsing: device ?? DeviceProfile.phone.name),
                    options: options, services: ScreenRenderer.worldServices, diagnostics: Self.report)
            let lua = try world?.bridge.state ?? LuaState(options: options)
            defer { if world == nil { lua.close() } }
            if file == nil, code == nil {
                try console(lua, world: world)
                return
            }
            let interrupter = lua.interrupter
            let signals = Signals(interrupt: { _ in interrupter.interrupt() })
            defer { withExtendedLifetime(signals) {} }
            let chunk = try load(into: lua)
            for value in try chunk.call() {
                print(try lua.describe(value))
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode((error as? LuaError)?.kind == .interrupted ? 130 : 1)
        }
    }

    /// The interactive console: each chunk runs as a turn of the world's run loop (a layout
    /// pass after it); Ctrl-C stops a chunk that runs, or drops the line being typed.
    private func console(_ lua: LuaState, world: UIWorld?) throws {
        let evaluator = try world.map(ConsoleEvaluator.init(world:)) ?? ConsoleEvaluator(state: lua)
        let interrupter = lua.interrupter
        let signals = ConsoleSignals(interrupt: { interrupter.interrupt() })
        ReadEvalPrintLoop(editor: LineEditor()) { chunk in
            signals.running {
                let outcome = evaluator.evaluate(chunk)
                do {
                    try world?.layoutPass()
                } catch {
                    FileHandle.standardError.write(Data("error: in the layout pass after the chunk: \(error)\n".utf8))
                }
                return outcome
            }
        }.run()
    }

    /// What the world reports (a script error in a layout pass, a warning), on standard error.
    private static func report(_ diagnostic: BridgeDiagnostic) {
        let kind =
            switch diagnostic.severity {
            case .notice: "notice"
            case .warning: "warning"
            case .error: "error"
            }
        FileHandle.standardError.write(Data("\(kind): \(diagnostic)\n".utf8))
    }

    private func load(into lua: LuaState) throws(LuaError) -> LuaFunction {
        switch file {
        case "-": try lua.load(FileHandle.standardInput.readDataToEndOfFile(), chunkName: "=stdin")
        case let path?: try lua.load(contentsOfFile: path)
        case nil: try lua.load(code ?? "", chunkName: "=(command line)")
        }
    }
}
