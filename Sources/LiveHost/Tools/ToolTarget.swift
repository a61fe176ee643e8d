import Foundation

/// What a tool over the engine works on: the live host (`rebound run`) or the spec runner
/// (`rebound test`). The debugger is such a tool. Everything is called on the thread that owns
/// the Lua state.
public protocol ToolTarget: AnyObject {
    /// The context tools work in (the first device's); nil while none runs.
    var toolContext: LiveContext? { get }
    /// Where tools' threads post their messages, and what a tool takes while it holds the program.
    var mailbox: HostMailbox { get }
    /// Where the target keeps what a run writes (the run folder), for a tool's own files.
    var runFolder: URL? { get }
    /// The program's files: how chunk names name them (`@` + `chunk`) and where a client finds them.
    func toolFiles() -> [(chunk: String, path: String)]
    /// Starts the program again (a debugger's `launch` request).
    func relaunch()
    /// Runs a console chunk while a tool holds the program (no layout pass: it is in one).
    func answerWhileHeld(_ request: ConsoleRequest)
    /// Evaluates a chunk while the program runs, as the console does.
    func evaluate(_ code: String, chunkName: String) -> ConsoleRequest.Reply
    /// Handles the mailbox's messages until `deadline`.
    func handleMessages(until deadline: ContinuousClock.Instant)
    /// Adds a tool, which hears the target's news from now on.
    func attach(_ tool: HostTool)
    /// Removes a tool attached with `attach`.
    func detach(_ tool: HostTool)
}
