/// A tool attached to a `ToolTarget` from above the engine (the debugger): it hears what the
/// target does, on the thread that owns the Lua state, and handles the messages its own threads
/// post (`HostMailbox.Message.tool`).
public protocol HostTool: AnyObject {
    /// A context started, or is about to run its start module: the one tools work in.
    func contextStarted(_ context: LiveContext)
    /// Saved sources were reloaded.
    func sourcesChanged()
    /// The target told something: an event of the host, or of the context tools work in.
    func told(_ event: HostEvent)
    /// A message a tool's thread posted; each tool takes only its own.
    func handle(_ message: any HostToolMessage)
    /// The target stops: the tool lets its clients go.
    func end()
}

/// A message a tool's thread posts for the tool (a debugger client's request), which the owning
/// thread hands to the attached tools.
public protocol HostToolMessage: Sendable {}
