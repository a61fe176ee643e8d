import ArgumentParser
import Console
import Foundation
import LiveHost

/// `rebound console`: a prompt in a running `rebound run`, through its console socket.
struct ConsoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Attach a Lua prompt to a running `rebound run`.",
        discussion: """
            Connects to the console socket that `rebound run` serves in the project's run folder \
            (.rebound/console.sock), which must be the user's own with mode 0600. Chunks run in \
            the running program, on the host's thread between events, with its globals, modules \
            and window (host.window, host.rootViewController). With -e CODE (or standard input \
            that is not a terminal), runs that one chunk and prints its values; otherwise it is \
            an interactive prompt. Exits with status 1 when a chunk fails.
            """
    )

    @Argument(help: "The project folder of the running host (default: the current folder).", completion: .directory)
    var project: String?

    @Option(help: "The socket to attach to, instead of the project's.", completion: .file())
    var socket: String?

    @Option(name: .customShort("e"), help: "Run this chunk, print its values, and exit.")
    var code: String?

    func run() throws {
        let path =
            socket
            ?? URL(fileURLWithPath: project ?? ".").appendingPathComponent(".rebound/\(ConsoleServer.socketName)").path
        let client: ConsoleClient
        do {
            client = try ConsoleClient(path: path)
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        if code == nil, isatty(STDIN_FILENO) != 0 {
            // The host's time budget stops a runaway chunk; Ctrl-C while one runs leaves.
            let signals = ConsoleSignals(interrupt: nil)
            ReadEvalPrintLoop(editor: LineEditor()) { chunk in
                signals.running { Self.evaluate(chunk, with: client) }
            }.run()
            return
        }
        let chunk = code ?? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        switch Self.evaluate(chunk, with: client) {
        case .values(let values): for value in values { print(value) }
        case .incomplete: throw CommandFailure.usage("the chunk is incomplete: it needs more lines")
        case .failed(let message, let traceback):
            FileHandle.standardError.write(
                Data(([message] + [traceback].compactMap { $0 }).joined(separator: "\n").utf8 + [10]))
            throw ExitCode(1)
        }
    }

    /// Sends a chunk; what it printed is shown first. A lost host is a failure, not a crash.
    private static func evaluate(_ chunk: String, with client: ConsoleClient) -> ConsoleEvaluator.Outcome {
        do {
            let reply = try client.evaluate(chunk)
            for line in reply.output { print(line) }
            return reply.outcome
        } catch {
            return .failed(message: "\(error)", traceback: nil)
        }
    }
}
