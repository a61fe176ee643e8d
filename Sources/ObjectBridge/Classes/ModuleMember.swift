import LuaRuntime

/// A member a module defined on a class: what a reload that no longer defines it removes.
struct ModuleMember: Hashable {
    enum Kind: Hashable { case method, property, classMethod, protocolDeclaration, actionMethod }
    let className: String
    let kind: Kind
    let name: String
}
