import CLuaShim

/// The Lua tables of one class, as the C dispatch reads them: instance methods, properties
/// (`{getter, setter}` entries) and class methods, each inheriting from the superclass's.
///
/// Instances look members up through per-class caches, so every change goes through the
/// setters here, which empty the caches.
public struct LuaClassTables {
    let methods: LuaTable
    let properties: LuaTable
    let classMethods: LuaTable

    /// Three new tables in `state`.
    public init(in state: LuaState) throws(LuaError) {
        methods = try state.makeTable()
        properties = try state.makeTable()
        classMethods = try state.makeTable()
    }

    /// The method `name`, inherited ones included.
    public func method(_ name: String) throws(LuaError) -> LuaValue { try methods.get(name) }
    /// The property entry of `name`, inherited ones included.
    public func property(_ name: String) throws(LuaError) -> LuaValue { try properties.get(name) }
    /// The class method (or class property entry) `name`, inherited ones included.
    public func classMethod(_ name: String) throws(LuaError) -> LuaValue { try classMethods.get(name) }

    /// Defines (or with `.nil`, removes) this class's own method `name`.
    public func setMethod(_ name: LuaValue, _ value: LuaValue) throws(LuaError) {
        try methods.set(name, value)
        try methods.reference.core.flushDispatch()
    }

    public func setMethod(_ name: String, _ value: LuaValue) throws(LuaError) {
        try setMethod(.string(name), value)
    }

    /// Defines (or with `.nil`, removes) this class's own property entry `name`.
    public func setProperty(_ name: String, _ value: LuaValue) throws(LuaError) {
        try properties.set(name, value)
        try properties.reference.core.flushDispatch()
    }

    /// Defines (or with `.nil`, removes) this class's own class method `name`; class members
    /// are not cached.
    public func setClassMethod(_ name: String, _ value: LuaValue) throws(LuaError) {
        try classMethods.set(name, value)
    }
}

extension LuaClassTables {
    /// A class's own entries at one moment, for putting them back after a failed reload.
    public struct Checkpoint {
        let methods: [(key: LuaValue, value: LuaValue)]
        let properties: [(key: LuaValue, value: LuaValue)]
        let classMethods: [(key: LuaValue, value: LuaValue)]
    }

    /// The class's own methods, properties and class methods (not the inherited ones).
    public func checkpoint() throws(LuaError) -> Checkpoint {
        Checkpoint(
            methods: try methods.pairs(), properties: try properties.pairs(), classMethods: try classMethods.pairs())
    }

    /// Makes the class's own entries exactly those of `checkpoint`.
    public func restore(_ checkpoint: Checkpoint) throws(LuaError) {
        for (table, entries) in [
            (methods, checkpoint.methods), (properties, checkpoint.properties),
            (classMethods, checkpoint.classMethods),
        ] {
            try table.replaceContents(with: entries)
        }
        try methods.reference.core.flushDispatch()
    }
}

extension LuaTable {
    /// Removes every key, then sets `entries` (raw pairs; no metamethods are involved for
    /// tables without `__newindex`).
    public func replaceContents(with entries: [(key: LuaValue, value: LuaValue)]) throws(LuaError) {
        for (key, _) in try pairs() { try set(key, .nil) }
        for (key, value) in entries { try set(key, value) }
    }
}
