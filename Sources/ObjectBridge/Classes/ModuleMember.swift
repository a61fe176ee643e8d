import LuaRuntime

/// A member a module defined on a class or a struct type: what a reload that no longer defines
/// it removes.
struct ModuleMember: Hashable {
    enum Kind: Hashable { case method, property, classMethod, protocolDeclaration, actionMethod, structMethod }
    /// The class, or for a struct method the struct.
    let className: String
    let kind: Kind
    let name: String
}
