import LuaRuntime

/// Which module defined which class members, and the modules whose top level is running.
struct ModuleLedger {
    /// The members each module defined in its last successful run.
    var defined: [String: Set<ModuleMember>] = [:]
    /// The module that last defined each member (another module may extend the same class).
    var owners: [ModuleMember: String] = [:]
    /// Modules being run, innermost last (a module's `require` runs another inside it), with
    /// the members each defined and the native classes it was first to change.
    var running: [(module: String, members: Set<ModuleMember>, firstChanges: [ClassCheckpoint])] = []
}
