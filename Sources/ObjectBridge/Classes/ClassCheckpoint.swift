import LuaRuntime

/// A class as it was before a module ran, to put back if the run fails: a script class, or a
/// native class the module extended.
struct ClassCheckpoint {
    let cls: ClassObject
    let tables: LuaClassTables.Checkpoint
    let fields: [(key: LuaValue, value: LuaValue)]
    let declaredProtocols: Set<String>
    let actionMethods: Set<String>
    let scriptMethods: [String: LuaFunction]
    let scriptClassMethods: [String: LuaFunction]
    let scriptProperties: Set<String>

    init(_ cls: ClassObject) throws {
        self.cls = cls
        tables = try cls.tables.checkpoint()
        fields = try cls.fields.pairs()
        declaredProtocols = cls.declaredProtocols
        actionMethods = cls.actionMethods
        scriptMethods = cls.scriptMethods
        scriptClassMethods = cls.scriptClassMethods
        scriptProperties = cls.scriptProperties
    }

    func restore() throws {
        try cls.tables.restore(tables)
        try cls.fields.replaceContents(with: fields)
        cls.declaredProtocols = declaredProtocols
        cls.actionMethods = actionMethods
        cls.scriptMethods = scriptMethods
        cls.scriptClassMethods = scriptClassMethods
        cls.scriptProperties = scriptProperties
    }
}
