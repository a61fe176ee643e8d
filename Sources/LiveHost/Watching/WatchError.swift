import LuaRuntime

/// Why the project's files cannot be watched: the system refused inotify or a pipe.
public struct WatchError: UserFacingError {
    public let description: String

    init(_ description: String) { self.description = description }
}
