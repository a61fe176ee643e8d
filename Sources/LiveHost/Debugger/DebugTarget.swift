/// What a debug session debugs: the live host (`rebound run --debug`) or the spec runner
/// (`rebound test --debug`). Everything is called on the thread that owns the Lua state.
protocol DebugTarget: AnyObject {
    /// The context whose state the debugger attaches to; nil while none runs.
    var debugContext: LiveContext? { get }
    /// Where the server's messages arrive, and what the session takes while the program is held.
    var mailbox: HostMailbox { get }
    /// The program's files: how chunk names name them (`@` + `chunk`) and where the client
    /// finds them.
    func debugFiles() -> [(chunk: String, path: String)]
    /// Starts the program again under the debugger (a `launch` request).
    func relaunch()
    /// Runs a console chunk while the program is held (no layout pass: it is in one).
    func answerWhileHeld(_ request: ConsoleRequest)
    /// Evaluates a chunk while the program runs, as the console does.
    func evaluate(_ code: String, chunkName: String) -> ConsoleRequest.Reply
}
