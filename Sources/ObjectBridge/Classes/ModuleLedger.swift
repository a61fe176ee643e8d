import LuaRuntime

/// A member a module defined on a class: what a reload that no longer defines it removes.
struct ModuleMember: Hashable {
    enum Kind: Hashable { case method, property, classMethod, protocolDeclaration, actionMethod }
    let className: String
    let kind: Kind
    let name: String
}

/// Which module defined which class members, and the modules whose top level is running.
struct ModuleLedger {
    /// The members each module defined in its last successful run.
    var defined: [String: Set<ModuleMember>] = [:]
    /// The module that last defined each member (another module may extend the same class).
    var owners: [ModuleMember: String] = [:]
    /// Modules being run, innermost last (a module's `require` runs another inside it).
    var running: [(module: String, members: Set<ModuleMember>)] = []
}
